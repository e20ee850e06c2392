import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { refunds } from '../../db/schema';
import { issueCreditNoteIn } from '../invoices';
import { lockOrderByIdIn, recordRefundStepIn, referenceRefundIn, settleOrderRefundIn } from '../orders';
import { creditPartsOf } from './refund-credit';
import { DUPLICATE_PAYMENT } from './refund-kinds';

/** A refund the gateway never took (refused, or unreachable) is given up after this long. */
const GIVE_UP_MS = 24 * 60 * 60_000;

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'log' | 'config'>;
type Outcome = 'PROCESSED' | 'FAILED';
export type RefundSettleResult = 'refunded' | 'refund-failed' | 'already-settled' | 'not-found';

/**
 * Records that an order's captured payment is to be refunded, inside the caller's transaction (the
 * one that gated the cancellation). The gateway is called after commit by `issueRefund`.
 */
export async function requestRefundIn(
  tx: Tx,
  order: { id: string; paymentId: string; amountPaise: number },
  requestedBy: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      providerPaymentId: order.paymentId,
      amountPaise: order.amountPaise,
      requestedBy,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  return row!.id;
}

export { DUPLICATE_PAYMENT };

/**
 * Records the refund of a second capture for a paid order, at most once per payment id; undefined
 * when it was recorded before.
 */
export async function requestDuplicateRefundIn(
  tx: Tx,
  order: { id: string; paymentId: string; amountPaise: number },
  now: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      providerPaymentId: order.paymentId,
      amountPaise: order.amountPaise,
      requestedBy: DUPLICATE_PAYMENT,
      createdAt: now,
    })
    .onConflictDoNothing({
      target: refunds.providerPaymentId,
      where: sql`${refunds.requestedBy} = ${DUPLICATE_PAYMENT}`,
    })
    .returning({ id: refunds.id });
  return row?.id;
}

/** The order's duplicate payments and where their refunds stand, for the payment status page. */
export async function duplicatePaymentsOf(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({ amountPaise: refunds.amountPaise, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.requestedBy, DUPLICATE_PAYMENT)))
    .orderBy(asc(refunds.id));
  return rows.map((r) => ({
    amountPaise: r.amountPaise,
    status:
      r.status === 'PROCESSED'
        ? ('REFUNDED' as const)
        : r.status === 'FAILED'
          ? ('FAILED' as const)
          : ('PENDING' as const),
  }));
}

/**
 * The refund's own outcome moves the order's payment status (REFUND_PENDING -> REFUNDED or
 * REFUND_FAILED), exactly once whoever reports it: the conditional update of the refund row is the gate.
 */
export async function settleRefund(
  ctx: Ctx,
  where: { providerRefundId: string } | { refundId: number },
  outcome: Outcome,
  actor: string,
): Promise<RefundSettleResult> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // One order's refunds settle one after another: each credit note counts what the others credited.
    const [target] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(
        'refundId' in where
          ? eq(refunds.id, where.refundId)
          : eq(refunds.providerRefundId, where.providerRefundId),
      );
    if (target) await lockOrderByIdIn(tx, target.orderId);
    const [refund] = await tx
      .update(refunds)
      .set({ status: outcome, settledAt: now })
      .where(
        and(
          'refundId' in where
            ? eq(refunds.id, where.refundId)
            : eq(refunds.providerRefundId, where.providerRefundId),
          inArray(refunds.status, ['REQUESTED', 'PENDING']),
        ),
      )
      .returning();
    if (!refund) {
      const known = 'refundId' in where ? true : await isKnownRefund(tx, where.providerRefundId);
      return known ? 'already-settled' : 'not-found';
    }
    // A duplicate capture's refund: the order keeps its payment, status and invoice.
    if (refund.requestedBy === DUPLICATE_PAYMENT) {
      if (outcome === 'FAILED')
        ctx.log.warn(
          { orderId: refund.orderId, paymentId: refund.providerPaymentId },
          'refund of a duplicate payment failed',
        );
      return outcome === 'PROCESSED' ? 'refunded' : 'refund-failed';
    }
    const parts = await creditPartsOf(tx, refund);
    // A refund of part of the order moves no order status: its steps are in the history.
    if (refund.partial) {
      await recordRefundStepIn(tx, {
        orderId: refund.orderId,
        refundId: refund.id,
        from: 'REQUESTED',
        to: outcome,
        actor,
        reference: refund.providerRefundId,
        now,
      });
      if (outcome === 'PROCESSED') await issueCreditNoteIn(tx, ctx.config, refund, now, parts);
      else ctx.log.warn({ orderId: refund.orderId, refundId: refund.id }, 'partial refund failed');
      return outcome === 'PROCESSED' ? 'refunded' : 'refund-failed';
    }
    const to = outcome === 'PROCESSED' ? 'REFUNDED' : 'REFUND_FAILED';
    const order = await settleOrderRefundIn(tx, {
      orderId: refund.orderId,
      to,
      actor,
      reference: refund.providerRefundId,
      now,
    });
    // A refund of an invoiced sale is documented by a credit note against the invoice, once per refund.
    if (outcome === 'PROCESSED') await issueCreditNoteIn(tx, ctx.config, refund, now, parts);
    if (outcome === 'FAILED') {
      ctx.log.warn(
        { orderId: refund.orderId, orderNumber: order?.orderNumber, paymentId: refund.providerPaymentId },
        'refund failed: the order is listed as REFUND_FAILED for the operator',
      );
    }
    return outcome === 'PROCESSED' ? 'refunded' : 'refund-failed';
  });
}

