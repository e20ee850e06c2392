import { and, eq } from 'drizzle-orm';
import {
  PART_REFUND_TEXT,
  chargedPerLine,
  formatInr,
  orderStatusFromShipments,
  paiseToRupees,
  planPartRefund,
  refundablePaise,
  type OrderStatus,
  type RefundAsk,
  type RefundOrderState,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { orderStatusHistory, orders } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { takeBackUnits } from '../stock';
import { earnedLines, reversePartEarnings, reversedCommissionByLine } from '../earnings';
import { returnCouponUses } from '../coupons';
import {
  capturedAmountOf,
  issueRefund,
  partsTakenIn,
  refundByKeyIn,
  requestPlannedRefundIn,
  type TakenPart,
} from '../payments';
import { orderLines } from './order-reads';
import { followShipmentsIn, recordRefundStepIn } from './order-state';
import { shipmentUnitsOf } from './order-shipments.read-model';
import { lockOrder, type OrderRow } from './order-lock';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'log' | 'config'>;

/** Paid orders that have not left the warehouse (closing refunds cancel them). */
const NOT_SHIPPED: readonly OrderStatus[] = ['CONFIRMED', 'PROCESSING'];
const PAID: readonly OrderStatus[] = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'];

export type PartAsk =
  | { lines: Array<{ orderItemId: number; quantity: number; huids?: string[] }> }
  | { amountPaise: number }
  /** Everything left (a full cancel or refund of an order refunded in part before). */
  | { rest: true };

export type PartRefundRequest = {
  orderNumber: string;
  ask: Exclude<PartAsk, { rest: true }>;
  reason: string;
  /** Whether the refunded units and their HUID pieces go back on the shelf. */
  restock: boolean;
  actor: string;
  /** The admin's request key: the same key answers the refund it made (double click, replay). */
  idempotencyKey: string | null;
};

/** The order's figures and what earlier refunds took, for the next plan (docs/decisions/0039). */
export async function refundStateIn(
  tx: DbOrTx,
  order: OrderRow,
): Promise<{ state: RefundOrderState; taken: TakenPart[] }> {
  // One after another: inside a transaction they share one connection.
  const lines = await orderLines(tx, order.id);
  const taken = await partsTakenIn(tx, order.id);
  const reversed = await reversedCommissionByLine(tx, order.id);
  const earned = await earnedLines(tx, order.id);
  const charged = chargedPerLine(
    lines.map((l) => ({ unitPricePaise: l.priceAtTimePaise, quantity: l.quantity })),
    order.couponDiscountPaise,
  );
  const sum = (of: (p: TakenPart) => number, id: number | null) =>
    taken.filter((p) => p.orderItemId === id).reduce((s, p) => s + of(p), 0);
  const chargedSum = charged.reduce((s, c) => s + c, 0);
  return {
    taken,
    state: {
      lines: lines.map((l, i) => ({
        orderItemId: l.id,
        quantity: l.quantity,
        chargedPaise: charged[i]!,
        commissionPaise: earned.has(l.id) ? l.vendorCommissionPaise * l.quantity : 0,
        refundedUnits: sum((p) => p.units, l.id),
        refundedPaise: sum((p) => p.amountPaise, l.id),
        reversedCommissionPaise: earned.has(l.id) ? (reversed.get(l.id) ?? 0) : 0,
      })),
      extraPaise: Math.max(0, order.finalAmountPaise - chargedSum),
      extraRefundedPaise: sum((p) => p.amountPaise, null),
    },
  };
}

function refused(plan: { message: string; path: string; aboveRemaining?: boolean }, left: number): AppError {
  if (plan.aboveRemaining)
    return conflict(`${plan.message} (${formatInr(paiseToRupees(left))} left)`, {
      refundable: paiseToRupees(left),
    });
  return badRequest(plan.message, [{ path: plan.path, message: plan.message }]);
}

/**
 * A refund planned line by line, in the caller's transaction on the locked, captured order: its
 * units (and, with `restock`, their pieces) leave the sale, the vendor's commission is reversed by
 * exactly their share, a REQUESTED refund row with its parts is written, and the history records who,
 * when and why. A refund that takes what is left closes the order as a full refund does (cancelled
 * when it has not shipped, REFUND_PENDING, the coupon use given back). Answers the refund's id; the
 * gateway is asked after commit.
 */
export async function refundPlannedIn(
  tx: Tx,
  order: OrderRow,
  ask: PartAsk,
  opts: { reason: string; restock: boolean; actor: string; idempotencyKey: string | null; now: Date },
): Promise<number> {
  const { state, taken } = await refundStateIn(tx, order);
  const left = refundablePaise(state);
  const plan = planPartRefund(state, 'rest' in ask ? { amountPaise: left } : (ask as RefundAsk));
  if (!plan.ok) throw refused(plan, left);
  // The capture bounds every refund, whatever the figures say (never more than captured minus refunded).
  const captured = (await capturedAmountOf(tx, order.id)) ?? order.finalAmountPaise;
  const before = taken.reduce((s, p) => s + p.amountPaise, 0);
  if (before + plan.amountPaise > captured)
    throw refused(
      { ...plan, path: 'amount', aboveRemaining: true, message: PART_REFUND_TEXT.aboveRemaining },
      captured - before,
    );
  const asked = 'lines' in ask ? ask.lines : [];
  const items = new Map((await orderLines(tx, order.id)).map((l) => [l.id, l]));
  const pieces = await takeBackUnits(
    tx,
    plan.parts.flatMap((p) =>
      p.orderItemId === null || p.units === 0
        ? []
        : [
            {
              index: Math.max(
                0,
                asked.findIndex((a) => a.orderItemId === p.orderItemId),
              ),
              orderItemId: p.orderItemId,
              productId: items.get(p.orderItemId)?.productId ?? null,
              units: p.units,
              huids: asked.find((a) => a.orderItemId === p.orderItemId)?.huids,
            },
          ],
    ),
    opts.restock,
    new Set(taken.flatMap((p) => p.huids)),
  );
  const refundId = await requestPlannedRefundIn(
    tx,
    {
      orderId: order.id,
      paymentId: order.paymentId!,
      amountPaise: plan.amountPaise,
      partial: !plan.closes,
      reason: opts.reason,
      restock: opts.restock,
      idempotencyKey: opts.idempotencyKey,
      requestedBy: opts.actor,
      parts: plan.parts.map((p) => ({
        orderItemId: p.orderItemId,
        units: p.units,
        amountPaise: p.amountPaise,
        huids: p.orderItemId === null ? [] : (pieces.get(p.orderItemId) ?? []),
      })),
    },
    opts.now,
  );
  await reversePartEarnings(
    tx,
    refundId,
    plan.parts.flatMap((p) =>
      p.orderItemId === null
        ? []
        : [
            {
              orderItemId: p.orderItemId,
              units: p.units,
              commissionPaise: p.commissionPaise,
              revenuePaise: p.amountPaise,
            },
          ],
    ),
    opts.now,
  );
  if (plan.closes) await closeOrderIn(tx, order, opts);
  else {
    await recordRefundStepIn(tx, {
      orderId: order.id,
      refundId,
      from: null,
      to: 'REQUESTED',
      actor: opts.actor,
      reason: opts.reason,
      now: opts.now,
    });
    await followShipmentsAfterRefundIn(tx, order, opts);
  }
  return refundId;
}

/**
 * The units a refund took are no longer to be shipped: when every unit left is shipped (or delivered),
 * the order follows its shipments to SHIPPED (or DELIVERED) through the state machine, as a carrier
 * event would move it (docs/decisions/0054).
 */
async function followShipmentsAfterRefundIn(tx: Tx, order: OrderRow, opts: { actor: string; now: Date }) {
  const units = await shipmentUnitsOf(tx, order.id);
  if (units.length === 0) return;
  const lines = await orderLines(tx, order.id);
  const taken = await partsTakenIn(tx, order.id);
  const target = orderStatusFromShipments(
    lines.map((l) => ({
      orderItemId: l.id,
      quantity: Math.max(
        0,
        l.quantity - taken.filter((p) => p.orderItemId === l.id).reduce((n, p) => n + p.units, 0),
      ),
    })),
    units,
  );
  if (target) await followShipmentsIn(tx, order, target, `refund:${opts.actor}`, opts.now);
}

/** The refund took what was left: the order ends as a full cancel or refund leaves it. */
async function closeOrderIn(tx: Tx, order: OrderRow, opts: { reason: string; actor: string; now: Date }) {
  const cancel = NOT_SHIPPED.includes(order.status);
  const [gated] = await tx
    .update(orders)
    .set({
      status: cancel ? 'CANCELLED' : order.status,
      paymentStatus: 'REFUND_PENDING',
      stockReleased: order.stockReleased || cancel,
      updatedAt: opts.now,
    })
    .where(
      and(eq(orders.id, order.id), eq(orders.status, order.status), eq(orders.paymentStatus, 'CAPTURED')),
    )
    .returning({ id: orders.id });
  if (!gated) throw conflict('The order changed meanwhile. Please reload it and try again.');
  await returnCouponUses(
    tx,
    order.appliedCoupons.map((c) => c.code),
  );
  const base = { orderId: order.id, actor: opts.actor, reason: opts.reason, createdAt: opts.now };
  await tx.insert(orderStatusHistory).values([
    ...(cancel ? [{ ...base, field: 'status' as const, fromValue: order.status, toValue: 'CANCELLED' }] : []),
    {
      ...base,
      field: 'paymentStatus' as const,
      fromValue: 'CAPTURED',
      toValue: 'REFUND_PENDING',
    },
  ]);
}

/**
 * An admin refunds part of a paid order (issue 22 item 7a): chosen lines and quantities, or an
 * amount, with a reason and the restock choice. Exactly once per request key: a second submit, a
 * replay or a concurrent request with the same key answers the first refund. The order row lock
 * queues concurrent refunds of one order, so together they never take more than was captured.
 */
export function createRefundOrderPart(ctx: Ctx) {
  return async function refundOrderPart(
    req: PartRefundRequest,
  ): Promise<{ refundId: number; replayed: boolean }> {
    const outcome = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, req.orderNumber);
      if (req.idempotencyKey) {
        const seen = await refundByKeyIn(tx, req.idempotencyKey);
        if (seen && seen.orderId !== order.id)
          throw conflict(
            'This request key was used for another order. Please reload the order and try again.',
          );
        if (seen) return { refundId: seen.id, replayed: true };
      }
      if (!PAID.includes(order.status) || order.paymentStatus !== 'CAPTURED' || !order.paymentId)
        throw conflict(PART_REFUND_TEXT.notRefundable);
      const refundId = await refundPlannedIn(tx, order, req.ask, {
        reason: req.reason,
        restock: req.restock,
        actor: req.actor,
        idempotencyKey: req.idempotencyKey,
        now: ctx.now(),
      });
      return { refundId, replayed: false };
    });
    // A replay asks too: a request that crashed after commit left a REQUESTED refund (the claim and the
    // gateway's idempotency key keep it to one refund at the gateway).
    await issueRefund(ctx, outcome.refundId);
    return outcome;
  };
}
