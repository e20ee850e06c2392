import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { pendingMigrations } from '../../db/migrate';
import { redisState } from '../../lib/redis';

const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
  jobs: z.enum(['off', 'starting', 'running']),
  /** The shared Redis (REDIS_URL): while it is down limits are counted per process, so still ready. */
  redis: z.enum(['off', 'up', 'down']),
  process: z.enum(['starting', 'ready', 'stopping']),
});

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
        },
      },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: ctx.dbKind };
      },
    );

    // Readiness for a load balancer: 503 until start-up work is done, and again once the process
    // starts shutting down, so traffic moves to the other processes first.
    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['system'], response: { 200: readySchema, 503: readySchema } },
      },
      async (_req, reply) => {
        const pending = await pendingMigrations(ctx.db).catch(() => null);
        const answer = {
          database: pending === null ? ('down' as const) : ('up' as const),
          migrations: pending === 0 ? ('done' as const) : ('pending' as const),
          jobs: ctx.lifecycle.jobs,
          redis: redisState(ctx.redis),
          process: ctx.lifecycle.state,
        };
        const ready =
          answer.database === 'up' &&
          answer.migrations === 'done' &&
          answer.process === 'ready' &&
          answer.jobs !== 'starting';
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', ...answer });
      },
    );

    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          response: {
            200: z.object({
              defaultVendorSlug: safeString(),
              payments: z.enum(['sandbox', 'razorpay']),
              razorpayKeyId: safeString(),
              businessTimezone: safeString(),
              /** Orders above this total need the buyer's PAN at checkout. */
              panThresholdRupees: z.number(),
              /** Most pieces of one product in one order (MAX_LINE_QUANTITY). */
              maxLineQuantity: z.number().int(),
              /** Most pieces in one order (MAX_ORDER_QUANTITY). */
              maxOrderQuantity: z.number().int(),
            }),
          },
        },
      },
      async () => ({
        defaultVendorSlug: ctx.config.DEFAULT_VENDOR_SLUG,
        payments: ctx.config.PAYMENTS,
        razorpayKeyId: ctx.config.paymentKeyId,
        businessTimezone: ctx.config.BUSINESS_TIMEZONE,
        panThresholdRupees: ctx.config.PAN_THRESHOLD_RUPEES,
        maxLineQuantity: ctx.config.MAX_LINE_QUANTITY,
        maxOrderQuantity: ctx.config.MAX_ORDER_QUANTITY,
      }),
    );
  };
