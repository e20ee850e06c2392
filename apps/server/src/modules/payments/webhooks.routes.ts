import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { paymentEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { settlePayment } from './settle-payment';
import { settlePaymentLink } from './payment-links.service';
import { releaseOrder } from './release-order';
import { settleRefund } from './refunds.service';
import { createSubscriptionsService, type SubscriptionsService } from '../subscriptions';

const entity = z
  .object({
    id: safeString(),
    order_id: safeString().nullish(),
    status: safeString().optional(),
    amount: z.number().int().nonnegative().optional(),
  })
  .loose();
const eventSchema = z
  .object({
    event: safeString(),
    payload: z
      .object({
        payment: z.object({ entity }).optional(),
        order: z.object({ entity: z.object({ id: safeString() }).loose() }).optional(),
        refund: z.object({ entity: z.object({ id: safeString() }).loose() }).optional(),
        payment_link: z.object({ entity: z.object({ id: safeString() }).loose() }).optional(),
      })
      .loose()
      .default({}),
  })
  .loose();
type Event = z.infer<typeof eventSchema>;

const headers = z.object({
  'x-razorpay-signature': safeString().trim().min(1).max(200),
  'x-razorpay-event-id': safeString().trim().min(1).max(200).optional(),
});

async function handle(ctx: AppContext, subscriptions: SubscriptionsService, event: Event): Promise<string> {
  const refund = event.payload.refund?.entity;
  if ((event.event === 'refund.processed' || event.event === 'refund.failed') && refund) {
    const outcome = event.event === 'refund.processed' ? 'PROCESSED' : 'FAILED';
    return settleRefund(ctx, { providerRefundId: refund.id }, outcome, `webhook:${event.event}`);
  }
  const payment = event.payload.payment?.entity;
  const link = event.payload.payment_link?.entity;
  // A paid link becomes its quote's order (docs/decisions/0060); its payment.captured / order.paid
  // events name the provider's own order for the link, which is no shop order, and are ignored below.
  if (event.event === 'payment_link.paid' && link && payment) {
    return settlePaymentLink(ctx, link.id, payment.id, `webhook:${event.event}`, payment.amount);
  }
  const orderId = event.payload.order?.entity.id ?? payment?.order_id ?? null;
  if (!orderId) return 'ignored';
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment) {
    // Plan upgrades are paid through the same provider; their orders are not shop orders.
    if (await subscriptions.settleByProviderOrder(orderId, payment.id)) return 'subscription-activated';
    return settlePayment(ctx, orderId, payment.id, `webhook:${event.event}`, payment.amount);
  }
  if (event.event === 'payment.failed') {
    return (await releaseOrder(ctx, { providerOrderId: orderId }, 'FAILED', 'webhook:payment.failed'))
      ? 'released'
      : 'ignored';
  }
  return 'ignored';
}

/**
 * One webhook delivery: signature over the raw body, deduplicated by event id, effects exactly once.
 * The sandbox delivers its own events (a paid link) through this too, signed as Razorpay signs them.
 */
export function createWebhookReceiver(ctx: AppContext) {
  const subscriptions = createSubscriptionsService(ctx);
  return async function receive(raw: Buffer, signature: string, givenEventId?: string) {
    if (!ctx.payments.verifyWebhookSignature(raw, signature)) {
      throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
    }
    let parsed: Event;
    try {
      parsed = eventSchema.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new AppError('BAD_REQUEST', 'Malformed webhook payload');
    }
    const eventId = givenEventId ?? createHash('sha256').update(raw).digest('hex');
    await ctx.db
      .insert(paymentEvents)
      .values({ eventId, eventType: parsed.event, payload: parsed })
      .onConflictDoNothing({ target: paymentEvents.eventId });
    const [stored] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    if (stored?.processedAt) return { status: 'duplicate' };
    const status = await handle(ctx, subscriptions, parsed);
    await ctx.db
      .update(paymentEvents)
      .set({ processedAt: ctx.now() })
      .where(eq(paymentEvents.eventId, eventId));
    return { status };
  };
}

/**
 * Razorpay webhooks: signature over the raw body, deduplicated by event id, effects exactly once.
 * The raw-body parser is registered in this plugin's own scope only.
 */
export const webhooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const receive = createWebhookReceiver(ctx);
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/webhooks/razorpay',
      {
        config: { access: 'public' },
        schema: { tags: ['payments'], headers, response: { 200: z.object({ status: safeString() }) } },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return receive(raw, req.headers['x-razorpay-signature'], req.headers['x-razorpay-event-id']);
      },
    );
  };
