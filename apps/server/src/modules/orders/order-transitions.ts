import { and, eq } from 'drizzle-orm';
import {
  REFUNDED_ORDER_MESSAGE,
  SHIPMENT_MESSAGES,
  canMoveOrder,
  canMoveOrderWithPayment,
  canMovePayment,
  nextOrderStatuses,
  nextPaymentStatuses,
  transitionRefusedMessage,
  type OrderStatus,
  type PaymentStatus,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { orderStatusHistory, orders } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { releaseOrder } from '../payments';
import { createCancelPaidOrder } from './cancel-paid-order';
import { lockOrder, type OrderRow } from './order-lock';
import { hasLiveShipments } from './order-shipments.read-model';
import { recordChangeIn } from '../audit';
import { auditedOrder } from './order-lock';

const CHANGED_MEANWHILE = 'The order changed meanwhile. Please reload it and try again.';

async function findOrder(ctx: Pick<AppContext, 'db'>, orderNumber: string): Promise<OrderRow> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw notFound('Order');
  return row;
}

/**
 * Admin changes of an order's status or payment status: only allowed transitions, each recorded in
 * order_status_history with the admin's username. Cancelling an order that waits for payment uses the
 * payment flow's release gate; cancelling or refunding a paid one is the cancel-and-refund use case.
 */
export function createOrderTransitions(ctx: Pick<AppContext, 'db' | 'now' | 'payments' | 'log' | 'config'>) {
  const cancelPaidOrder = createCancelPaidOrder(ctx);
  /** A payment-pending order is released by the payment flow's own gate (status and payment change together). */
  async function releasePending(
    orderId: string,
    reason: 'CANCELLED' | 'FAILED',
    actor: string,
  ): Promise<void> {
    const released = await releaseOrder(ctx, { orderId }, reason, actor);
    if (!released) throw conflict(CHANGED_MEANWHILE);
  }

  /**
   * `reason` is kept with the order's history (required when money moves back); `beforeRefund` runs
   * before a paid order's money moves back (cancel or refund): the route's recent-password check
   * (plugins/auth.ts assertRecentAuth).
   */
  async function changeStatus(
    orderNumber: string,
    to: OrderStatus,
    actor: string,
    reason?: string,
    beforeRefund: () => void = () => undefined,
  ): Promise<void> {
    const current = await findOrder(ctx, orderNumber);
    assertOrderMove(current.status, to, current.paymentStatus);
    // Once an order has shipments, their carrier events move it to SHIPPED and DELIVERED (issue 22).
    if ((to === 'SHIPPED' || to === 'DELIVERED') && (await hasLiveShipments(ctx.db, current.id)))
      throw conflict(SHIPMENT_MESSAGES.manualShipRefused);
    if (current.status === 'PAYMENT_PENDING' && to === 'CANCELLED')
      return releasePending(current.id, 'CANCELLED', actor);
    if (to === 'CANCELLED') {
      beforeRefund();
      return cancelPaidOrder(orderNumber, 'cancel', actor, reason);
    }
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNumber);
      assertOrderMove(order.status, to, order.paymentStatus);
      // Checked again under the lock: packing a shipment locks the order too.
      if ((to === 'SHIPPED' || to === 'DELIVERED') && (await hasLiveShipments(tx, order.id)))
        throw conflict(SHIPMENT_MESSAGES.manualShipRefused);
      const [after] = await tx
        .update(orders)
        .set({ status: to, updatedAt: ctx.now() })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning();
      await recordChangeIn(tx, {
        action: 'status',
        entityType: 'order',
        entityId: order.orderNumber,
        before: auditedOrder(order),
        after: after && auditedOrder(after),
      });
      await tx
        .insert(orderStatusHistory)
        .values({ orderId: order.id, field: 'status', fromValue: order.status, toValue: to, actor });
    });
  }

  async function changePayment(
    orderNumber: string,
    to: PaymentStatus,
    actor: string,
    reason?: string,
    beforeRefund: () => void = () => undefined,
  ): Promise<void> {
    const current = await findOrder(ctx, orderNumber);
    assertPaymentMove(current.paymentStatus, to);
    if (to === 'FAILED' || to === 'CANCELLED') {
      // A payment can only be written off while the order still waits for it; that also frees its stock.
      if (current.status !== 'PAYMENT_PENDING') {
        throw conflict(
          `Payment status can be set to ${to} only while the order is PAYMENT_PENDING (it is ${current.status})`,
        );
      }
      return releasePending(current.id, to, actor);
    }
    if (to === 'REFUNDED') {
      beforeRefund();
      return cancelPaidOrder(orderNumber, 'refund', actor, reason);
    }
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNumber);
      assertPaymentMove(order.paymentStatus, to);
      const [after] = await tx
        .update(orders)
        .set({ paymentStatus: to, updatedAt: ctx.now() })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, order.paymentStatus)))
        .returning();
      await recordChangeIn(tx, {
        action: 'payment',
        entityType: 'order',
        entityId: order.orderNumber,
        before: auditedOrder(order),
        after: after && auditedOrder(after),
      });
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        field: 'paymentStatus',
        fromValue: order.paymentStatus,
        toValue: to,
        actor,
      });
    });
  }

  return { changeStatus, changePayment };
}

function assertOrderMove(from: OrderStatus, to: OrderStatus, payment: PaymentStatus): void {
  if (!canMoveOrder(from, to))
    throw conflict(transitionRefusedMessage('order status', from, to, nextOrderStatuses(from)));
  if (!canMoveOrderWithPayment(from, to, payment)) throw conflict(REFUNDED_ORDER_MESSAGE);
}

function assertPaymentMove(from: PaymentStatus, to: PaymentStatus): void {
  if (!canMovePayment(from, to))
    throw conflict(transitionRefusedMessage('payment status', from, to, nextPaymentStatuses(from)));
}
