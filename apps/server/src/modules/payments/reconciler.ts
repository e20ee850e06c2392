import type { AppContext } from '../../context';
import { expireStaleCheckouts } from '../checkout';
import { ordersAwaitingPayment, type PendingPayment } from '../orders';
import { settlePayment } from './settle-payment';
import { releaseOrder } from './release-order';
import { createSubscriptionsService } from '../subscriptions';
import { reconcileRefunds, type RefundReconcileReport } from './refunds.service';

/** When the provider cannot be asked, an expired hold is released only after this much longer. */
const UNKNOWN_GRACE_MS = 24 * 60 * 60_000;

export type ReconcileReport = {
  confirmed: number;
  released: number;
  checkoutsExpired: number;
  refunds: RefundReconcileReport;
  subscriptionsActivated: number;
};

/** One pending order: confirm it if paid, release it if failed or its hold is over, else leave it. */
async function reconcileOrder(ctx: AppContext, order: PendingPayment, report: ReconcileReport) {
  const now = ctx.now();
  const expired = order.expiresAt !== null && order.expiresAt < now;
  const state = order.providerOrderId
    ? await ctx.payments.fetchOrderState(order.providerOrderId)
    : { state: 'none' as const };
  if (state.state === 'paid') {
    const result = await settlePayment(
      ctx,
      order.providerOrderId!,
      state.paymentId,
      'reconciler',
      state.amountPaise,
    );
    if (result === 'confirmed') report.confirmed += 1;
    return;
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

/**
 * Settles orders stuck in PAYMENT_PENDING: asks the gateway whether each was paid (confirming it),
 * failed or is still open; releases holds that expired. Works through every pending order, oldest
 * first, in batches (keyset by creation time and id), so abandoned checkouts ahead of a paid order
 * never push it to a later run. Also expires old checkouts and settles refunds. One call is one run.
 */
export async function reconcilePayments(ctx: AppContext, batch = 50): Promise<ReconcileReport> {
  const now = ctx.now();
  const report: ReconcileReport = {
    confirmed: 0,
    released: 0,
    checkoutsExpired: 0,
    refunds: { issued: 0, settled: 0 },
    subscriptionsActivated: 0,
  };
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await ordersAwaitingPayment(ctx.db, after, batch);
    for (const order of page) await reconcileOrder(ctx, order, report);
    if (page.length < batch) break;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  report.checkoutsExpired = await expireStaleCheckouts(ctx.db, now);
  report.refunds = await reconcileRefunds(ctx);
  report.subscriptionsActivated = await createSubscriptionsService(ctx).reconcilePending();
  return report;
}
