import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkouts, orders } from '../../db/schema';
import { settlePayment } from './settle-payment';
import { releaseOrder } from './release-order';
import { reconcileRefunds, type RefundReconcileReport } from './refunds.service';

/** When the provider cannot be asked, an expired hold is released only after this much longer. */
const UNKNOWN_GRACE_MS = 24 * 60 * 60_000;

export type ReconcileReport = {
  confirmed: number;
  released: number;
  checkoutsExpired: number;
  refunds: RefundReconcileReport;
};

/**
 * Settles orders stuck in PAYMENT_PENDING: asks the gateway whether each was paid (confirming it),
 * failed or is still open; releases holds that expired. Also expires old checkouts and settles refunds.
 */
export async function reconcilePayments(ctx: AppContext, batch = 50): Promise<ReconcileReport> {
  const now = ctx.now();
  const report: ReconcileReport = {
    confirmed: 0,
    released: 0,
    checkoutsExpired: 0,
    refunds: { issued: 0, settled: 0 },
  };
  const pending = await ctx.db
    .select({
      id: orders.id,
      providerOrderId: orders.providerOrderId,
      expiresAt: orders.reservationExpiresAt,
    })
    .from(orders)
    .where(eq(orders.status, 'PAYMENT_PENDING'))
    .orderBy(asc(orders.createdAt))
    .limit(batch);
  for (const order of pending) {
    const expired = order.expiresAt !== null && order.expiresAt < now;
    const state = order.providerOrderId
      ? await ctx.payments.fetchOrderState(order.providerOrderId)
      : { state: 'none' as const };
    if (state.state === 'paid') {
      if ((await settlePayment(ctx, order.providerOrderId!, state.paymentId, 'reconciler')) === 'confirmed')
        report.confirmed += 1;
      continue;
    }
    const longExpired =
      order.expiresAt !== null && order.expiresAt.getTime() + UNKNOWN_GRACE_MS < now.getTime();
    const release =
      state.state === 'failed'
        ? 'FAILED'
        : expired && (state.state !== 'unknown' || longExpired)
          ? 'CANCELLED'
          : null;
    if (release && (await releaseOrder(ctx, { orderId: order.id }, release, 'reconciler')))
      report.released += 1;
  }
  const expiredCheckouts = await ctx.db
    .update(checkouts)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(eq(checkouts.status, 'PENDING'), lt(checkouts.expirationTime, now)))
    .returning({ id: checkouts.id });
  report.checkoutsExpired = expiredCheckouts.length;
  report.refunds = await reconcileRefunds(ctx);
  return report;
}
