import { and, eq } from 'drizzle-orm';
import {
  ORDER_ADMIN_TEXT,
  canMovePayment,
  nextOrderStatuses,
  nextPaymentStatuses,
  transitionRefusedMessage,
  type OrderStatus,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderStatusHistory, orders } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { returnOrderStock, reverseSale } from '../stock';
import { reverseOrderEarnings } from '../earnings';
import { returnCouponUses } from '../coupons';
import {
  askAgainIn,
  capturedAmountOf,
  issueRefund,
  lastFailedPlannedRefundIn,
  partsTakenIn,
  requestRefundIn,
} from '../payments';
import { recordRefundStepIn } from './order-state';
import { refundPlannedIn } from './refund-order-part';
import { lockOrder, type OrderRow } from './order-lock';
import { recordChangeIn } from '../audit';
import { auditedOrder } from './order-lock';

type Who = { actor: string; reason: string };
type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'log' | 'config'>;

/** Paid orders that have not left the warehouse: cancelling or refunding them puts the stock back. */
const NOT_SHIPPED: readonly OrderStatus[] = ['CONFIRMED', 'PROCESSING'];
/** Orders whose payment was taken and kept: the ones an invoice is owed for and a refund undoes. */
export const PAID: readonly OrderStatus[] = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'];

/** Undoes a paid sale's effects once (the caller's gated update makes it once). */
async function reversePaidEffects(tx: Tx, order: OrderRow, returnStock: boolean, now: Date) {
  if (returnStock) await returnOrderStock(tx, order.id);
  await reverseSale(tx, order.id);
  await returnCouponUses(
    tx,
    order.appliedCoupons.map((c) => c.code),
  );
  await reverseOrderEarnings(tx, order.id, now);
}

/**
 * Cancellation and refund of a paid order as one use case (docs/decisions/0012-money-ledger-refunds.md).
 * In one transaction, gated by the locked order's state: the order is cancelled (when it has not
 * shipped), its stock, coupon use and sales count come back, the vendor's commission is reversed in
 * the ledger, and a refund of the captured amount is requested. After commit the gateway is asked;
 * its webhook or the reconciler then moves the payment status to REFUNDED (or REFUND_FAILED).
 */
