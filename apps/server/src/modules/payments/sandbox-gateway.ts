import { randomBytes } from 'node:crypto';
import { eq, and, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxOrders, sandboxPaymentLinks, sandboxRefunds } from '../../db/schema';
import { AppError, notFound, conflict } from '../../lib/errors';
import type { PaymentMethod } from '@zevar/domain';
import {
  hmacHex,
  paymentSignature,
  signatureChecks,
  type PaymentGateway,
  type ProviderPaymentLink,
} from './gateway';
import { builtOnce, type Placeholders } from '../../db/built-once';

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

type Keys = { keyId: string; keySecret: string; webhookSecret: string };
type LinkRow = typeof sandboxPaymentLinks.$inferSelect;

/** Where the sandbox's hosted link pages are served (the app's own `/sandbox/link/:id`). */
export const sandboxLinkPath = (id: string) => `/sandbox/link/${id}`;

/** Razorpay's link entity states; an open link past its expire_by is expired, as Razorpay reports it. */
function linkOf(row: LinkRow, baseUrl: string, now: Date): ProviderPaymentLink {
  const status = row.status === 'created' && row.expireBy <= now ? 'expired' : row.status;
  return {
    id: row.id,
    shortUrl: `${baseUrl}${sandboxLinkPath(row.id)}`,
    amountPaise: row.amountPaise,
    status,
    payment:
      row.status === 'paid' && row.paymentId ? { id: row.paymentId, amountPaise: row.amountPaise } : null,
  };
}

// The two statements of every sandbox payment, built once (decision 0102).
const insertOrder = builtOnce((db, p: Placeholders<'id' | 'amountPaise' | 'receipt'>) =>
  db.insert(sandboxOrders).values({ id: p.id, amountPaise: p.amountPaise, receipt: p.receipt }),
);
const payOrder = builtOnce((db, p: Placeholders<'orderId' | 'paymentId' | 'method'>) =>
  db
    .update(sandboxOrders)
    .set({ status: 'paid', paymentId: p.paymentId, method: p.method })
    .where(and(eq(sandboxOrders.id, p.orderId), eq(sandboxOrders.status, 'created')))
    .returning(),
);

