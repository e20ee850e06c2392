import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminVendorAnalyticsParams, analyticsQuerySchema, resellerAnalyticsSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, mayReadVendor } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import { createAnalyticsService } from './analytics.service';

/** Reseller analytics (issue 26 item 4, docs/decisions/0061). */
export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const analyticsOf = createAnalyticsService(ctx);
    app.get(
      '/analytics/vendor/:vendorId',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['analytics'],
          security: [{ bearer: [] }],
          description:
            "A reseller's views (shop, products, quotes), quotes sent and bought, orders, conversion and commission over a period of business days (from/to, default the last 30 days, at most 366), by day, week or month: the reseller itself or an admin who reads vendors.",
          params: adminVendorAnalyticsParams,
          querystring: analyticsQuerySchema,
          response: { 200: resellerAnalyticsSchema },
        },
      },
      async (req, reply) => {
        if (!mayReadVendor(currentUser(req), req.params.vendorId)) throw forbidden();
        reply.header('cache-control', 'no-store');
        return analyticsOf(req.params.vendorId, req.query);
      },
    );
  };
