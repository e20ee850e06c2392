import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_METHODS, safeString } from '@zevar/domain';
import type { SandboxGateway } from './sandbox-gateway';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout-script';
import { isLoopbackHost } from '../../env';
import { AppError } from '../../lib/errors';

const orderBody = z.object({ orderId: safeString().trim().min(1).max(100) });
/** 'Pay now' names the method chosen in the window, as Razorpay's payment entity reports it. */
const payBody = orderBody.extend({ method: z.enum(PAYMENT_METHODS).default('card') });

/**
 * Offline stand-in for Razorpay's browser side; registered only when PAYMENTS=sandbox. With the
 * implicit sandbox (PAYMENTS unset) it answers only clients on this computer: a demo reached from
 * elsewhere (a proxy, a tunnel) cannot have its orders "paid" by a stranger.
 */
export const sandboxRoutes =
  (sandbox: SandboxGateway, opts: { loopbackOnly: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['sandbox'];
    if (opts.loopbackOnly) {
      app.addHook('onRequest', async (req) => {
        if (!isLoopbackHost(req.ip))
          throw new AppError(
            'FORBIDDEN',
            'The demo payment sandbox answers only this computer. Set PAYMENTS=sandbox to open it to others.',
          );
      });
    }
    app.get('/checkout.js', { schema: { tags, hide: true } }, async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SANDBOX_CHECKOUT_JS),
    );

    app.post(
      '/pay',
      {
        schema: {
          tags,
          body: payBody,
          response: {
            200: z.object({
              razorpay_payment_id: safeString(),
              razorpay_order_id: safeString(),
              razorpay_signature: safeString(),
            }),
          },
        },
      },
      async (req) => sandbox.pay(req.body.orderId, req.body.method),
    );

    app.post(
      '/fail',
      {
        schema: {
          tags,
          body: orderBody,
          response: { 200: z.object({ error: z.record(safeString(), z.unknown()) }) },
        },
      },
      async (req) => sandbox.fail(req.body.orderId),
    );
  };
