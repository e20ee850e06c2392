import { eq, sql } from 'drizzle-orm';
import { paiseToRupees } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { confirmationSources, queueOrderConfirmation } from './confirmation-email';
import { recordSale, takeOrderStockAtPayment } from '../stock';
import { AppError } from '../../lib/errors';
import { releaseOrderIn } from './release-order';
import { issueRefund, requestDuplicateRefundIn, requestRefundIn } from './refunds.service';
import { recordOrderEarnings } from '../earnings';
import { countCouponUses } from '../coupons';
import { invoiceExpected, issueInvoiceIn, linesWithHsn } from '../invoices';
import { completeCheckoutIn } from '../checkout';
import {
  NEVER_PAID,
  confirmPaidOrderIn,
  flagPaymentForReviewIn,
  lockUnpaidOrderIn,
  markLatePaymentIn,
  markStockHeldIn,
  recordLineHuidsIn,
  orderById,
  orderByProviderOrderId,
  recordConfirmationIn,
  liveOrdersOfQuotes,
  type OrderRow,
} from '../orders';
import { closeLinksOfBoughtQuote } from './quote-links';
import type { Config } from '../../env';
import { builtOnce, type Placeholders } from '../../db/built-once';

export type SettleResult =
  | 'confirmed'
  | 'already-settled'
  | 'amount-mismatch'
  | 'refunding-late-payment'
  | 'refunding-duplicate-payment'
  | 'not-found';

/**
 * Every effect of a paid order; runs in the same transaction as the one UPDATE that gated it. The
 * order's lines are read once and handed to each effect; the invoice is numbered last, in the
 * statement before the commit, so the series row is locked for that statement only (0065, 0076).
 */
async function applyPaidEffects(tx: Tx, order: OrderRow, actor: string, config: Config) {
  const lines = await linesWithHsn(tx, order.id);
  const items = lines.items;
  await countCouponUses(
    tx,
    order.appliedCoupons.map((c) => c.code),
  );
  await recordSale(tx, order.id, items);
  await recordOrderEarnings(tx, order, items);
  await recordConfirmationIn(tx, order.id, actor);
  if (order.checkoutId) await completeCheckoutIn(tx, order.checkoutId);
  if (order.providerOrderId) {
    await capturePayment(tx, {
      providerOrderId: order.providerOrderId,
      paymentId: order.paymentId,
      verifiedAt: order.paymentDate,
    });
  }
  // The invoice is numbered last, in one statement, so the series row, which every paid order
  // waits for (gap-free numbering), is locked from that statement to the commit only (decision
  // 0076). The mail is queued before it and finds its invoice when it is sent (same transaction).
  const issuedAt = order.paymentDate ?? new Date();
  const sources = await confirmationSources(tx, order);
  await queueOrderConfirmation(tx, order, items, config, issuedAt, invoiceExpected(order), sources);
  await issueInvoiceIn(tx, config, order, issuedAt, { ...lines, confirmedHere: true });
}

const capturePayment = builtOnce((db, p: Placeholders<'providerOrderId' | 'paymentId' | 'verifiedAt'>) =>
  db
    .update(payments)
    .set({ status: 'CAPTURED', providerPaymentId: p.paymentId, verifiedAt: p.verifiedAt })
    .where(eq(payments.providerOrderId, p.providerOrderId)),
);

type Outcome = { result: SettleResult; refundId?: number; boughtQuoteId?: string };

/**
 * One quote, one purchase (docs/decisions/0068): an order bought from a quote (Buy now, or a paid
 * payment link) is paid only if no other order of that quote is paid. Under the quote's lock (the one
 * `place-order` and the link's order take), held to the end of this transaction, so of two payments
 * settling at once the second finds the first paid: its order is cancelled here and its payment is
 * refunded through the late-payment path, once.
 */
