import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  RETURN_TEXT,
  declaredValuePaise,
  inspectionFindings,
  type RtoInspectionBody,
  type ShipmentStatus,
  type ShipmentView,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { shipmentEvents, shipmentLines, shipments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { lockOrderByIdIn, orderLines, type OrderRow } from '../orders';
import { issueRefund } from '../payments';
import { recordChangeIn } from '../audit';
import { createShippingService } from './shipments.service';

/**
 * The partial-refund path (orders' `refundPlannedIn`, docs/decisions/0039), handed in where the routes
 * are mounted: the orders module cannot export it from its entry (payments depends on that entry).
 */
export type PlanRefundIn = (
  tx: Tx,
  order: OrderRow,
  ask: { lines: Array<{ orderItemId: number; quantity: number; huids?: string[] }> },
  opts: { reason: string; restock: boolean; actor: string; idempotencyKey: string | null; now: Date },
) => Promise<number>;

export type RefundDeps = { refundPlannedIn: PlanRefundIn };

/** Which order line each HUID belongs to, and the refund ask for some units with their pieces. */
export function refundAskOf(
  orderLineHuids: Array<{ id: number; huids: string[] }>,
  units: Array<{ orderItemId: number; quantity: number }>,
  huids: readonly string[],
) {
  return {
    lines: units.map((u) => {
      const own = orderLineHuids.find((l) => l.id === u.orderItemId)?.huids ?? [];
      const found = huids.filter((h) => own.includes(h));
      return { orderItemId: u.orderItemId, quantity: u.quantity, ...(found.length ? { huids: found } : {}) };
    }),
  };
}

/**
 * Parcels that come back to the shop (issue 22 item 7b, docs/decisions/0046): an admin inspects a
 * returned-to-origin parcel (HUIDs against those packed, weight against the packed weight) and the
 * outcome decides the rest in one transaction with the record of who and when: RESTOCK and DAMAGED
 * refund the buyer for the parcel's units through the partial-refund path (once: the inspection is
 * written once, the refund's key is the shipment's), RESTOCK putting the units and pieces back on
 * the shelf; DISPUTED (pieces missing or not as packed) only records what was found. Also books the
 * reverse pickups of returns (`queueReturnPickupIn`, booked by the same queue as forward parcels).
 */
export function createReturnedParcels(ctx: AppContext, deps: RefundDeps) {
  const { db, config } = ctx;
  const shipping = createShippingService(ctx);

  async function inspect(
    id: number,
    body: RtoInspectionBody,
    user: AuthUser,
  ): Promise<{ shipment: ShipmentView; replayed: boolean }> {
    const [found] = await db.select().from(shipments).where(eq(shipments.id, id));
    if (!found) throw notFound('Shipment');
    const outcome = await db.transaction(async (tx) => {
      const order = (await lockOrderByIdIn(tx, found.orderId))!;
      const [s] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
      if (s!.inspectedAt) return { refundId: s!.inspectionRefundId, replayed: true };
      if (s!.direction !== 'FORWARD' || s!.status !== 'RETURNED_TO_ORIGIN')
        throw conflict(RETURN_TEXT.rtoNotReturned);
      const findings = inspectionFindings({
        expectedHuids: s!.huidsPacked,
        foundHuids: body.huids,
        expectedWeightGrams: s!.packedWeightGrams,
        foundWeightGrams: body.weightGrams,
        toleranceGrams: config.SHIPMENT_WEIGHT_TOLERANCE_GRAMS,
      });
      if (body.outcome !== 'DISPUTED' && !findings.matches)
        throw new AppError('VALIDATION', RETURN_TEXT.huidsDontMatch, [
          ...findings.missing.map((h) => ({ path: 'huids', message: `HUID ${h} was packed but is missing` })),
          ...findings.unexpected.map((h) => ({
            path: 'huids',
            message: `HUID ${h} was not packed in this parcel`,
          })),
        ]);
      if (body.outcome === 'DISPUTED' && body.note.length < 3)
        throw new AppError('VALIDATION', RETURN_TEXT.rtoNoteRequired, [
          { path: 'note', message: RETURN_TEXT.rtoNoteRequired },
        ]);
      const now = ctx.now();
      let refundId: number | null = null;
      if (body.outcome !== 'DISPUTED') {
        const units = await tx.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id));
        const lines = await orderLines(tx, order.id);
        refundId = await deps.refundPlannedIn(tx, order, refundAskOf(lines, units, body.huids), {
          reason: `Returned to origin (AWB ${s!.awb ?? s!.id})${body.note ? `: ${body.note}` : ''}`,
          restock: body.outcome === 'RESTOCK',
          actor: user.username,
          idempotencyKey: `rto-shipment-${id}`,
          now,
        });
      }
      const after = {
        inspectedAt: now,
        inspectedBy: user.username,
        inspectionOutcome: body.outcome,
        inspectedHuids: body.huids,
        inspectedWeightGrams: body.weightGrams,
        inspectionNote: body.note,
        inspectionRefundId: refundId,
      };
      const [done] = await tx
        .update(shipments)
        .set({ ...after, updatedAt: now })
        .where(and(eq(shipments.id, id), isNull(shipments.inspectedAt)))
        .returning({ id: shipments.id });
      if (!done) throw conflict(RETURN_TEXT.rtoInspected);
      await recordChangeIn(tx, {
        action: 'inspect-returned-parcel',
        entityType: 'shipment',
        entityId: id,
        before: { status: s!.status, huidsPacked: s!.huidsPacked, packedWeightGrams: s!.packedWeightGrams },
        after: { ...after, missingHuids: findings.missing, weightMismatch: findings.weightMismatch },
      });
      return { refundId, replayed: false };
    });
    // After commit, like every refund; a replay asks again (the claim keeps it to one gateway refund).
    if (outcome.refundId !== null) await issueRefund(ctx, outcome.refundId);
    return { shipment: await shipping.shipment(id), replayed: outcome.replayed };
  }

  return { inspect };
}