async function isKnownRefund(tx: Tx, providerRefundId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId));
  return Boolean(row);
}

/**
 * Asks the gateway to refund a REQUESTED refund (after the transaction that requested it, or again
 * from the reconciler when the first call failed). The gateway's refund id goes on the refund row
 * and on the order history entry that asked for it.
 */
export async function issueRefund(ctx: Ctx, refundId: number): Promise<void> {
  const refund = await claimRefund(ctx, refundId);
  if (!refund) return;
  let provider;
  try {
    provider = await ctx.payments.refund({
      paymentId: refund.providerPaymentId,
      amountPaise: refund.amountPaise,
      receipt: `refund_${refund.id}`,
      notes: { orderId: refund.orderId, requestedBy: refund.requestedBy },
      idempotencyKey: `zevar-refund-${refund.id}-${refund.attempt}`,
    });
  } catch (err) {
    ctx.log.error({ err, orderId: refund.orderId }, 'refund request failed; the reconciler will retry');
    // The gateway did not take it: the next reconciler pass may ask at once.
    await ctx.db
      .update(refunds)
      .set({ claimedAt: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'REQUESTED')));
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: provider.id, status: 'PENDING' })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'REQUESTED')));
    if (refund.requestedBy !== DUPLICATE_PAYMENT && !refund.partial)
      await referenceRefundIn(tx, refund.orderId, provider.id);
  });
  if (provider.state !== 'pending') {
    await settleRefund(
      ctx,
      { providerRefundId: provider.id },
      provider.state === 'processed' ? 'PROCESSED' : 'FAILED',
      'gateway',
    );
  }
}

/** A caller that crashed while asking the gateway leaves its claim; after this long another may ask (same key). */
const CLAIM_MS = 2 * 60_000;

/**
 * Claims a REQUESTED refund for one caller (a conditional update): a double click's replay, the
 * reconciler and the request after commit never ask the gateway for the same refund at once.
 */
async function claimRefund(ctx: Ctx, refundId: number) {
  const now = ctx.now();
  const [refund] = await ctx.db
    .update(refunds)
    .set({ claimedAt: now })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'REQUESTED'),
        or(isNull(refunds.claimedAt), lt(refunds.claimedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning();
  return refund;
}

export type RefundReconcileReport = { issued: number; settled: number };

/**
 * One reconciler pass over refunds: asks again for refunds the gateway never took, asks the
 * gateway about pending ones, and gives up (REFUND_FAILED, listed for the operator) after a day.
 */
export async function reconcileRefunds(ctx: Ctx, batch = 100): Promise<RefundReconcileReport> {
  const report: RefundReconcileReport = { issued: 0, settled: 0 };
  const open = await ctx.db
    .select()
    .from(refunds)
    .where(inArray(refunds.status, ['REQUESTED', 'PENDING']))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(batch);
  const now = ctx.now().getTime();
  for (const refund of open) {
    if (refund.status === 'REQUESTED') {
      if (refund.createdAt.getTime() + GIVE_UP_MS < now) {
        await settleRefund(ctx, { refundId: refund.id }, 'FAILED', 'reconciler');
        continue;
      }
      await issueRefund(ctx, refund.id);
      report.issued += 1;
      continue;
    }
    const state = await ctx.payments.fetchRefundState(refund.providerPaymentId, refund.providerRefundId!);
    if (state === 'processed' || state === 'failed') {
      const result = await settleRefund(
        ctx,
        { providerRefundId: refund.providerRefundId! },
        state === 'processed' ? 'PROCESSED' : 'FAILED',
        'reconciler',
      );
      if (result === 'refunded' || result === 'refund-failed') report.settled += 1;
    }
  }
  return report;
}
