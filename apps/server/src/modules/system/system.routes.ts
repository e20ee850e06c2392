import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';

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

    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['system'],
          response: {
            200: z.object({
              defaultVendorSlug: z.string(),
              payments: z.enum(['sandbox', 'razorpay']),
              razorpayKeyId: z.string(),
            }),
          },
        },
      },
      async () => ({
        defaultVendorSlug: ctx.config.DEFAULT_VENDOR_SLUG,
        payments: ctx.config.PAYMENTS,
        razorpayKeyId: ctx.config.paymentKeyId,
      }),
    );
  };