/**
 * A reverse pickup for a return (issue 22 item 7c), queued for booking in the caller's transaction on
 * the locked order: a RETURN shipment of the returned units, sized like the forward parcel that
 * carried them, from the buyer to the shop. The booking job books it (idempotent by its reference,
 * retried on outages), exactly as forward parcels.
 */
export async function queueReturnPickupIn(
  tx: Tx,
  ctx: Pick<AppContext, 'carrier' | 'now'>,
  order: OrderRow,
  input: { returnId: number; lines: Array<{ orderItemId: number; quantity: number }>; actor: string },
): Promise<number> {
  const items = await orderLines(tx, order.id);
  const forward = await tx
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, order.id),
        eq(shipments.direction, 'FORWARD'),
        eq(shipments.status, 'DELIVERED'),
      ),
    );
  const carried = forward.length
    ? await tx
        .select()
        .from(shipmentLines)
        .where(
          inArray(
            shipmentLines.shipmentId,
            forward.map((f) => f.id),
          ),
        )
    : [];
  const ids = new Set(input.lines.map((l) => l.orderItemId));
  const parcel =
    forward.find((f) => carried.some((c) => c.shipmentId === f.id && ids.has(c.orderItemId))) ?? forward[0];
  const declared = declaredValuePaise(
    input.lines.map((r) => ({
      unitPricePaise: items.find((l) => l.id === r.orderItemId)!.priceAtTimePaise,
      quantity: r.quantity,
    })),
    { subtotalPaise: order.totalAmountPaise, discountPaise: order.couponDiscountPaise },
  );
  const now = ctx.now();
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      direction: 'RETURN',
      carrierMode: ctx.carrier.mode,
      weightGrams: parcel?.packedWeightGrams ?? 250,
      lengthCm: parcel?.lengthCm ?? 15,
      breadthCm: parcel?.breadthCm ?? 12,
      heightCm: parcel?.heightCm ?? 8,
      declaredValuePaise: declared,
      insured: parcel?.insured ?? false,
      otpDelivery: false,
      huidsPacked: [],
      packedByName: 'buyer',
      sealNumber: `RETURN-${input.returnId}`,
      packedWeightGrams: parcel?.packedWeightGrams ?? 250,
      status: 'BOOKING',
      nextBookingAt: null,
      returnId: input.returnId,
      createdBy: input.actor,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: shipments.id });
  await tx
    .insert(shipmentLines)
    .values(
      input.lines.map((l) => ({ shipmentId: row!.id, orderItemId: l.orderItemId, quantity: l.quantity })),
    );
  return row!.id;
}

/**
 * Books a return's reverse pickup again after it failed (docs/decisions/0054), in the caller's
 * transaction on the locked order. A booking the carrier refused (PACKED) is queued again as it is: its
 * reference stays `shipment-<id>`, so the carrier's idempotency holds. A pickup the courier could not
 * make (DELIVERY_FAILED, RETURNED_TO_ORIGIN) is closed as CANCELLED (its late events change nothing) and
 * a new RETURN shipment is queued, with a new reference. Either way the booking job books it, retried
 * through carrier outages. Answers the pickup to book and the carrier booking to cancel, if any.
 */