export function createCancelPaidOrder(ctx: Ctx) {
  async function gate(tx: Tx, orderNumber: string, want: 'cancel' | 'refund', who: Who) {
    const { actor, reason } = who;
    const now = ctx.now();
    const order = await lockOrder(tx, orderNumber);
    if (want === 'refund' && order.paymentStatus === 'REFUND_FAILED') return retry(tx, order, who, now);
    if (want === 'refund' && order.paymentStatus === 'NEEDS_REVIEW')
      return refundReviewed(tx, order, who, now);
    if (want === 'cancel' && !NOT_SHIPPED.includes(order.status)) {
      throw conflict(
        transitionRefusedMessage('order status', order.status, 'CANCELLED', nextOrderStatuses(order.status)),
      );
    }
    const captured = order.paymentStatus === 'CAPTURED';
    if (want === 'refund' && !canMovePayment(order.paymentStatus, 'REFUNDED')) {
      throw conflict(
        transitionRefusedMessage(
          'payment status',
          order.paymentStatus,
          'REFUNDED',
          nextPaymentStatuses(order.paymentStatus),
        ),
      );
    }
    const cancel = NOT_SHIPPED.includes(order.status);
    const returnStock = cancel && !order.stockReleased;
    // Refunded in part before: the rest is refunded line by line, so nothing is reversed twice.
    if (captured && order.paymentId && (await partsTakenIn(tx, order.id)).length > 0)
      return refundPlannedIn(
        tx,
        order,
        { rest: true },
        {
          ...who,
          restock: returnStock,
          idempotencyKey: null,
          now,
        },
      );
    const [gated] = await tx
      .update(orders)
      .set({
        status: cancel ? 'CANCELLED' : order.status,
        paymentStatus: captured ? 'REFUND_PENDING' : order.paymentStatus,
        stockReleased: order.stockReleased || returnStock,
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          eq(orders.paymentStatus, order.paymentStatus),
        ),
      )
      .returning();
    if (!gated) throw conflict('The order changed meanwhile. Please reload it and try again.');
    await recordChangeIn(tx, {
      action: want,
      entityType: 'order',
      entityId: order.orderNumber,
      before: auditedOrder(order),
      after: { ...auditedOrder(gated), reason },
    });
    if (PAID.includes(order.status)) await reversePaidEffects(tx, order, returnStock, now);
    const history = [];
    if (cancel) history.push({ field: 'status' as const, fromValue: order.status, toValue: 'CANCELLED' });
    if (captured)
      history.push({
        field: 'paymentStatus' as const,
        fromValue: order.paymentStatus,
        toValue: 'REFUND_PENDING',
      });
    if (history.length > 0) {
      await tx
        .insert(orderStatusHistory)
        .values(history.map((h) => ({ ...h, orderId: order.id, actor, reason, createdAt: now })));
    }
    if (!captured || !order.paymentId) return null;
    return requestRefundIn(
      tx,
      { id: order.id, paymentId: order.paymentId, amountPaise: order.finalAmountPaise },
      actor,
      now,
    );
  }

  /**
   * A payment flagged for review (its amount was not the order's) is refunded in what was captured;
   * the order was never confirmed, so only its reservation goes back.
   */
  async function refundReviewed(tx: Tx, order: OrderRow, { actor, reason }: Who, now: Date) {
    const captured = await capturedAmountOf(tx, order.id);
    const [after] = await tx
      .update(orders)
      .set({ status: 'CANCELLED', paymentStatus: 'REFUND_PENDING', stockReleased: true, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'NEEDS_REVIEW')))
      .returning();
    await recordChangeIn(tx, {
      action: 'refund',
      entityType: 'order',
      entityId: order.orderNumber,
      before: auditedOrder(order),
      after: after && { ...auditedOrder(after), refundPaise: captured ?? order.finalAmountPaise, reason },
    });
    if (!order.stockReleased) await returnOrderStock(tx, order.id);
    const history: Array<{ field: 'status' | 'paymentStatus'; fromValue: string; toValue: string }> = [
      { field: 'paymentStatus', fromValue: 'NEEDS_REVIEW', toValue: 'REFUND_PENDING' },
    ];
    if (order.status !== 'CANCELLED')
      history.unshift({ field: 'status', fromValue: order.status, toValue: 'CANCELLED' });
    await tx
      .insert(orderStatusHistory)
      .values(history.map((h) => ({ ...h, orderId: order.id, actor, reason, createdAt: now })));
    return requestRefundIn(
      tx,
      {
        id: order.id,
        paymentId: order.paymentId!,
        amountPaise: captured ?? order.finalAmountPaise,
      },
      actor,
      now,
    );
  }

  /** A refund the gateway failed is asked for again; the sale's effects were already reversed. */
  async function retry(tx: Tx, order: OrderRow, { actor, reason }: Who, now: Date) {
    // A refund planned line by line is asked again on its own row (its parts and credit note stay its own).
    const planned = await lastFailedPlannedRefundIn(tx, order.id);
    const [after] = await tx
      .update(orders)
      .set({ paymentStatus: 'REFUND_PENDING', updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'REFUND_FAILED')))
      .returning();
    await recordChangeIn(tx, {
      action: 'refund',
      entityType: 'order',
      entityId: order.orderNumber,
      before: auditedOrder(order),
      after: after && { ...auditedOrder(after), reason },
    });
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      field: 'paymentStatus',
      fromValue: 'REFUND_FAILED',
      toValue: 'REFUND_PENDING',
      actor,
      reason,
      createdAt: now,
    });
    if (planned !== undefined) {
      await askAgainIn(tx, order.id, planned, now);
      await recordRefundStepIn(tx, {
        orderId: order.id,
        refundId: planned,
        from: 'FAILED',
        to: 'REQUESTED',
        actor,
        reason,
        now,
      });
      return planned;
    }
    if (!order.paymentId) return null;
    return requestRefundIn(
      tx,
      { id: order.id, paymentId: order.paymentId, amountPaise: order.finalAmountPaise },
      actor,
      now,
    );
  }

  /**
   * The reason is required here, not only in the screen: every path that refunds money (cancel, mark
   * refunded, retry) records why, with who and when, in the order's history.
   */
  return async function cancelPaidOrder(
    orderNumber: string,
    want: 'cancel' | 'refund',
    actor: string,
    reason: string | undefined,
  ) {
    const given = reason?.trim();
    if (!given)
      throw new AppError('VALIDATION', ORDER_ADMIN_TEXT.reasonRequired, [
        { path: 'reason', message: ORDER_ADMIN_TEXT.reasonRequired },
      ]);
    const who = { actor, reason: given };
    const refundId = await ctx.db.transaction((tx) => gate(tx, orderNumber, want, who));
    if (refundId !== null) await issueRefund(ctx, refundId);
  };
}
