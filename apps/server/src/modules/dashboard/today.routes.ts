import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminTodaySchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createTodayService } from './today.service';

/** The admin home's tiles: any admin, each group only for the roles that may see it. */
export const todayRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createTodayService(ctx);
    app.get(
      '/admin/today',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['dashboard'],
          security: [{ bearer: [] }],
          description:
            'What needs doing today, in the business timezone: sales, fulfilment queues, stock, rate freshness, returns, refunds, payouts due, failing mail and failed jobs; each group only for the roles that may see it (TODAY_GROUP_PERMISSIONS).',
          response: { 200: adminTodaySchema },
        },
      },
      async (req) => service.today(currentUser(req).roles),
    );
  };
