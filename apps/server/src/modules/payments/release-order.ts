import { and, eq, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderStatusHistory, orders, payments } from '../../db/schema';
import { returnOrderStock } from '../stock';

export type ReleaseReason = 'CANCELLED' | 'FAILED';

/**
 * Cancels an order still waiting for payment and releases its stock, exactly once: the conditional
 * UPDATE ... WHERE status = 'PAYMENT_PENDING' is the gate (a confirmation racing it loses or wins whole).
 * Runs inside the caller's transaction; `releaseOrder` is the same in a transaction of its own.
 */
export async function releaseOrderIn(
  tx: Tx,
  now: Date,
  where: { orderId: string } | { providerOrderId: string },
  reason: ReleaseReason,
  actor: string,
  opts: { onlyIfExpired?: boolean } = {},
): Promise<boolean> {
  const conditions: SQL[] = [
    'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.providerOrderId, where.providerOrderId),
    eq(orders.status, 'PAYMENT_PENDING'),
    // A payment flagged for review keeps its reservation until an operator decides.
    eq(orders.paymentStatus, 'PENDING'),
  ];
  if (opts.onlyIfExpired) conditions.push(lt(orders.reservationExpiresAt, now));
  const [order] = await tx
    .update(orders)
    // An unpaid order gets no invoice, so it keeps no PAN either.
    .set({ status: 'CANCELLED', paymentStatus: reason, stockReleased: true, buyerPan: null, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: orders.id, providerOrderId: orders.providerOrderId });
  if (!order) return false;
  await returnOrderStock(tx, order.id);
  await tx.insert(orderStatusHistory).values([
    { orderId: order.id, field: 'status', fromValue: 'PAYMENT_PENDING', toValue: 'CANCELLED', actor },
    { orderId: order.id, field: 'paymentStatus', fromValue: 'PENDING', toValue: reason, actor },
  ]);
  if (order.providerOrderId) {
    await tx
      .update(payments)
      .set({ status: 'FAILED' })
      .where(and(eq(payments.providerOrderId, order.providerOrderId), eq(payments.status, 'CREATED')));
  }
  return true;
}

export async function releaseOrder(
  ctx: Pick<AppContext, 'db' | 'now'>,
  where: { orderId: string } | { providerOrderId: string },
  reason: ReleaseReason,
  actor: string,
  opts: { onlyIfExpired?: boolean } = {},
): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction((tx) => releaseOrderIn(tx, now, where, reason, actor, opts));
}
