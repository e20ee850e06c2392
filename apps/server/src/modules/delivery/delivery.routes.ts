import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryEstimateQuery, deliveryEstimateSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { requestLimit } from '../../plugins/rate-limits';
import { createDeliveryEstimates } from './delivery-estimate';

/** 'Delivery by <date>' for a PIN code before buying (issue 22 item 6). Public. */
export const deliveryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const estimates = createDeliveryEstimates(ctx);
    app.get(
      '/delivery-estimate',
      {
        config: {
          access: 'public',
          // Each new PIN code may cost a call to the courier: a client network gets a shopper's share.
          rateLimit: requestLimit({
            max: 60,
            windowMs: 60_000,
            message: 'Too many delivery checks from your network. Please try again in a minute.',
          }),
        },
        schema: {
          tags: ['delivery'],
          description:
            'Whether the courier delivers to the PIN code from the shop (`vendorSlug`; else the platform’s PIN code), and the date it would arrive if ordered today: DISPATCH_DAYS working days to dispatch plus the courier’s estimate.',
          querystring: deliveryEstimateQuery,
          response: { 200: deliveryEstimateSchema },
        },
      },
      async (req) => estimates.estimate(req.query.pin, req.query.vendorSlug),
    );
  };