/** The offline gateway: keeps its orders in sandbox_orders, signs payments exactly as Razorpay does. */
export function createSandboxGateway(
  db: Db,
  keys: Keys,
  opts: { baseUrl: string; now: () => Date } = { baseUrl: '', now: () => new Date() },
) {
  const linkRow = async (id: string) =>
    (await db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, id)))[0];

  const gateway: PaymentGateway = {
    mode: 'sandbox',
    keyId: keys.keyId,
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    async createOrder({ amountPaise, receipt }) {
      const id = randomId('order');
      await insertOrder(db, { id, amountPaise, receipt });
      return { id, amountPaise, currency: 'INR' };
    },
    async fetchOrderState(providerOrderId) {
      if (providerOrderId.startsWith('plink_')) {
        const link = await linkRow(providerOrderId);
        if (!link) return { state: 'unknown' };
        const state = linkOf(link, opts.baseUrl, opts.now());
        if (state.payment)
          return { state: 'paid', paymentId: state.payment.id, amountPaise: state.payment.amountPaise };
        return state.status === 'created' ? { state: 'pending' } : { state: 'failed' };
      }
      const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, providerOrderId));
      if (!row) return { state: 'unknown' };
      if (row.status === 'paid' && row.paymentId)
        return { state: 'paid', paymentId: row.paymentId, amountPaise: row.amountPaise };
      return row.status === 'failed' ? { state: 'failed' } : { state: 'pending' };
    },
    /**
     * Refunds a paid sandbox order's payment in full or part; more than was paid is refused. Like
     * Razorpay's X-Refund-Idempotency, a key seen before answers the refund it made.
     */
    async refund({ paymentId, amountPaise, idempotencyKey }) {
      if (idempotencyKey) {
        const [seen] = await db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (seen) return { id: seen.id, state: seen.status };
      }
      const [paid] = [
        ...(await db.select().from(sandboxOrders).where(eq(sandboxOrders.paymentId, paymentId))),
        ...(await db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.paymentId, paymentId))),
      ];
      const earlier = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
      const refunded = earlier.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountPaise, 0);
      if (!paid || paid.status !== 'paid' || refunded + amountPaise > paid.amountPaise) {
        throw new AppError('PAYMENT_ERROR', 'The payment provider did not accept the refund');
      }
      const id = randomId('rfnd');
      await db
        .insert(sandboxRefunds)
        .values({ id, paymentId, amountPaise, status: 'processed', idempotencyKey: idempotencyKey ?? null });
      return { id, state: 'processed' as const };
    },
    async fetchRefundState(_paymentId, refundId) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, refundId));
      return row?.status ?? 'unknown';
    },
    async createPaymentLink(input) {
      if (input.expireBy.getTime() < opts.now().getTime() + 15 * 60_000)
        throw new AppError('PAYMENT_ERROR', 'expire_by should be at least 15 minutes after current time');
      const id = randomId('plink');
      const [row] = await db
        .insert(sandboxPaymentLinks)
        .values({
          id,
          amountPaise: input.amountPaise,
          referenceId: input.referenceId,
          description: input.description,
          customerName: input.customer.name,
          customerContact: input.customer.contact,
          customerEmail: input.customer.email ?? null,
          callbackUrl: input.callbackUrl,
          expireBy: input.expireBy,
        })
        .returning();
      return linkOf(row!, opts.baseUrl, opts.now());
    },
    async fetchPaymentLink(linkId) {
      const row = await linkRow(linkId);
      return row ? linkOf(row, opts.baseUrl, opts.now()) : null;
    },
    async cancelPaymentLink(linkId) {
      const [row] = await db
        .update(sandboxPaymentLinks)
        .set({ status: 'cancelled' })
        .where(and(eq(sandboxPaymentLinks.id, linkId), eq(sandboxPaymentLinks.status, 'created')))
        .returning();
      if (!row) throw new AppError('PAYMENT_ERROR', 'The payment link cannot be cancelled');
      return linkOf(row, opts.baseUrl, opts.now());
    },
  };

  /**
   * The buyer pays a link on the sandbox's hosted page: refused once paid, cancelled or past its
   * expiry (as Razorpay's page is). Answers the signed `payment_link.paid` event Razorpay would send.
   */
  async function payLink(
    linkId: string,
  ): Promise<{ body: Buffer; signature: string; eventId: string; callbackUrl: string | null }> {
    const paymentId = randomId('pay');
    const now = opts.now();
    const [row] = await db
      .update(sandboxPaymentLinks)
      .set({ status: 'paid', paymentId })
      .where(
        and(
          eq(sandboxPaymentLinks.id, linkId),
          eq(sandboxPaymentLinks.status, 'created'),
          gt(sandboxPaymentLinks.expireBy, now),
        ),
      )
      .returning();
    if (!row) {
      const existing = await linkRow(linkId);
      if (!existing) throw notFound('Payment link');
      throw conflict(`This payment link is ${linkOf(existing, opts.baseUrl, now).status}`);
    }
    return { ...linkPaidEvent(row, paymentId, now), callbackUrl: row.callbackUrl };
  }

  /** The event in Razorpay's documented `payment_link.paid` shape, signed with the webhook secret. */
  function linkPaidEvent(row: LinkRow, paymentId: string, now: Date) {
    const at = Math.floor(now.getTime() / 1000);
    const orderId = randomId('order');
    const event = {
      entity: 'event',
      account_id: 'acc_sandbox',
      event: 'payment_link.paid',
      contains: ['payment_link', 'order', 'payment'],
      created_at: at,
      payload: {
        payment_link: {
          entity: {
            id: row.id,
            amount: row.amountPaise,
            amount_paid: row.amountPaise,
            currency: 'INR',
            reference_id: row.referenceId,
            status: 'paid',
            short_url: `${opts.baseUrl}${sandboxLinkPath(row.id)}`,
            expire_by: Math.floor(row.expireBy.getTime() / 1000),
            customer: {
              name: row.customerName,
              contact: row.customerContact,
              email: row.customerEmail ?? '',
            },
          },
        },
        order: {
          entity: { id: orderId, amount: row.amountPaise, amount_paid: row.amountPaise, status: 'paid' },
        },
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount: row.amountPaise,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
            method: 'upi',
            captured: true,
            created_at: at,
          },
        },
      },
    };
    const body = Buffer.from(JSON.stringify(event));
    return { body, signature: hmacHex(keys.webhookSecret, body), eventId: `evt_${paymentId}` };
  }

  /** What the hosted page shows. */
  async function linkPage(linkId: string) {
    const row = await linkRow(linkId);
    if (!row) throw notFound('Payment link');
    return { row, state: linkOf(row, opts.baseUrl, opts.now()) };
  }

  /** 'Pay now' in the sandbox window (with the method chosen there): marks the order paid and answers what Razorpay's handler receives. */
  async function pay(orderId: string, method: PaymentMethod = 'card') {
    const paymentId = randomId('pay');
    const [row] = await payOrder(db, { orderId, paymentId, method });
    if (!row) {
      const [existing] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
      if (!existing) throw notFound('Payment order');
      throw conflict('This payment order is already settled');
    }
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(keys.keySecret, orderId, paymentId),
    };
  }

  /** 'Fail payment' in the sandbox window. */
  async function fail(orderId: string) {
    const [row] = await db
      .update(sandboxOrders)
      .set({ status: 'failed' })
      .where(and(eq(sandboxOrders.id, orderId), eq(sandboxOrders.status, 'created')))
      .returning();
    if (!row) throw notFound('Payment order');
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'sandbox',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: orderId, payment_id: randomId('pay') },
      },
    };
  }

  return { gateway, pay, fail, payLink, linkPage, linkPaidEvent };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
