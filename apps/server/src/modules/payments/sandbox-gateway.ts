import { randomBytes } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxOrders, sandboxRefunds } from '../../db/schema';
import { AppError, notFound, conflict } from '../../lib/errors';
import { paymentSignature, signatureChecks, type PaymentGateway } from './gateway';
import type { PaymentMethod } from '@zevar/domain';

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

type Keys = { keyId: string; keySecret: string; webhookSecret: string };

/** The offline gateway: keeps its orders in sandbox_orders, signs payments exactly as Razorpay does. */
export function createSandboxGateway(db: Db, keys: Keys) {
  const gateway: PaymentGateway = {
    mode: 'sandbox',
    keyId: keys.keyId,
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    async createOrder({ amountPaise, receipt }) {
      const id = randomId('order');
      await db.insert(sandboxOrders).values({ id, amountPaise, receipt });
      return { id, amountPaise, currency: 'INR' };
    },
    async fetchOrderState(providerOrderId) {
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
      const [paid] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.paymentId, paymentId));
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
  };

  /** 'Pay now' in the sandbox window (with the method chosen there): marks the order paid and answers what Razorpay's handler receives. */
  async function pay(orderId: string, method: PaymentMethod = 'card') {
    const paymentId = randomId('pay');
    const [row] = await db
      .update(sandboxOrders)
      .set({ status: 'paid', paymentId, method })
      .where(and(eq(sandboxOrders.id, orderId), eq(sandboxOrders.status, 'created')))
      .returning();
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

  return { gateway, pay, fail };
}
export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
