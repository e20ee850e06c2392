import type { AppContext } from '../../context';
import { expireStaleCheckouts } from '../checkout';
import { ordersAwaitingPayment, recentlyCancelledUnpaid, type PendingPayment } from '../orders';
import { settlePayment } from './settle-payment';
import { releaseOrder } from './release-order';
import { createSubscriptionsService } from '../subscriptions';
import { reconcileRefunds, type RefundReconcileReport } from './refunds.service';

/** When the provider cannot be asked, an expired hold is released only after this much longer. */
const UNKNOWN_GRACE_MS = 24 * 60 * 60_000;
/** How long after a cancellation the gateway is still asked whether the order got paid after all. */
const LATE_CAPTURE_WINDOW_MS = 48 * 60 * 60_000;
/** Cancelled orders asked about per run (each is one gateway call). */
const LATE_CAPTURE_BATCH = 200;

export type ReconcileReport = {
  confirmed: number;
  released: number;
  checkoutsExpired: number;
  refunds: RefundReconcileReport;
  subscriptionsActivated: number;
  /** Captures found on cancelled orders (no webhook came), refunded. */
  lateCapturesRefunded: number;
  /**
   * Orders whose settling threw (a refused invoice date, the gateway down): logged and left for the
   * next run, which tries them again; the orders behind them are still reconciled in this one.
   */
  failed: number;
};

/** Reconciles one order; a throw is logged and counted, never allowed to stop the run. */
async function guarded(ctx: AppContext, report: ReconcileReport, orderId: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    report.failed += 1;
    ctx.log.error({ err, orderId }, 'reconciling this order failed: it is tried again on the next run');
  }
}

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
 * A shopper who cancels (or whose hold expires) may still complete the payment at the bank; the
 * webhook saying so can be lost. Cancelled orders of the last two days are asked about, and a capture
 * found is refunded through `settlePayment` (its late-payment gate makes the refund happen once).
 */
async function refundLateCaptures(ctx: AppContext, report: ReconcileReport) {
  const since = new Date(ctx.now().getTime() - LATE_CAPTURE_WINDOW_MS);
  for (const order of await recentlyCancelledUnpaid(ctx.db, since, LATE_CAPTURE_BATCH)) {
    await guarded(ctx, report, order.id, async () => {
      const state = await ctx.payments.fetchOrderState(order.providerOrderId);
      if (state.state !== 'paid') return;
      const result = await settlePayment(
        ctx,
        order.providerOrderId,
        state.paymentId,
        'reconciler',
        state.amountPaise,
      );
      if (result === 'refunding-late-payment') report.lateCapturesRefunded += 1;
    });
  }
}

/**
 * Settles orders stuck in PAYMENT_PENDING: asks the gateway whether each was paid (confirming it),
 * failed or is still open; releases holds that expired; refunds captures on recently cancelled orders. Works through every pending order, oldest
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
    lateCapturesRefunded: 0,
    failed: 0,
  };
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await ordersAwaitingPayment(ctx.db, after, batch);
    for (const order of page) await guarded(ctx, report, order.id, () => reconcileOrder(ctx, order, report));
    if (page.length < batch) break;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  await refundLateCaptures(ctx, report);
  report.checkoutsExpired = await expireStaleCheckouts(ctx.db, now);
  report.refunds = await reconcileRefunds(ctx);
  report.subscriptionsActivated = await createSubscriptionsService(ctx).reconcilePending();
  return report;
}
