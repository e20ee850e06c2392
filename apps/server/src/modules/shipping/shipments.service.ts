import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import {
  CANCELLABLE_SHIPMENT_STATUSES,
  SHIPMENT_MESSAGES,
  declaredValuePaise,
  formatInr,
  orderStatusFromShipments,
  paiseToRupees,
  shipmentLineProblems,
  shipmentStatusAfter,
  toPaged,
  unitsInShipments,
  weightMismatch,
  zonedDayStart,
  type BookShipmentInput,
  type BulkBookResult,
  type CreateShipmentInput,
  type DeskQuery,
  type DeskRow,
  type OrderShipments,
  type Paged,
  type ShipmentEventSource,
  type ShipmentEventType,
  type RtoInspection,
  type ShipmentException,
  type ShipmentView,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { shipmentEvents, shipmentLines, shipments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { followShipmentsIn, lockOrderByIdIn, orderById, orderLines } from '../orders';
import { partsTakenIn } from '../payments';
import { queueEmail, renderSubject, renderTemplate } from '../mail';
import { findTemplateByName } from '../email-templates';
import {
  CarrierUnavailableError,
  type BookingRequest,
  type CarrierAddress,
  type CarrierEvent,
} from './carrier';
import {
  itemsById,
  orderByNumber,
  orderNumbersOf,
  ordersToPack,
  shipmentsInQueue,
  vendorShops,
  type OrderRow,
} from './fulfilment.read-model';
import { renderPackingSlipPdf } from './shipment-pdfs';

type ShipmentRow = typeof shipments.$inferSelect;
type LineRow = typeof shipmentLines.$inferSelect;

/** Wrong delivery codes a parcel accepts before its code is locked. */
export const MAX_OTP_ATTEMPTS = 5;
/** A parcel on its way with no event for this long is asked about (carrier.track) by the reconciler. */
const RECONCILE_AFTER_MS = 6 * 3600_000;
/** Booking retries after a carrier outage: 30 s, doubling, at most an hour apart. */
export const bookingBackoffMs = (attempts: number) =>
  Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
/** A claimed booking attempt that never reported back (a crash) is tried again after this. */
const BOOKING_CLAIM_MS = 5 * 60_000;
/** Jewellery articles of precious metal (GST HSN 7113), given to the carrier for its manifest. */
const JEWELLERY_HSN = '7113';

/** The events that tell the buyer something (the tracking module's shipment mails). */
const NOTIFIED: readonly ShipmentEventType[] = ['BOOKED', 'OUT_FOR_DELIVERY', 'DELIVERED'];

export type NotifyShipmentEvent = (input: {
  shipmentId: number;
  orderId: string;
  type: ShipmentEventType;
}) => Promise<unknown>;

const DEFAULT_DELIVERY_CODE_MAIL = {
  subject: 'Your delivery code for order {{orderNumber}}',
  body: [
    '<p>Dear {{customerName}},</p>',
    '<p>Your order <strong>{{orderNumber}}</strong> is on its way with {{courierName}} (AWB {{awb}}). As a high-value parcel it is handed over only against this code:</p>',
    '<p style="font-size:24px;letter-spacing:4px"><strong>{{deliveryCode}}</strong></p>',
    '<p>Give the code to the delivery person only once the parcel is in your hands and its seal number {{sealNumber}} is intact. We never ask for it on the phone.</p>',
  ].join('\n'),
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The inspection of a parcel returned to origin, once done (docs/decisions/0046). */
function inspectionOf(s: ShipmentRow, toleranceGrams: number): RtoInspection | null {
  if (!s.inspectedAt || !s.inspectionOutcome) return null;
  const found = new Set(s.inspectedHuids ?? []);
  return {
    outcome: s.inspectionOutcome,
    huids: s.inspectedHuids ?? [],
    weightGrams: s.inspectedWeightGrams ?? 0,
    weightMismatch: weightMismatch(s.packedWeightGrams, s.inspectedWeightGrams, toleranceGrams),
    missingHuids: s.huidsPacked.filter((h) => !found.has(h)),
    note: s.inspectionNote ?? '',
    inspectedBy: s.inspectedBy ?? '',
    inspectedAt: s.inspectedAt.toISOString(),
    refundId: s.inspectionRefundId,
  };
}

/** The seller's address as the carrier's pickup point (its PIN code is the last 6-digit number in it). */
export function pickupAddressOf(config: AppContext['config']): CarrierAddress {
  const s = config.seller;
  const pins = s.address.match(/\b[1-9][0-9]{5}\b/g);
  const parts = s.address.split(',').map((p) => p.trim());
  return {
    name: s.legalName,
    phone: '',
    email: config.MAIL_FROM.replace(/^.*<([^>]+)>.*$/, '$1'),
    street: parts.slice(0, -1).join(', ') || s.address,
    city: (parts.at(-1) ?? '').replace(/\b[0-9]{6}\b/, '').trim(),
    state: s.state,
    pin: pins?.at(-1) ?? '',
    country: 'India',
  };
}

function deliveryAddressOf(order: OrderRow): CarrierAddress {
  const a = order.shippingAddress;
  return {
    name: a.fullName || order.customerName,
    phone: a.phone || order.customerPhone,
    email: order.customerEmail,
    street: a.street,
    city: a.city,
    state: a.state,
    pin: a.postalCode.trim(),
    country: a.country || 'India',
  };
}

export function createShippingService(ctx: AppContext) {
  const { db, config } = ctx;
  const insureAbovePaise = config.SHIPMENT_INSURE_ABOVE_RUPEES * 100;
  const confirmAbovePaise = config.SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES * 100;
  const otpHash = (id: number, code: string) =>
    createHmac('sha256', config.JWT_SECRET).update(`delivery-code:${id}:${code}`).digest('hex');

  const needsConfirmation = (s: ShipmentRow) =>
    s.declaredValuePaise > confirmAbovePaise && !s.carrierConfirmedBy;

  function exceptionOf(s: ShipmentRow, now: Date): ShipmentException | null {
    if (s.status === 'DELIVERY_FAILED') return 'DELIVERY_FAILED';
    // Once inspected, the parcel's outcome is shown instead (a dispute stays in the exceptions).
    if (s.status === 'RETURNED_TO_ORIGIN' && !s.inspectedAt) return 'RETURNED_TO_ORIGIN';
    if (s.weightMismatch) return 'WEIGHT_MISMATCH';
    if (s.status === 'BOOKING' && s.lastBookingError) return 'BOOKING_RETRYING';
    if (s.status === 'PACKED' && s.lastBookingError) return 'BOOKING_FAILED';
    const moving = ['BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'].includes(s.status);
    const last = s.lastEventAt ?? s.createdAt;
    if (moving && now.getTime() - last.getTime() > config.SHIPMENT_STALE_DAYS * 86_400_000)
      return 'NO_MOVEMENT';
    return null;
  }

  async function views(rows: ShipmentRow[]): Promise<ShipmentView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [lines, events, numbers] = await Promise.all([
      db.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, ids)),
      db
        .select()
        .from(shipmentEvents)
        .where(inArray(shipmentEvents.shipmentId, ids))
        .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id)),
      orderNumbersOf(db, [...new Set(rows.map((r) => r.orderId))]),
    ]);
    const items = await itemsById(db, [...new Set(lines.map((l) => l.orderItemId))]);
    const now = ctx.now();
    return rows.map((s) => ({
      id: s.id,
      orderId: s.orderId,
      orderNumber: numbers.get(s.orderId) ?? '',
      direction: s.direction,
      carrier: s.carrierMode,
      status: s.status,
      awb: s.awb,
      courierId: s.courierId,
      courierName: s.courierName,
      trackingUrl: s.trackingUrl,
      charge: s.chargePaise === null ? null : paiseToRupees(s.chargePaise),
      weightGrams: s.weightGrams,
      lengthCm: s.lengthCm,
      breadthCm: s.breadthCm,
      heightCm: s.heightCm,
      declaredValue: paiseToRupees(s.declaredValuePaise),
      insured: s.insured,
      otpDelivery: s.otpDelivery,
      otpVerified: s.otpVerifiedAt !== null,
      needsCarrierConfirmation: needsConfirmation(s),
      carrierConfirmedBy: s.carrierConfirmedBy,
      huids: s.huidsPacked,
      packedBy: s.packedByName,
      sealNumber: s.sealNumber,
      packedWeightGrams: s.packedWeightGrams,
      deliveredWeightGrams: s.deliveredWeightGrams,
      weightMismatch: s.weightMismatch,
      pickupAt: iso(s.pickupAt),
      bookingAttempts: s.bookingAttempts,
      lastBookingError: s.lastBookingError,
      lastEventAt: iso(s.lastEventAt),
      createdAt: s.createdAt.toISOString(),
      exception: exceptionOf(s, now),
      inspection: inspectionOf(s, config.SHIPMENT_WEIGHT_TOLERANCE_GRAMS),
      lines: lines
        .filter((l) => l.shipmentId === s.id)
        .map((l) => ({
          orderItemId: l.orderItemId,
          productName: items.get(l.orderItemId)?.productName ?? '',
          productSku: items.get(l.orderItemId)?.productSku ?? '',
          quantity: l.quantity,
        })),
      events: events
        .filter((e) => e.shipmentId === s.id)
        .map((e) => ({
          type: e.type,
          at: e.at.toISOString(),
          location: e.location,
          note: e.note,
          source: e.source,
          applied: e.applied,
        })),
    }));
  }

  async function shipmentRow(id: number): Promise<ShipmentRow> {
    const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
    if (!row) throw notFound('Shipment');
    return row;
  }

  async function shipment(id: number): Promise<ShipmentView> {
    return (await views([await shipmentRow(id)]))[0]!;
  }

  async function shipmentByAwb(awb: string): Promise<ShipmentView> {
    const [row] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.carrierMode, ctx.carrier.mode), eq(shipments.awb, awb)));
    if (!row) throw notFound('Shipment');
    return (await views([row]))[0]!;
  }

  /** The order's shipments with their lines (for the partial-dispatch and status rules). */
  async function unitsOf(db2: typeof db | Tx, orderId: string) {
    const rows = await db2
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.id));
    const lines: LineRow[] =
      rows.length === 0
        ? []
        : await db2
            .select()
            .from(shipmentLines)
            .where(
              inArray(
                shipmentLines.shipmentId,
                rows.map((r) => r.id),
              ),
            );
    return rows.map((r) => ({
      row: r,
      status: r.status,
      // A refused piece sent back to the buyer carries units delivered before: it never counts
      // towards packing or the order's status (docs/decisions/0054).
      direction: r.direction === 'FORWARD' && r.returnId !== null ? ('RETURN' as const) : r.direction,
      lines: lines
        .filter((l) => l.shipmentId === r.id)
        .map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
    }));
  }

  /**
   * The order's lines as far as they are still to be delivered: the units and HUID pieces that
   * partial cancellations and refunds took (docs/decisions/0039, `refund_parts`) are no longer
   * ordered, so they are never packed, and the order is SHIPPED/DELIVERED without them.
   */
  async function shippableLines(db2: typeof db | Tx, orderId: string) {
    const [lines, taken] = await Promise.all([orderLines(db2, orderId), partsTakenIn(db2, orderId)]);
    return lines.map((l) => {
      const parts = taken.filter((p) => p.orderItemId === l.id);
      const refundedHuids = new Set(parts.flatMap((p) => p.huids));
      const refundedUnits = parts.reduce((n, p) => n + p.units, 0);
      return {
        ...l,
        quantity: Math.max(0, l.quantity - refundedUnits),
        huids: l.huids.filter((h) => !refundedHuids.has(h)),
      };
    });
  }

  const mayPack = (o: OrderRow) =>
    ['CONFIRMED', 'PROCESSING'].includes(o.status) && o.paymentStatus === 'CAPTURED';

  async function orderShipments(orderNumber: string): Promise<OrderShipments> {
    const order = await orderByNumber(db, orderNumber);
    if (!order) throw notFound('Order');
    const [lines, units] = await Promise.all([shippableLines(db, order.id), unitsOf(db, order.id)]);
    const packed = unitsInShipments(units);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      canPack: mayPack(order),
      lines: lines.map((l) => ({
        orderItemId: l.id,
        productName: l.productName,
        productSku: l.productSku,
        ordered: l.quantity,
        packed: packed.get(l.id) ?? 0,
        left: Math.max(0, l.quantity - (packed.get(l.id) ?? 0)),
        huids: l.huids,
      })),
      shipments: await views(units.map((u) => u.row)),
      rules: {
        insureAboveRupees: config.SHIPMENT_INSURE_ABOVE_RUPEES,
        confirmCarrierAboveRupees: config.SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES,
        weightToleranceGrams: config.SHIPMENT_WEIGHT_TOLERANCE_GRAMS,
      },
      sandboxCarrier: ctx.carrier.mode === 'sandbox' && Boolean(ctx.sandboxCarrier),
    };
  }

  /** Moves the (locked) order to what its shipments call for. */
  async function followIn(tx: Tx, order: OrderRow, actor: string) {
    const [lines, units] = await Promise.all([shippableLines(tx, order.id), unitsOf(tx, order.id)]);
    const target = orderStatusFromShipments(
      lines.map((l) => ({ orderItemId: l.id, quantity: l.quantity })),
      units,
    );
    if (target) await followShipmentsIn(tx, order, target, actor, ctx.now());
  }

  /**
   * Packs a shipment: the lines and units (never more than is left of each), the packing record,
   * the HUIDs of the pieces (each one of the packed lines' own, each hallmarked unit scanned once),
   * the declared value and the value rules. The order moves to PROCESSING.
   */
  async function createShipment(
    orderNumber: string,
    input: CreateShipmentInput,
    user: AuthUser,
  ): Promise<ShipmentView> {
    const found = await orderByNumber(db, orderNumber);
    if (!found) throw notFound('Order');
    const id = await db.transaction(async (tx) => {
      const order = (await lockOrderByIdIn(tx, found.id))!;
      if (!mayPack(order)) throw conflict(SHIPMENT_MESSAGES.notPaid);
      const lines = await shippableLines(tx, order.id);
      const units = await unitsOf(tx, order.id);
      const problems = shipmentLineProblems(
        lines.map((l) => ({ orderItemId: l.id, quantity: l.quantity, name: l.productName })),
        units,
        input.lines,
      );
      if (problems.length > 0)
        throw new AppError(
          'VALIDATION',
          problems[0]!,
          problems.map((message) => ({ path: 'lines', message })),
        );
      // HUIDs: each one of the packed lines' pieces, not packed in another live shipment, and
      // every hallmarked unit packed scanned.
      const packedElsewhere = new Set(
        units.filter((u) => u.status !== 'CANCELLED').flatMap((u) => u.row.huidsPacked),
      );
      const issues: { path: string; message: string }[] = [];
      for (const huid of input.huids) {
        const line = lines.find(
          (l) => input.lines.some((r) => r.orderItemId === l.id) && l.huids.includes(huid),
        );
        if (!line) issues.push({ path: 'huids', message: SHIPMENT_MESSAGES.huidNotInOrder(huid) });
        else if (packedElsewhere.has(huid))
          issues.push({ path: 'huids', message: SHIPMENT_MESSAGES.huidPackedAlready(huid) });
      }
      for (const r of input.lines) {
        const line = lines.find((l) => l.id === r.orderItemId)!;
        if (line.huids.length === 0) continue;
        const scanned = input.huids.filter((h) => line.huids.includes(h)).length;
        if (scanned !== r.quantity)
          issues.push({
            path: 'huids',
            message: `Scan the HUID of each hallmarked piece packed: ${line.productName} needs ${r.quantity}, ${scanned} scanned`,
          });
      }
      if (issues.length > 0) throw new AppError('VALIDATION', issues[0]!.message, issues);
      const declared = declaredValuePaise(
        input.lines.map((r) => ({
          unitPricePaise: lines.find((l) => l.id === r.orderItemId)!.priceAtTimePaise,
          quantity: r.quantity,
        })),
        { subtotalPaise: order.totalAmountPaise, discountPaise: order.couponDiscountPaise },
      );
      const high = declared > insureAbovePaise;
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId: order.id,
          direction: 'FORWARD',
          carrierMode: ctx.carrier.mode,
          weightGrams: input.packedWeightGrams,
          lengthCm: input.lengthCm,
          breadthCm: input.breadthCm,
          heightCm: input.heightCm,
          declaredValuePaise: declared,
          insured: high || input.insured,
          otpDelivery: high,
          huidsPacked: input.huids,
          packedBy: user.id,
          packedByName: user.username,
          sealNumber: input.sealNumber,
          packedWeightGrams: input.packedWeightGrams,
          status: 'PACKED',
          createdBy: user.username,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning({ id: shipments.id });
      await tx
        .insert(shipmentLines)
        .values(
          input.lines.map((l) => ({ shipmentId: row!.id, orderItemId: l.orderItemId, quantity: l.quantity })),
        );
      await followIn(tx, order, `shipping:${user.username}`);
      return row!.id;
    });
    return shipment(id);
  }

  /** Queues a shipment for booking (the carrier confirmed above the value rule); false when refused. */
  async function queue(id: number, input: BookShipmentInput, actor: string): Promise<void> {
    const s = await shipmentRow(id);
    if (s.status !== 'PACKED') throw conflict(SHIPMENT_MESSAGES.notBookable(s.status));
    if (s.declaredValuePaise > confirmAbovePaise && (!input.confirmCarrier || !input.courierId))
      throw conflict(SHIPMENT_MESSAGES.confirmCarrier(formatInr(paiseToRupees(s.declaredValuePaise))));
    const confirmed = s.declaredValuePaise > confirmAbovePaise ? actor : null;
    const [queued] = await db
      .update(shipments)
      .set({
        status: 'BOOKING',
        courierId: input.courierId ?? null,
        carrierConfirmedBy: confirmed,
        nextBookingAt: null,
        lastBookingError: null,
        updatedAt: ctx.now(),
      })
      .where(and(eq(shipments.id, id), eq(shipments.status, 'PACKED')))
      .returning({ id: shipments.id });
    if (!queued) throw conflict(SHIPMENT_MESSAGES.notBookable('no longer packed'));
  }

  /** Books one shipment now: queued, then the first attempt in this request (retries are the job's). */
  async function book(id: number, input: BookShipmentInput, actor: string): Promise<ShipmentView> {
    await queue(id, input, actor);
    await attemptBooking(id);
    return shipment(id);
  }

  /** Queues many shipments; the booking job books them (each refused one says why). */
  async function bookMany(ids: number[], actor: string): Promise<BulkBookResult> {
    const result: BulkBookResult = { queued: [], refused: [] };
    for (const id of [...new Set(ids)]) {
      try {
        await queue(id, { confirmCarrier: false }, actor);
        result.queued.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.refused.push({ shipmentId: id, message: err.message });
      }
    }
    return result;
  }

  async function bookingRequestOf(s: ShipmentRow): Promise<BookingRequest> {
    const order = (await orderById(db, s.orderId))!;
    const lines = await db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, s.id));
    const items = await itemsById(
      db,
      lines.map((l) => l.orderItemId),
    );
    return {
      reference: `shipment-${s.id}`,
      orderNumber: order.orderNumber,
      direction: s.direction,
      // A reverse pickup (a return) is collected from the buyer and delivered to the shop.
      pickup: s.direction === 'RETURN' ? deliveryAddressOf(order) : pickupAddressOf(config),
      delivery: s.direction === 'RETURN' ? pickupAddressOf(config) : deliveryAddressOf(order),
      lines: lines.map((l) => {
        const item = items.get(l.orderItemId)!;
        return {
          sku: item.productSku,
          name: item.productName,
          units: l.quantity,
          unitPricePaise: item.priceAtTimePaise,
          hsn: JEWELLERY_HSN,
        };
      }),
      declaredValuePaise: s.declaredValuePaise,
      insured: s.insured,
      otpDelivery: s.otpDelivery,
      weightGrams: s.weightGrams,
      lengthCm: s.lengthCm,
      breadthCm: s.breadthCm,
      heightCm: s.heightCm,
      ...(s.courierId ? { courierId: s.courierId } : {}),
    };
  }

  /**
   * One booking attempt for a queued shipment, claimed so no other worker tries it at the same time.
   * A carrier outage keeps it queued with a later attempt time (backoff); a refusal puts it back to
   * PACKED with the carrier's reason. Booking is idempotent by reference, so an attempt after a crash
   * between the carrier's answer and our write gets the same booking back.
   */
  async function attemptBooking(id: number): Promise<'booked' | 'retry' | 'refused' | 'skipped'> {
    const now = ctx.now();
    const [claimed] = await db
      .update(shipments)
      .set({ nextBookingAt: new Date(now.getTime() + BOOKING_CLAIM_MS) })
      .where(
        and(
          eq(shipments.id, id),
          eq(shipments.status, 'BOOKING'),
          or(isNull(shipments.nextBookingAt), lte(shipments.nextBookingAt, now)),
        ),
      )
      .returning();
    if (!claimed) return 'skipped';
    const attempts = claimed.bookingAttempts;
    let booking;
    try {
      booking = await ctx.carrier.book(await bookingRequestOf(claimed));
    } catch (err) {
      const outage = err instanceof CarrierUnavailableError;
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(shipments)
        .set({
          status: outage ? 'BOOKING' : 'PACKED',
          bookingAttempts: attempts + 1,
          lastBookingError: message.slice(0, 500),
          nextBookingAt: outage ? new Date(ctx.now().getTime() + bookingBackoffMs(attempts + 1)) : null,
          updatedAt: ctx.now(),
        })
        .where(and(eq(shipments.id, id), eq(shipments.status, 'BOOKING')));
      if (outage) ctx.log.warn({ shipmentId: id, err }, 'carrier unavailable: booking queued for retry');
      else ctx.log.warn({ shipmentId: id, message }, 'the carrier refused a booking');
      return outage ? 'retry' : 'refused';
    }
    const at = ctx.now();
    let code: string | null = null;
    let cancelledMeanwhile = false;
    await db.transaction(async (tx) => {
      const order = (await lockOrderByIdIn(tx, claimed.orderId))!;
      const [booked] = await tx
        .update(shipments)
        .set({
          status: 'BOOKED',
          carrierShipmentId: booking.carrierShipmentId,
          awb: booking.awb,
          courierName: booking.courierName,
          trackingUrl: booking.trackingUrl,
          chargePaise: booking.chargePaise,
          bookingAttempts: attempts + 1,
          lastBookingError: null,
          nextBookingAt: null,
          bookedAt: at,
          lastEventAt: at,
          updatedAt: at,
        })
        .where(and(eq(shipments.id, id), eq(shipments.status, 'BOOKING')))
        .returning();
      if (!booked) {
        cancelledMeanwhile = true;
        return;
      }
      await tx
        .insert(shipmentEvents)
        .values({
          shipmentId: id,
          type: 'BOOKED',
          at,
          location: pickupAddressOf(config).city,
          note: `Booked with ${booking.courierName}, AWB ${booking.awb}`,
          source: 'SYSTEM',
          carrierEventId: `${booked.carrierMode}:${booking.awb}:BOOKED`,
        })
        .onConflictDoNothing({ target: shipmentEvents.carrierEventId });
      if (booked.otpDelivery && !booked.otpHash) {
        code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await tx
          .update(shipments)
          .set({ otpHash: otpHash(id, code) })
          .where(eq(shipments.id, id));
        await queueDeliveryCodeMail(tx, order, booked, code);
      }
    });
    if (cancelledMeanwhile) {
      // Cancelled while the carrier was booking it: the booking is cancelled at the carrier too.
      await ctx.carrier
        .cancel({ carrierShipmentId: booking.carrierShipmentId, awb: booking.awb })
        .catch((err: unknown) =>
          ctx.log.error(
            { err, shipmentId: id },
            'could not cancel a booking made after the shipment was cancelled',
          ),
        );
      return 'skipped';
    }
    if (code) await sendDeliveryCodeSms(claimed, code);
    if (claimed.direction === 'FORWARD') await notify(id, claimed.orderId, 'BOOKED');
    return 'booked';
  }

  async function queueDeliveryCodeMail(tx: Tx, order: OrderRow, s: ShipmentRow, code: string) {
    const template = (await findTemplateByName(tx, 'delivery-code')) ?? DEFAULT_DELIVERY_CODE_MAIL;
    const variables = {
      customerName: order.customerName,
      orderNumber: order.orderNumber,
      courierName: s.courierName ?? '',
      awb: s.awb ?? '',
      sealNumber: s.sealNumber,
      deliveryCode: code,
    };
    await queueEmail(tx, {
      dedupeKey: `delivery-code:${s.id}`,
      to: order.customerEmail,
      subject: renderSubject(template.subject, variables),
      html: renderTemplate(template.body, variables),
    });
  }

  async function sendDeliveryCodeSms(s: ShipmentRow, code: string) {
    if (!ctx.sms) return;
    const order = (await orderById(db, s.orderId))!;
    try {
      await ctx.sms.send({
        to: order.customerPhone,
        text: `Zevar: your delivery code for order ${order.orderNumber} is ${code}. Give it only once the sealed parcel is in your hands.`,
        reference: `delivery-code:${s.id}`,
      });
    } catch (err) {
      // The mail carries the code too; the SMS provider's failure loses nothing.
      ctx.log.warn({ err, shipmentId: s.id }, 'the delivery code SMS could not be sent');
    }
  }

  async function notify(shipmentId: number, orderId: string, type: ShipmentEventType) {
    if (!ctx.notifyShipmentEvent || !NOTIFIED.includes(type)) return;
    try {
      await ctx.notifyShipmentEvent({ shipmentId, orderId, type });
    } catch (err) {
      ctx.log.error({ err, shipmentId, type }, 'shipment notification failed');
    }
  }

  /** The booking job: every queued shipment whose attempt time has come. */
  async function processDueBookings(limit = 20): Promise<number> {
    const now = ctx.now();
    const due = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        and(
          eq(shipments.status, 'BOOKING'),
          or(isNull(shipments.nextBookingAt), lte(shipments.nextBookingAt, now)),
        ),
      )
      .orderBy(asc(shipments.id))
      .limit(limit);
    let booked = 0;
    for (const { id } of due) {
      const outcome = await attemptBooking(id);
      if (outcome === 'booked') booked += 1;
      // The carrier is down: the rest wait for their own attempt times, no need to hammer it.
      if (outcome === 'retry') break;
    }
    return booked;
  }

  async function rates(id: number) {
    const s = await shipmentRow(id);
    const order = (await orderById(db, s.orderId))!;
    const answer = await ctx.carrier.serviceability({
      pickupPin: pickupAddressOf(config).pin,
      deliveryPin: order.shippingAddress.postalCode.trim(),
      weightGrams: s.weightGrams,
      declaredValuePaise: s.declaredValuePaise,
    });
    if (!answer.serviceable) return { serviceable: false as const };
    return {
      serviceable: true as const,
      rates: answer.rates.map((r) => ({
        courierId: r.courierId,
        courierName: r.courierName,
        charge: paiseToRupees(r.chargePaise),
        etaDays: r.etaDays,
      })),
    };
  }

  /** Cancels a shipment before pickup (at the carrier too, once booked); its units are packable again. */
  async function cancel(id: number, actor: string): Promise<ShipmentView> {
    const s = await shipmentRow(id);
    if (!CANCELLABLE_SHIPMENT_STATUSES.includes(s.status)) throw conflict(SHIPMENT_MESSAGES.notCancellable);
    if (s.status === 'BOOKED' && s.awb && s.carrierShipmentId)
      await ctx.carrier.cancel({ carrierShipmentId: s.carrierShipmentId, awb: s.awb });
    await db.transaction(async (tx) => {
      await lockOrderByIdIn(tx, s.orderId);
      const [done] = await tx
        .update(shipments)
        .set({ status: 'CANCELLED', cancelledAt: ctx.now(), updatedAt: ctx.now() })
        .where(and(eq(shipments.id, id), inArray(shipments.status, [...CANCELLABLE_SHIPMENT_STATUSES])))
        .returning();
      if (!done) throw conflict(SHIPMENT_MESSAGES.notCancellable);
      ctx.log.info({ shipmentId: id, actor }, 'shipment cancelled');
    });
    return shipment(id);
  }

  async function schedulePickup(ids: number[]): Promise<ShipmentView[]> {
    const rows = await db.select().from(shipments).where(inArray(shipments.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound('Shipment');
    const unbooked = rows.find((r) => r.status !== 'BOOKED' || !r.awb || !r.carrierShipmentId);
    if (unbooked) throw conflict(`Shipment ${unbooked.id}: ${SHIPMENT_MESSAGES.notBooked}`);
    const { pickupAt } = await ctx.carrier.schedulePickup(
      rows.map((r) => ({ carrierShipmentId: r.carrierShipmentId!, awb: r.awb! })),
    );
    await db.update(shipments).set({ pickupAt, updatedAt: ctx.now() }).where(inArray(shipments.id, ids));
    return views(
      await db.select().from(shipments).where(inArray(shipments.id, ids)).orderBy(asc(shipments.id)),
    );
  }

  async function label(id: number): Promise<{ pdf: Buffer; filename: string }> {
    const s = await shipmentRow(id);
    if (!s.awb || !s.carrierShipmentId || s.status === 'BOOKING' || s.status === 'PACKED')
      throw conflict(SHIPMENT_MESSAGES.notBooked);
    return {
      pdf: await ctx.carrier.label({ carrierShipmentId: s.carrierShipmentId, awb: s.awb }),
      filename: `label-${s.awb}.pdf`,
    };
  }

  async function manifest(ids: number[]): Promise<{ pdf: Buffer; filename: string }> {
    const rows = await db
      .select()
      .from(shipments)
      .where(inArray(shipments.id, ids))
      .orderBy(asc(shipments.id));
    if (rows.length !== new Set(ids).size) throw notFound('Shipment');
    const unbooked = rows.find((r) => !r.awb || !r.carrierShipmentId || r.status !== 'BOOKED');
    if (unbooked)
      throw conflict(`Shipment ${unbooked.id}: only booked parcels waiting for pickup go on a manifest`);
    const pdf = await ctx.carrier.manifest(
      rows.map((r) => ({ carrierShipmentId: r.carrierShipmentId!, awb: r.awb! })),
    );
    return { pdf, filename: `manifest-${ctx.now().toISOString().slice(0, 10)}.pdf` };
  }

  async function packingSlip(id: number, showPrices: boolean): Promise<{ pdf: Buffer; filename: string }> {
    const s = await shipmentRow(id);
    const order = (await orderById(db, s.orderId))!;
    const lines = await db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id));
    const items = await itemsById(
      db,
      lines.map((l) => l.orderItemId),
    );
    const pdf = await renderPackingSlipPdf({
      seller: config.seller,
      orderNumber: order.orderNumber,
      orderDate: order.createdAt,
      shipmentId: s.id,
      awb: s.awb,
      shipTo: deliveryAddressOf(order),
      lines: lines.map((l) => ({
        name: items.get(l.orderItemId)!.productName,
        sku: items.get(l.orderItemId)!.productSku,
        quantity: l.quantity,
        unitPricePaise: items.get(l.orderItemId)!.priceAtTimePaise,
      })),
      huids: s.huidsPacked,
      sealNumber: s.sealNumber,
      packedWeightGrams: s.packedWeightGrams,
      packedBy: s.packedByName,
      packedAt: s.createdAt,
      showPrices,
      timeZone: config.BUSINESS_TIMEZONE,
    });
    return { pdf, filename: `packing-slip-${order.orderNumber}-${s.id}.pdf` };
  }

  /**
   * Records carrier events (webhook or tracking): each once (its carrier event id), kept in the
   * timeline; it moves the shipment only forward (shipmentStatusAfter), flags a delivery whose
   * weight is off, and moves the order to what its shipments call for, all in one transaction.
   */
  async function recordCarrierEvents(
    events: CarrierEvent[],
    source: ShipmentEventSource,
  ): Promise<{ recorded: number; duplicates: number; unknown: number }> {
    const tally = { recorded: 0, duplicates: 0, unknown: 0 };
    for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const [target] = await db
        .select({ id: shipments.id, orderId: shipments.orderId, direction: shipments.direction })
        .from(shipments)
        .where(and(eq(shipments.carrierMode, ctx.carrier.mode), eq(shipments.awb, event.awb)));
      if (!target) {
        tally.unknown += 1;
        continue;
      }
      const applied = await db.transaction(async (tx) => {
        const order = (await lockOrderByIdIn(tx, target.orderId))!;
        const [s] = await tx.select().from(shipments).where(eq(shipments.id, target.id)).for('update');
        const next = shipmentStatusAfter(s!.status, s!.lastEventAt, event);
        const [inserted] = await tx
          .insert(shipmentEvents)
          .values({
            shipmentId: s!.id,
            type: event.type,
            at: event.at,
            location: event.location.slice(0, 200),
            note: event.note.slice(0, 500),
            source,
            carrierEventId: `${ctx.carrier.mode}:${event.eventId}`,
            applied: next !== null,
          })
          .onConflictDoNothing({ target: shipmentEvents.carrierEventId })
          .returning({ id: shipmentEvents.id });
        if (!inserted) return 'duplicate' as const;
        if (!next) return 'kept' as const;
        const delivered = next === 'DELIVERED';
        const weight = delivered ? (event.weightGrams ?? null) : null;
        await tx
          .update(shipments)
          .set({
            status: next,
            lastEventAt: event.at,
            updatedAt: ctx.now(),
            ...(next === 'PICKED_UP' && !s!.pickupAt ? { pickupAt: event.at } : {}),
            ...(delivered
              ? {
                  deliveredAt: event.at,
                  deliveredWeightGrams: weight,
                  weightMismatch: weightMismatch(
                    s!.packedWeightGrams,
                    weight,
                    config.SHIPMENT_WEIGHT_TOLERANCE_GRAMS,
                  ),
                }
              : {}),
          })
          .where(eq(shipments.id, s!.id));
        if (delivered && weightMismatch(s!.packedWeightGrams, weight, config.SHIPMENT_WEIGHT_TOLERANCE_GRAMS))
          ctx.log.warn(
            { shipmentId: s!.id, packed: s!.packedWeightGrams, delivered: weight },
            'a parcel was delivered at a weight different from its packed weight',
          );
        await followIn(tx, order, `carrier:${event.type.toLowerCase()}`);
        return 'applied' as const;
      });
      if (applied === 'duplicate') tally.duplicates += 1;
      else tally.recorded += 1;
      // The buyer's shipment mails are about parcels coming to them, not their returns going back.
      if (applied === 'applied' && target.direction === 'FORWARD')
        await notify(target.id, target.orderId, event.type);
    }
    return tally;
  }

  /**
   * The buyer's delivery code, checked at the door (the sandbox courier's DELIVERED step): right
   * records the proof; wrong counts an attempt, and after MAX_OTP_ATTEMPTS the code is locked.
   */
  async function verifyDeliveryCode(awb: string, code: string | undefined): Promise<void> {
    const [s] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.carrierMode, ctx.carrier.mode), eq(shipments.awb, awb)));
    if (!s) throw notFound('Shipment');
    if (!s.otpDelivery) return;
    if (s.otpAttempts >= MAX_OTP_ATTEMPTS) throw conflict(SHIPMENT_MESSAGES.otpLocked);
    if (!code)
      throw new AppError('VALIDATION', SHIPMENT_MESSAGES.otpRequired, [
        { path: 'otp', message: SHIPMENT_MESSAGES.otpRequired },
      ]);
    const expected = Buffer.from(s.otpHash ?? '', 'hex');
    const given = Buffer.from(otpHash(s.id, code), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await db.update(shipments).set({ otpVerifiedAt: ctx.now() }).where(eq(shipments.id, s.id));
      return;
    }
    const [after] = await db
      .update(shipments)
      .set({ otpAttempts: s.otpAttempts + 1 })
      .where(and(eq(shipments.id, s.id), eq(shipments.otpAttempts, s.otpAttempts)))
      .returning({ attempts: shipments.otpAttempts });
    const left = MAX_OTP_ATTEMPTS - (after?.attempts ?? MAX_OTP_ATTEMPTS);
    const message = left > 0 ? SHIPMENT_MESSAGES.otpWrong(left) : SHIPMENT_MESSAGES.otpLocked;
    throw new AppError('VALIDATION', message, [{ path: 'otp', message }]);
  }

  /**
   * The reconciler: asks the carrier for the events of parcels on their way that have had none for
   * a while (a missed webhook), and records them like the webhook's.
   */
  async function reconcile(limit = 50): Promise<number> {
    const quietSince = new Date(ctx.now().getTime() - RECONCILE_AFTER_MS);
    const quiet = await db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.carrierMode, ctx.carrier.mode),
          inArray(shipments.status, [
            'BOOKED',
            'PICKED_UP',
            'IN_TRANSIT',
            'OUT_FOR_DELIVERY',
            'DELIVERY_FAILED',
          ]),
          lt(shipments.lastEventAt, quietSince),
        ),
      )
      .orderBy(asc(shipments.lastEventAt))
      .limit(limit);
    let recorded = 0;
    for (const s of quiet) {
      if (!s.awb) continue;
      try {
        const { recorded: n } = await recordCarrierEvents(await ctx.carrier.track(s.awb), 'TRACKING');
        recorded += n;
      } catch (err) {
        if (err instanceof CarrierUnavailableError) break;
        ctx.log.warn({ err, shipmentId: s.id }, 'tracking a quiet shipment failed');
      }
    }
    return recorded;
  }

  /** The fulfilment desk: one queue, filtered and paged in SQL. */
  async function desk(q: DeskQuery): Promise<Paged<DeskRow>> {
    const tz = config.BUSINESS_TIMEZONE;
    const filters = {
      queue: q.queue,
      vendorId: q.vendorId,
      from: q.from ? zonedDayStart(q.from, tz) : undefined,
      to: q.to ? new Date(zonedDayStart(q.to, tz).getTime() + 86_400_000) : undefined,
      staleBefore: new Date(ctx.now().getTime() - config.SHIPMENT_STALE_DAYS * 86_400_000),
    };
    const base = (r: { order: OrderRow; vendorName: string | null; unitsLeft: number }) => ({
      orderId: r.order.id,
      orderNumber: r.order.orderNumber,
      orderDate: r.order.createdAt.toISOString(),
      orderStatus: r.order.status,
      customerName: r.order.customerName,
      deliveryPin: r.order.shippingAddress.postalCode,
      vendor: r.order.vendorId ? { id: r.order.vendorId, name: r.vendorName ?? '' } : null,
      unitsLeft: r.unitsLeft,
    });
    if (q.queue === 'TO_PACK') {
      const { rows, total } = await ordersToPack(db, filters, q.size, q.page * q.size);
      return toPaged(
        rows.map((r) => ({ ...base(r), shipment: null })),
        total,
        q,
      );
    }
    const { rows, total } = await shipmentsInQueue(db, filters, q.size, q.page * q.size);
    const now = ctx.now();
    return toPaged(
      rows.map((r) => ({
        ...base(r),
        shipment: {
          id: r.shipment.id,
          status: r.shipment.status,
          awb: r.shipment.awb,
          courierName: r.shipment.courierName,
          trackingUrl: r.shipment.trackingUrl,
          declaredValue: paiseToRupees(r.shipment.declaredValuePaise),
          insured: r.shipment.insured,
          otpDelivery: r.shipment.otpDelivery,
          needsCarrierConfirmation: needsConfirmation(r.shipment),
          packedAt: r.shipment.createdAt.toISOString(),
          lastEventAt: iso(r.shipment.lastEventAt),
          exception: exceptionOf(r.shipment, now),
          inspectionOutcome: r.shipment.inspectedAt ? r.shipment.inspectionOutcome : null,
        },
      })),
      total,
      q,
    );
  }

  /** The shops the desk can be filtered by. */
  const shops = () => vendorShops(db);

  return {
    shops,
    orderShipments,
    createShipment,
    book,
    bookMany,
    processDueBookings,
    attemptBooking,
    rates,
    cancel,
    schedulePickup,
    label,
    manifest,
    packingSlip,
    shipment,
    shipmentByAwb,
    recordCarrierEvents,
    verifyDeliveryCode,
    reconcile,
    desk,
  };
}
