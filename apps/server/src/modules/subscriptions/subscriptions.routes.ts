import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import { PLANS, dbIdSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import { createSubscriptionsService } from './subscriptions.service';

const id = dbIdSchema;
const providerId = safeString().trim().min(1).max(100);

export const subscriptionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSubscriptionsService(ctx);
    const tags = ['subscriptions'];
    const security = [{ bearer: [] }];

    app.post(
      '/subscriptions/subscribe',
      {
        config: { access: 'vendor' },
        schema: {
          tags,
          security,
          description:
            'Starts a plan subscription for the signed-in vendor; the amount comes from the plan option.',
          querystring: z.object({ vendorId: id, vendorPlanId: id, subscriptionOptionId: id }),
          response: {
            200: z.object({
              amount: z.number(),
              razorpayOrderId: safeString(),
              subscriptionOrderId: z.number().int(),
            }),
          },
        },
      },
      async (req) => {
        const me = currentUser(req);
        if (req.query.vendorId !== me.id) throw forbidden();
        return service.subscribe(me.id, req.query.vendorPlanId, req.query.subscriptionOptionId);
      },
    );

    app.post(
      '/subscriptions/verify-subscription-payment',
      {
        config: { access: 'vendor' },
        schema: {
          tags,
          security,
          querystring: z.object({
            subscriptionOrderId: id,
            razorpayPaymentId: providerId,
            razorpaySignature: providerId,
          }),
          response: { 200: z.object({ status: z.literal('ACTIVE'), plan: z.enum(PLANS) }) },
        },
      },
      async (req) =>
        service.verify(
          currentUser(req).id,
          req.query.subscriptionOrderId,
          req.query.razorpayPaymentId,
          req.query.razorpaySignature,
        ),
    );
  };