export async function queueReturnPickupAgainIn(
  tx: Tx,
  ctx: Pick<AppContext, 'carrier' | 'now'>,
  order: OrderRow,
  input: {
    returnId: number;
    shipmentId: number;
    lines: Array<{ orderItemId: number; quantity: number }>;
    actor: string;
  },
): Promise<{ shipmentId: number; failedAwb: string | null; cancelAtCarrier: CarrierRef | null }> {
  const [old] = await tx.select().from(shipments).where(eq(shipments.id, input.shipmentId)).for('update');
  if (!old || old.direction !== 'RETURN') throw notFound('Return pickup');
  const now = ctx.now();
  if (old.status === 'PACKED') {
    await tx
      .update(shipments)
      .set({ status: 'BOOKING', nextBookingAt: null, lastBookingError: null, updatedAt: now })
      .where(and(eq(shipments.id, old.id), eq(shipments.status, 'PACKED')));
    return { shipmentId: old.id, failedAwb: null, cancelAtCarrier: null };
  }
  if (old.status !== 'CANCELLED')
    await tx
      .update(shipments)
      .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
      .where(eq(shipments.id, old.id));
  const id = await queueReturnPickupIn(tx, ctx, order, {
    returnId: input.returnId,
    lines: input.lines,
    actor: input.actor,
  });
  return {
    shipmentId: id,
    failedAwb: old.awb,
    // A courier that failed to collect may still try: its booking is cancelled at the carrier too.
    cancelAtCarrier:
      old.status === 'DELIVERY_FAILED' && old.awb && old.carrierShipmentId
        ? { awb: old.awb, carrierShipmentId: old.carrierShipmentId }
        : null,
  };
}

type CarrierRef = { awb: string; carrierShipmentId: string };

/**
 * A piece refused at inspection goes back to the buyer (docs/decisions/0054): a FORWARD shipment of the
 * returned units, packed at the shop (seal, weight, the HUIDs of the pieces, each one of the returned
 * lines' own), with the value rules of any forward parcel (insured and delivered by OTP above the
 * insurance value). Queued for booking in the caller's transaction on the locked order, unless its
 * value needs the admin to confirm the carrier first (then it waits PACKED on the order's shipments).
 * It belongs to the return (`return_id`), so it never counts again towards packing or order status.
 */
export async function queueSendBackIn(
  tx: Tx,
  ctx: Pick<AppContext, 'carrier' | 'now' | 'config'>,
  order: OrderRow,
  input: {
    returnId: number;
    pickupShipmentId: number | null;
    lines: Array<{ orderItemId: number; quantity: number }>;
    huids: string[];
    sealNumber: string;
    packedWeightGrams: number;
    actor: { id: number; username: string };
  },
): Promise<number> {
  const items = await orderLines(tx, order.id);
  const [pickup] = input.pickupShipmentId
    ? await tx.select().from(shipments).where(eq(shipments.id, input.pickupShipmentId))
    : [];
  const declared = declaredValuePaise(
    input.lines.map((r) => ({
      unitPricePaise: items.find((l) => l.id === r.orderItemId)!.priceAtTimePaise,
      quantity: r.quantity,
    })),
    { subtotalPaise: order.totalAmountPaise, discountPaise: order.couponDiscountPaise },
  );
  const high = declared > ctx.config.SHIPMENT_INSURE_ABOVE_RUPEES * 100;
  const confirm = declared > ctx.config.SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES * 100;
  const now = ctx.now();
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      direction: 'FORWARD',
      carrierMode: ctx.carrier.mode,
      weightGrams: input.packedWeightGrams,
      lengthCm: pickup?.lengthCm ?? 15,
      breadthCm: pickup?.breadthCm ?? 12,
      heightCm: pickup?.heightCm ?? 8,
      declaredValuePaise: declared,
      insured: high || (pickup?.insured ?? false),
      otpDelivery: high,
      huidsPacked: input.huids,
      packedBy: input.actor.id,
      packedByName: input.actor.username,
      sealNumber: input.sealNumber,
      packedWeightGrams: input.packedWeightGrams,
      status: confirm ? 'PACKED' : 'BOOKING',
      nextBookingAt: null,
      returnId: input.returnId,
      createdBy: input.actor.username,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: shipments.id });
  await tx
    .insert(shipmentLines)
    .values(
      input.lines.map((l) => ({ shipmentId: row!.id, orderItemId: l.orderItemId, quantity: l.quantity })),
    );
  return row!.id;
}

/** The return pickups' state and events (for the returns module's views and timeline). */
export async function returnPickupsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return { rows: [], events: [] };
  const [rows, events] = await Promise.all([
    db.select().from(shipments).where(inArray(shipments.id, ids)),
    db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, ids)),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      status: r.status as ShipmentStatus,
      awb: r.awb,
      courierName: r.courierName,
      trackingUrl: r.trackingUrl,
      lastBookingError: r.lastBookingError,
      returnId: r.returnId,
    })),
    events: events.map((e) => ({
      shipmentId: e.shipmentId,
      type: e.type,
      at: e.at,
      note: e.note,
      location: e.location,
    })),
  };
}
