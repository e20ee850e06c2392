import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { checkouts, orderItems, orderStatusHistory, orders, payments } from '../../db/schema';
import { queueOrderConfirmation } from './confirmation-email';
import { reReserveOrder, recordSale } from '../stock/stock.service';
import { recordOrderEarnings } from '../earnings/earnings-ledger';
import { countCouponUses } from '../coupons/coupons.service';

type Order = typeof orders.$inferSelect;

/** Payment states of a cancelled order that never had money: a capture arriving now is a late payment. */
const NEVER_PAID = ['PENDING', 'FAILED', 'CANCELLED'] as const;
export type SettleResult = 'confirmed' | 'already-settled' | 'refund-required' | 'not-found';

/** Every effect of a paid order; runs in the same transaction as the one UPDATE that gated it. */
async function applyPaidEffects(
  tx: Tx,
  order: Order,
  actor: string,
  fromStatus: string,
  fromPayment: string,
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await countCouponUses(tx, order.appliedCoupons.map((c) => c.code));
  await recordSale(tx, order.id);
  await recordOrderEarnings(tx, order);
  await tx.insert(orderStatusHistory).values([
    { orderId: order.id, field: 'status', fromValue: fromStatus, toValue: 'CONFIRMED', actor },
    { orderId: order.id, field: 'paymentStatus', fromValue: fromPayment, toValue: 'CAPTURED', actor },
  ]);
  if (order.checkoutId) {
    await tx.update(checkouts).set({ status: 'COMPLETED' }).where(eq(checkouts.id, order.checkoutId));
  }
  if (order.providerOrderId) {
    await tx
      .update(payments)
      .set({ status: 'CAPTURED', providerPaymentId: order.paymentId, verifiedAt: order.paymentDate })
      .where(eq(payments.providerOrderId, order.providerOrderId));
  }
  await queueOrderConfirmation(tx, order, items);
}

/**
 * A payment for an order that was already cancelled and whose stock went back: take the stock again
 * if it is still there and confirm; otherwise keep it cancelled, mark the payment captured, and log
 * it for a refund (docs/decisions/0010-late-payments-and-checkout-money.md).
 */
async function settleLatePayment(ctx: AppContext, tx: Tx, order: Order, paymentId: string, actor: string) {
  const now = ctx.now();
  const [gated] = await tx
    .update(orders)
    .set({ paymentStatus: 'CAPTURED', paymentId, paymentDate: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'CANCELLED'), inArray(orders.paymentStatus, NEVER_PAID)))
    .returning();
  if (!gated) return 'already-settled' as const;
  if (order.stockReleased && (await reReserveOrder(tx, order.id))) {
    const [confirmed] = await tx
      .update(orders)
      .set({ status: 'CONFIRMED', stockReleased: false })
      .where(eq(orders.id, order.id))
      .returning();
    await applyPaidEffects(tx, confirmed!, `${actor}:late`, 'CANCELLED', order.paymentStatus);
    return 'confirmed' as const;
  }
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    field: 'paymentStatus',
    fromValue: order.paymentStatus,
    toValue: 'CAPTURED',
    actor: `${actor}:refund-required`,
  });
  ctx.log.warn(
    { orderId: order.id, orderNumber: order.orderNumber, paymentId },
    'payment captured for a cancelled order without stock: refund required',
  );
  return 'refund-required' as const;
}

/**
 * Records a verified payment for the provider order, exactly once whoever calls (browser, webhook,
 * reconciler) and however often: UPDATE ... WHERE status = 'PAYMENT_PENDING' RETURNING is the single gate.
 */
export async function settlePayment(
  ctx: AppContext,
  providerOrderId: string,
  paymentId: string,
  actor: string,
): Promise<SettleResult> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [order] = await tx
      .update(orders)
      .set({ status: 'CONFIRMED', paymentStatus: 'CAPTURED', paymentId, paymentDate: now, updatedAt: now })
      .where(and(eq(orders.providerOrderId, providerOrderId), eq(orders.status, 'PAYMENT_PENDING')))
      .returning();
    if (order) {
      await applyPaidEffects(tx, order, actor, 'PAYMENT_PENDING', 'PENDING');
      return 'confirmed';
    }
    const [current] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!current) return 'not-found';
    if (current.status === 'CANCELLED' && (NEVER_PAID as readonly string[]).includes(current.paymentStatus)) {
      return settleLatePayment(ctx, tx, current, paymentId, actor);
    }
    return 'already-settled';
  });
}