async function refuseSecondPurchaseOfQuote(ctx: AppContext, tx: Tx, order: OrderRow, actor: string) {
  if (!order.quoteId) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote:${order.quoteId}`}))`);
  const live = (await liveOrdersOfQuotes(tx, [order.quoteId])).get(order.quoteId);
  if (!live?.paid || live.orderId === order.id) return;
  if (await releaseOrderIn(tx, ctx.now(), { orderId: order.id }, 'CANCELLED', `${actor}:quote-bought`))
    ctx.log.warn(
      { orderId: order.id, orderNumber: order.orderNumber, paidOrder: live.orderNumber },
      'paid for a quote already bought another way: refunding it',
    );
}

/**
 * An order placed beyond the share of unpaid holds took no stock: its payment takes the pieces now,
 * atomically (the order row is locked first, so a second report of the payment waits and finds them
 * taken). When they are gone (holders paid first), the order is cancelled here and the payment that
 * follows is refunded through the late-payment path, once.
 */
async function takePiecesAtPayment(ctx: AppContext, tx: Tx, orderId: string, actor: string) {
  const order = await lockUnpaidOrderIn(tx, orderId);
  if (!order || order.holdsStock) return;
  try {
    await tx.transaction(async (sp) => {
      await recordLineHuidsIn(sp, await takeOrderStockAtPayment(sp, orderId));
      await markStockHeldIn(sp, orderId);
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'CONFLICT') throw err;
    await releaseOrderIn(tx, ctx.now(), { orderId }, 'CANCELLED', `${actor}:sold-out`);
    ctx.log.warn({ orderId }, 'paid after its pieces were sold to another shopper: refunding it');
  }
}

/**
 * A captured amount that is not the order's: the order is not confirmed. Its payment status becomes
 * NEEDS_REVIEW (the reservation is kept and the reconciler leaves it alone) and an operator refunds it
 * from the order page. Exactly once: the orders module's conditional update is the gate.
 */
async function flagForReview(
  ctx: AppContext,
  tx: Tx,
  providerOrderId: string,
  paymentId: string,
  capturedPaise: number,
  actor: string,
): Promise<Outcome> {
  const order = await flagPaymentForReviewIn(tx, {
    providerOrderId,
    paymentId,
    now: ctx.now(),
    actor,
    reference: (o) => `captured ${paiseToRupees(capturedPaise)} of ${paiseToRupees(o.finalAmountPaise)}`,
  });
  if (!order) return { result: 'already-settled' };
  await tx
    .update(payments)
    .set({ providerPaymentId: paymentId, capturedAmountPaise: capturedPaise })
    .where(eq(payments.providerOrderId, providerOrderId));
  ctx.log.warn(
    { orderId: order.id, orderNumber: order.orderNumber, paymentId, capturedPaise },
    'captured amount differs from the order amount: flagged for review',
  );
  return { result: 'amount-mismatch' };
}

/**
 * A payment for an order already cancelled or expired (its stock went back, the admin may have
 * cancelled it): the money goes back automatically. The refund is requested in this transaction and
 * asked of the gateway after commit; if the gateway cannot take it, the reconciler retries and finally
 * lists the order as REFUND_FAILED with its payment id (docs/decisions/0012-money-ledger-refunds.md).
 */
async function refundLatePayment(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  paymentId: string,
  capturedPaise: number | undefined,
  actor: string,
): Promise<Outcome> {
  const now = ctx.now();
  if (!(await markLatePaymentIn(tx, order, { paymentId, now, actor }))) return { result: 'already-settled' };
  const refundId = await requestRefundIn(
    tx,
    { id: order.id, paymentId, amountPaise: capturedPaise ?? order.finalAmountPaise },
    'system:late-payment',
    now,
  );
  ctx.log.warn(
    { orderId: order.id, orderNumber: order.orderNumber, paymentId },
    'payment captured for a cancelled order: refunding it',
  );
  return { result: 'refunding-late-payment', refundId };
}

/**
 * A second capture for an order that already holds a payment (two payments in one card window, a
 * retried handler): the order keeps its first payment and the second goes back through the gateway,
 * once however often it is reported (the refunds table's unique key on the duplicate payment id). It
 * is not the order's refund: no credit note, the order's status is untouched, the payment status page
 * tells the shopper.
 */
async function refundDuplicatePayment(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  paymentId: string,
  capturedPaise: number | undefined,
): Promise<Outcome> {
  const refundId = await requestDuplicateRefundIn(
    tx,
    { id: order.id, paymentId, amountPaise: capturedPaise ?? order.finalAmountPaise },
    ctx.now(),
  );
  if (refundId === undefined) return { result: 'already-settled' };
  ctx.log.warn(
    { orderId: order.id, orderNumber: order.orderNumber, paymentId, kept: order.paymentId },
    'second payment captured for a paid order: refunding it',
  );
  return { result: 'refunding-duplicate-payment', refundId };
}

/**
 * Records a verified payment for the provider order, exactly once whoever calls (browser, webhook,
 * reconciler) and however often: the orders module's UPDATE ... WHERE status = 'PAYMENT_PENDING' AND
 * payment_status = 'PENDING' RETURNING is the single gate. `capturedPaise`, when the caller knows it
 * (webhook, reconciler), must equal the order's amount, or the order is flagged for review instead.
 */
export async function settlePayment(
  ctx: AppContext,
  providerOrderId: string,
  paymentId: string,
  actor: string,
  capturedPaise?: number,
): Promise<SettleResult> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const now = ctx.now();
    // The common case first (decision 0089): an order holding its stock, bought from no quote, for
    // the amount captured (when the caller knows it) is confirmed by the gate alone, without reading
    // it first. Any other order (or one no longer waiting) fails this gate and takes the path below,
    // which reads it and decides, as before.
    const direct = await confirmPaidOrderIn(tx, {
      providerOrderId,
      paymentId,
      now,
      only: { holdingStock: true, withoutQuote: true, amountPaise: capturedPaise },
    });
    if (direct) {
      await applyPaidEffects(tx, direct, actor, ctx.config);
      return { result: 'confirmed' };
    }
    const current = await orderByProviderOrderId(tx, providerOrderId);
    if (!current) return { result: 'not-found' };
    if (capturedPaise !== undefined && capturedPaise !== current.finalAmountPaise) {
      return flagForReview(ctx, tx, providerOrderId, paymentId, capturedPaise, actor);
    }
    await refuseSecondPurchaseOfQuote(ctx, tx, current, actor);
    if (!current.holdsStock) await takePiecesAtPayment(ctx, tx, current.id, actor);
    const order = await confirmPaidOrderIn(tx, { providerOrderId, paymentId, now });
    if (order) {
      await applyPaidEffects(tx, order, actor, ctx.config);
      return { result: 'confirmed', boughtQuoteId: order.quoteId ?? undefined };
    }
    const latest = (await orderById(tx, current.id))!;
    const neverPaid = (NEVER_PAID as readonly string[]).includes(latest.paymentStatus);
    if (latest.status === 'CANCELLED' && neverPaid) {
      return refundLatePayment(ctx, tx, latest, paymentId, capturedPaise, actor);
    }
    if (!neverPaid && latest.paymentId && latest.paymentId !== paymentId) {
      return refundDuplicatePayment(ctx, tx, latest, paymentId, capturedPaise);
    }
    return { result: 'already-settled' };
  });
  if (outcome.refundId !== undefined) await issueRefund(ctx, outcome.refundId);
  // The quote is bought: its open payment links can no longer be paid (closed at the provider first).
  // A failure here leaves the payment settled; the reconciler closes such links on its next pass.
  if (outcome.boughtQuoteId)
    await closeLinksOfBoughtQuote(ctx, outcome.boughtQuoteId).catch((err: unknown) =>
      ctx.log.error(
        { err, quoteId: outcome.boughtQuoteId },
        'closing the payment links of a bought quote failed',
      ),
    );
  return outcome.result;
}
