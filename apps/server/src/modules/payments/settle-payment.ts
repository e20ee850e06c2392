import { and, eq, inArray } from 'drizzle-orm';
import { paiseToRupees } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { checkouts, orderItems, orderStatusHistory, orders, payments, taxDocuments } from '../../db/schema';
import { queueOrderConfirmation } from './confirmation-email';
import { recordSale } from '../stock';
import { issueRefund, requestRefundIn } from './refunds.service';
import { recordOrderEarnings } from '../earnings';
import { countCouponUses } from '../coupons';
import { documentFileName, issueInvoiceIn } from '../invoices';
import type { Config } from '../../env';

type Order = typeof orders.$inferSelect;

/** Payment states of a cancelled order that never had money: a capture arriving now is a late payment. */
const NEVER_PAID = ['PENDING', 'FAILED', 'CANCELLED'] as const;
export type SettleResult =
  'confirmed' | 'already-settled' | 'amount-mismatch' | 'refunding-late-payment' | 'not-found';

/** Every effect of a paid order; runs in the same transaction as the one UPDATE that gated it. */
async function applyPaidEffects(
  tx: Tx,
  order: Order,
  actor: string,
  fromStatus: string,
  fromPayment: string,
  config: Config,
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await countCouponUses(
    tx,
    order.appliedCoupons.map((c) => c.code),
  );
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
  // Last, so the invoice series row is locked for the shortest time (gap-free numbering).
  const invoiceId = await issueInvoiceIn(tx, config, order, order.paymentDate ?? new Date());
  const [invoice] = await tx
    .select({ kind: taxDocuments.kind, number: taxDocuments.number })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, invoiceId));
  await queueOrderConfirmation(tx, order, items, config.BUSINESS_TIMEZONE, {
    id: invoiceId,
    filename: documentFileName(invoice!),
  });
}

type Outcome = { result: SettleResult; refundId?: number };

/**
 * A captured amount that is not the order's: the order is not confirmed. Its payment status becomes
 * NEEDS_REVIEW (the reservation is kept and the reconciler leaves it alone) and an operator refunds it
 * from the order page. Exactly once: the conditional update is the gate.
 */
async function flagForReview(
  ctx: AppContext,
  tx: Tx,
  providerOrderId: string,
  paymentId: string,
  capturedPaise: number,
  actor: string,
): Promise<Outcome> {
  const now = ctx.now();
  const [order] = await tx
    .update(orders)
    .set({ paymentStatus: 'NEEDS_REVIEW', paymentId, paymentDate: now, updatedAt: now })
    .where(
      and(
        eq(orders.providerOrderId, providerOrderId),
        inArray(orders.status, ['PAYMENT_PENDING', 'CANCELLED']),
        inArray(orders.paymentStatus, NEVER_PAID),
      ),
    )
    .returning();
  if (!order) return { result: 'already-settled' };
  await tx
    .update(payments)
    .set({ providerPaymentId: paymentId, capturedAmountPaise: capturedPaise })
    .where(eq(payments.providerOrderId, providerOrderId));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    field: 'paymentStatus',
    fromValue: 'PENDING',
    toValue: 'NEEDS_REVIEW',
    actor: `${actor}:amount-mismatch`,
    reference: `captured ${paiseToRupees(capturedPaise)} of ${paiseToRupees(order.finalAmountPaise)}`,
    createdAt: now,
  });
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
  order: Order,
  paymentId: string,
  capturedPaise: number | undefined,
  actor: string,
): Promise<Outcome> {
  const now = ctx.now();
  const [gated] = await tx
    .update(orders)
    .set({ paymentStatus: 'REFUND_PENDING', paymentId, paymentDate: now, updatedAt: now })
    .where(
      and(eq(orders.id, order.id), eq(orders.status, 'CANCELLED'), inArray(orders.paymentStatus, NEVER_PAID)),
    )
    .returning();
  if (!gated) return { result: 'already-settled' };
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    field: 'paymentStatus',
    fromValue: order.paymentStatus,
    toValue: 'REFUND_PENDING',
    actor: `${actor}:late-payment`,
    createdAt: now,
  });
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
 * Records a verified payment for the provider order, exactly once whoever calls (browser, webhook,
 * reconciler) and however often: UPDATE ... WHERE status = 'PAYMENT_PENDING' AND payment_status =
 * 'PENDING' RETURNING is the single gate. `capturedPaise`, when the caller knows it (webhook,
 * reconciler), must equal the order's amount, or the order is flagged for review instead.
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
    const [current] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!current) return { result: 'not-found' };
    if (capturedPaise !== undefined && capturedPaise !== current.finalAmountPaise) {
      return flagForReview(ctx, tx, providerOrderId, paymentId, capturedPaise, actor);
    }
    const [order] = await tx
      .update(orders)
      .set({ status: 'CONFIRMED', paymentStatus: 'CAPTURED', paymentId, paymentDate: now, updatedAt: now })
      .where(
        and(
          eq(orders.providerOrderId, providerOrderId),
          eq(orders.status, 'PAYMENT_PENDING'),
          eq(orders.paymentStatus, 'PENDING'),
        ),
      )
      .returning();
    if (order) {
      await applyPaidEffects(tx, order, actor, 'PAYMENT_PENDING', 'PENDING', ctx.config);
      return { result: 'confirmed' };
    }
    const [latest] = await tx.select().from(orders).where(eq(orders.id, current.id));
    if (latest!.status === 'CANCELLED' && (NEVER_PAID as readonly string[]).includes(latest!.paymentStatus)) {
      return refundLatePayment(ctx, tx, latest!, paymentId, capturedPaise, actor);
    }
    return { result: 'already-settled' };
  });
  if (outcome.refundId !== undefined) await issueRefund(ctx, outcome.refundId);
  return outcome.result;
}
