import { z } from 'zod';
import { SHIPMENT_EVENT_TYPES, shipmentEventTypeSchema, type ShipmentEventType } from './shipment-events';
import { MAX_DB_ID, dbIdSchema, pageQuerySchema } from './paging';
import { safeString } from './primitives';
import { huidListSchema } from './jewellery-price';
import { RTO_OUTCOMES, rtoInspectionSchema } from './rto-inspection';
import { ORDER_STATUS_VALUES } from './commerce';

/** Where a parcel is going: to the buyer, or back from the buyer to the shop (a return pickup). */
export const SHIPMENT_DIRECTIONS = ['FORWARD', 'RETURN'] as const;
export type ShipmentDirection = (typeof SHIPMENT_DIRECTIONS)[number];

/**
 * A shipment's state (issue 22). PACKED: packed and sealed, not yet asked of the carrier;
 * BOOKING: queued for the carrier (a carrier outage keeps it here and the job retries);
 * then the carrier's events; CANCELLED before pickup.
 */
export const SHIPMENT_STATUSES = ['PACKED', 'BOOKING', ...SHIPMENT_EVENT_TYPES, 'CANCELLED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  PACKED: 'Packed',
  BOOKING: 'Booking',
  BOOKED: 'Booked',
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery failed',
  RETURNED_TO_ORIGIN: 'Returned to origin',
  CANCELLED: 'Cancelled',
};

export const SHIPMENT_EVENT_SOURCES = ['WEBHOOK', 'TRACKING', 'SYSTEM'] as const;
export type ShipmentEventSource = (typeof SHIPMENT_EVENT_SOURCES)[number];

/** Types of event that end a parcel's journey. */
export const TERMINAL_SHIPMENT_EVENTS: readonly ShipmentEventType[] = ['DELIVERED', 'RETURNED_TO_ORIGIN'];

/* ---------------------------------------------------------------------------------------------- */
/* Rules                                                                                            */
/* ---------------------------------------------------------------------------------------------- */

/** Shipment states in which the parcel has left the shop (its units count as shipped). */
export const SHIPPED_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  'PICKED_UP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'DELIVERY_FAILED',
  'RETURNED_TO_ORIGIN',
];
/** Shipment states before pickup, in which a shipment may still be cancelled. */
export const CANCELLABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['PACKED', 'BOOKING', 'BOOKED'];

/** How far along its journey each state is; a parcel never moves to a lower rank (see shipmentStatusAfter). */
const RANK: Record<ShipmentStatus, number> = {
  PACKED: 0,
  BOOKING: 0,
  BOOKED: 1,
  PICKED_UP: 2,
  IN_TRANSIT: 3,
  OUT_FOR_DELIVERY: 4,
  DELIVERY_FAILED: 4,
  DELIVERED: 5,
  RETURNED_TO_ORIGIN: 5,
  CANCELLED: 6,
};
const ENDED: readonly ShipmentStatus[] = ['DELIVERED', 'RETURNED_TO_ORIGIN', 'CANCELLED'];

/**
 * The state a carrier event moves a shipment to, or null when it does not move it: a replayed or
 * older event (its time before the latest event applied), an event of an ended journey (delivered,
 * returned, cancelled), or one that would take the parcel back along its journey. After a failed
 * delivery the parcel may go back out (a re-attempt) or back in transit (towards its origin).
 */
export function shipmentStatusAfter(
  current: ShipmentStatus,
  lastEventAt: Date | null,
  event: { type: ShipmentEventType; at: Date },
): ShipmentStatus | null {
  if (ENDED.includes(current) || event.type === current) return null;
  if (lastEventAt && event.at.getTime() < lastEventAt.getTime()) return null;
  if (RANK[event.type] >= RANK[current]) return event.type;
  if (current === 'DELIVERY_FAILED' && event.type === 'IN_TRANSIT') return event.type;
  return null;
}

export type OrderLineUnits = { orderItemId: number; quantity: number };
export type ShipmentUnits = { status: ShipmentStatus; direction: ShipmentDirection; lines: OrderLineUnits[] };

/** Units of each order line in live forward shipments (every state but CANCELLED). */
export function unitsInShipments(
  shipments: readonly ShipmentUnits[],
  statuses?: readonly ShipmentStatus[],
): Map<number, number> {
  const units = new Map<number, number>();
  for (const s of shipments) {
    if (s.direction !== 'FORWARD' || s.status === 'CANCELLED') continue;
    if (statuses && !statuses.includes(s.status)) continue;
    for (const l of s.lines) units.set(l.orderItemId, (units.get(l.orderItemId) ?? 0) + l.quantity);
  }
  return units;
}

/** Units of each order line not yet in any live forward shipment (never negative). */
export function unitsLeftToShip(
  ordered: readonly OrderLineUnits[],
  shipments: readonly ShipmentUnits[],
): Map<number, number> {
  const packed = unitsInShipments(shipments);
  return new Map(
    ordered.map((l) => [l.orderItemId, Math.max(0, l.quantity - (packed.get(l.orderItemId) ?? 0))]),
  );
}

export const SHIPMENT_LINE_MESSAGES = {
  empty: 'Choose at least one line and a quantity to pack',
  notInOrder: (id: number) => `Line ${id} is not a line of this order`,
  tooMany: (name: string, left: number) =>
    left === 0
      ? `${name} is already packed in full`
      : `Only ${left} unit${left === 1 ? '' : 's'} of ${name} ${left === 1 ? 'is' : 'are'} left to pack`,
  twice: (id: number) => `Line ${id} is listed twice`,
} as const;

/**
 * Problems with packing `requested` units of an order (partial dispatch): each line must be one of
 * the order's, listed once, with at most what is left of it after the live shipments. [] when fine.
 */
export function shipmentLineProblems(
  ordered: readonly (OrderLineUnits & { name: string })[],
  shipments: readonly ShipmentUnits[],
  requested: readonly OrderLineUnits[],
): string[] {
  if (requested.length === 0) return [SHIPMENT_LINE_MESSAGES.empty];
  const left = unitsLeftToShip(ordered, shipments);
  const seen = new Set<number>();
  const problems: string[] = [];
  for (const r of requested) {
    const line = ordered.find((o) => o.orderItemId === r.orderItemId);
    if (!line) problems.push(SHIPMENT_LINE_MESSAGES.notInOrder(r.orderItemId));
    else if (seen.has(r.orderItemId)) problems.push(SHIPMENT_LINE_MESSAGES.twice(r.orderItemId));
    else if (r.quantity > (left.get(r.orderItemId) ?? 0))
      problems.push(SHIPMENT_LINE_MESSAGES.tooMany(line.name, left.get(r.orderItemId) ?? 0));
    seen.add(r.orderItemId);
  }
  return problems;
}

/**
 * The order status its shipments call for (issue 22): DELIVERED when every unit is in a delivered
 * shipment, SHIPPED when every unit has left the shop, PROCESSING while any is packed; null when no
 * live shipment exists (the order's status is then the admin's).
 */
export function orderStatusFromShipments(
  ordered: readonly OrderLineUnits[],
  shipments: readonly ShipmentUnits[],
): 'PROCESSING' | 'SHIPPED' | 'DELIVERED' | null {
  const live = shipments.filter((s) => s.direction === 'FORWARD' && s.status !== 'CANCELLED');
  if (live.length === 0 || ordered.length === 0) return null;
  const all = (units: Map<number, number>) =>
    ordered.every((l) => (units.get(l.orderItemId) ?? 0) >= l.quantity);
  if (all(unitsInShipments(live, ['DELIVERED']))) return 'DELIVERED';
  if (all(unitsInShipments(live, SHIPPED_SHIPMENT_STATUSES))) return 'SHIPPED';
  return 'PROCESSING';
}

/**
 * The declared (invoice) value of some units of an order: each line's price less its share of the
 * order's coupon discount, in paise.
 */
export function declaredValuePaise(
  lines: readonly { unitPricePaise: number; quantity: number }[],
  order: { subtotalPaise: number; discountPaise: number },
): number {
  const gross = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  if (order.subtotalPaise <= 0 || order.discountPaise <= 0) return gross;
  return Math.max(0, gross - Math.round((gross * order.discountPaise) / order.subtotalPaise));
}

/** Whether a delivered parcel's weight differs from its packed weight by more than the tolerance. */
export function weightMismatch(packedGrams: number, deliveredGrams: number | null, toleranceGrams: number) {
  return deliveredGrams !== null && Math.abs(deliveredGrams - packedGrams) > toleranceGrams;
}

/* ---------------------------------------------------------------------------------------------- */
/* API                                                                                              */
/* ---------------------------------------------------------------------------------------------- */

const grams = z.number().int().min(1, 'Enter the weight in grams').max(100_000, 'At most 100 kg');
const cm = z.number().int().min(1, 'Enter the size in centimetres').max(300, 'At most 300 cm');

/** Packing a shipment: which units of which lines, and the tamper-evident packing record. */
export const createShipmentSchema = z.object({
  lines: z
    .array(z.object({ orderItemId: dbIdSchema, quantity: z.number().int().min(1).max(100_000) }))
    .min(1, SHIPMENT_LINE_MESSAGES.empty)
    .max(200),
  /** The number on the tamper-evident seal. */
  sealNumber: safeString().trim().min(1, 'Enter the seal number').max(60),
  /** The sealed package weighed at packing (also the weight given to the carrier). */
  packedWeightGrams: grams,
  lengthCm: cm,
  breadthCm: cm,
  heightCm: cm,
  /** HUIDs of the hallmarked pieces put in the package: each must be one of the order's. */
  huids: huidListSchema.default([]),
  /** Insure the parcel; always on above SHIPMENT_INSURE_ABOVE_RUPEES. */
  insured: z.boolean().default(false),
});
export type CreateShipmentInput = z.infer<typeof createShipmentSchema>;

/** Booking at the carrier; above SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES the admin names and confirms the courier. */
export const bookShipmentSchema = z.object({
  courierId: safeString().trim().min(1).max(60).optional(),
  confirmCarrier: z.boolean().default(false),
});
export type BookShipmentInput = z.infer<typeof bookShipmentSchema>;

const shipmentIdsSchema = z
  .array(dbIdSchema)
  .min(1, 'Choose at least one shipment')
  .max(100, 'At most 100 shipments at a time');
export const bulkBookSchema = z.object({ shipmentIds: shipmentIdsSchema });
export const schedulePickupSchema = z.object({ shipmentIds: shipmentIdsSchema });
/** `ids=1,2,3` in a query string. */
export const manifestQuerySchema = z.object({
  ids: safeString()
    .max(1200)
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          safeString()
            .regex(/^[0-9]{1,10}$/, 'Must be a whole number')
            .transform(Number)
            .pipe(z.number().int().positive().max(MAX_DB_ID)),
        )
        .min(1, 'Choose at least one shipment')
        .max(100),
    ),
});
export const packingSlipQuerySchema = z.object({
  /** 'false' prints the slip without prices (a gift, or a vendor's customer). */
  prices: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const bulkBookResultSchema = z.object({
  queued: z.array(z.number().int()),
  refused: z.array(z.object({ shipmentId: z.number().int(), message: safeString() })),
});
export type BulkBookResult = z.infer<typeof bulkBookResultSchema>;

export const shipmentEventViewSchema = z.object({
  type: shipmentEventTypeSchema,
  at: safeString(),
  location: safeString(),
  note: safeString(),
  source: z.enum(SHIPMENT_EVENT_SOURCES),
  /** False: the event arrived late and did not move the shipment (kept in the timeline). */
  applied: z.boolean(),
});
export type ShipmentEventView = z.infer<typeof shipmentEventViewSchema>;

export const SHIPMENT_EXCEPTIONS = [
  'DELIVERY_FAILED',
  'RETURNED_TO_ORIGIN',
  'WEIGHT_MISMATCH',
  'NO_MOVEMENT',
  'BOOKING_RETRYING',
  'BOOKING_FAILED',
] as const;
export type ShipmentException = (typeof SHIPMENT_EXCEPTIONS)[number];
export const SHIPMENT_EXCEPTION_LABELS: Record<ShipmentException, string> = {
  DELIVERY_FAILED: 'Delivery failed',
  RETURNED_TO_ORIGIN: 'Returned to origin',
  WEIGHT_MISMATCH: 'Weight at delivery differs from the packed weight',
  NO_MOVEMENT: 'No movement',
  BOOKING_RETRYING: 'Carrier unreachable: booking is retried',
  BOOKING_FAILED: 'The carrier refused the booking',
};

export const shipmentViewSchema = z.object({
  id: z.number().int(),
  orderId: safeString(),
  orderNumber: safeString(),
  direction: z.enum(SHIPMENT_DIRECTIONS),
  carrier: safeString(),
  status: shipmentStatusSchema,
  awb: safeString().nullable(),
  courierId: safeString().nullable(),
  courierName: safeString().nullable(),
  trackingUrl: safeString().nullable(),
  /** The carrier's charge in rupees, once booked. */
  charge: z.number().nullable(),
  weightGrams: z.number().int(),
  lengthCm: z.number().int(),
  breadthCm: z.number().int(),
  heightCm: z.number().int(),
  /** Invoice value of the packed lines, rupees. */
  declaredValue: z.number(),
  insured: z.boolean(),
  otpDelivery: z.boolean(),
  /** Whether the buyer's delivery code was given at the door. */
  otpVerified: z.boolean(),
  /** The value rule asks the admin to confirm the carrier before booking. */
  needsCarrierConfirmation: z.boolean(),
  carrierConfirmedBy: safeString().nullable(),
  huids: z.array(safeString()),
  packedBy: safeString(),
  sealNumber: safeString(),
  packedWeightGrams: z.number().int(),
  deliveredWeightGrams: z.number().int().nullable(),
  weightMismatch: z.boolean(),
  pickupAt: safeString().nullable(),
  bookingAttempts: z.number().int(),
  lastBookingError: safeString().nullable(),
  lastEventAt: safeString().nullable(),
  createdAt: safeString(),
  exception: z.enum(SHIPMENT_EXCEPTIONS).nullable(),
  /** The inspection of a parcel returned to origin (docs/decisions/0046), once done. */
  inspection: rtoInspectionSchema.nullable(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      productName: safeString(),
      productSku: safeString(),
      quantity: z.number().int(),
    }),
  ),
  events: z.array(shipmentEventViewSchema),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

/** An order's fulfilment: each line's units packed and left, its shipments, and the value rules. */
export const orderShipmentsSchema = z.object({
  orderId: safeString(),
  orderNumber: safeString(),
  orderStatus: z.enum(ORDER_STATUS_VALUES),
  /** Whether shipments may be packed now (paid, not cancelled or refunded). */
  canPack: z.boolean(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      productName: safeString(),
      productSku: safeString(),
      ordered: z.number().int(),
      packed: z.number().int(),
      left: z.number().int(),
      huids: z.array(safeString()),
    }),
  ),
  shipments: z.array(shipmentViewSchema),
  rules: z.object({
    insureAboveRupees: z.number(),
    confirmCarrierAboveRupees: z.number(),
    weightToleranceGrams: z.number().int(),
  }),
  /** The sandbox carrier's buttons are offered (SHIPPING is the sandbox). */
  sandboxCarrier: z.boolean(),
});
export type OrderShipments = z.infer<typeof orderShipmentsSchema>;

export const carrierRateSchema = z.object({
  courierId: safeString(),
  courierName: safeString(),
  charge: z.number(),
  etaDays: z.number().int(),
});
export const shipmentRatesSchema = z.union([
  z.object({ serviceable: z.literal(false) }),
  z.object({ serviceable: z.literal(true), rates: z.array(carrierRateSchema) }),
]);

export const DESK_QUEUES = ['TO_PACK', 'TO_SHIP', 'IN_TRANSIT', 'DELIVERED', 'EXCEPTIONS'] as const;
export type DeskQueue = (typeof DESK_QUEUES)[number];
export const DESK_QUEUE_LABELS: Record<DeskQueue, string> = {
  TO_PACK: 'To pack',
  TO_SHIP: 'To ship',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  EXCEPTIONS: 'Exceptions',
};

const isoDay = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-26');
/**
 * The fulfilment desk's query: one queue, optionally one vendor's shop and a date range (days in
 * the business timezone; the order's date for TO_PACK, the shipment's packing date otherwise).
 */
export const deskQuerySchema = pageQuerySchema(20, 100).extend({
  queue: z.enum(DESK_QUEUES).default('TO_PACK'),
  vendorId: dbIdSchema.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type DeskQuery = z.infer<typeof deskQuerySchema>;

export const deskRowSchema = z.object({
  orderId: safeString(),
  orderNumber: safeString(),
  orderDate: safeString(),
  orderStatus: z.enum(ORDER_STATUS_VALUES),
  customerName: safeString(),
  deliveryPin: safeString(),
  vendor: z.object({ id: z.number().int(), name: safeString() }).nullable(),
  /** Units not yet in a live shipment (TO_PACK). */
  unitsLeft: z.number().int(),
  shipment: z
    .object({
      id: z.number().int(),
      status: shipmentStatusSchema,
      awb: safeString().nullable(),
      courierName: safeString().nullable(),
      trackingUrl: safeString().nullable(),
      declaredValue: z.number(),
      insured: z.boolean(),
      otpDelivery: z.boolean(),
      needsCarrierConfirmation: z.boolean(),
      packedAt: safeString(),
      lastEventAt: safeString().nullable(),
      exception: z.enum(SHIPMENT_EXCEPTIONS).nullable(),
      /** A parcel returned to origin, once inspected: the outcome (shown instead of the exception). */
      inspectionOutcome: z.enum(RTO_OUTCOMES).nullable(),
    })
    .nullable(),
});
export type DeskRow = z.infer<typeof deskRowSchema>;

/** A vendor's shop, for the fulfilment desk's shop filter (the desk's readers may not list vendors). */
export const deskShopSchema = z.object({ id: z.number().int(), name: safeString() });
export type DeskShop = z.infer<typeof deskShopSchema>;

/** The sandbox carrier's next step for a parcel (admin or test), delivered through the carrier webhook. */
export const sandboxCarrierEventSchema = z.object({
  type: shipmentEventTypeSchema,
  /** The buyer's delivery code, for DELIVERED of a shipment delivered by OTP. */
  otp: safeString()
    .trim()
    .regex(/^\d{6}$/, 'The delivery code is 6 digits')
    .optional(),
  /** The weight the courier found at delivery (default: the booked weight). */
  weightGrams: grams.optional(),
  location: safeString().trim().max(100).optional(),
});
export type SandboxCarrierEventInput = z.infer<typeof sandboxCarrierEventSchema>;

/** A shipment's delivery state as a vendor (and the order list) sees it. */
export const orderDeliverySchema = z.object({
  status: shipmentStatusSchema,
  awb: safeString().nullable(),
  courierName: safeString().nullable(),
  trackingUrl: safeString().nullable(),
  lastEventAt: safeString().nullable(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

export const SHIPMENT_MESSAGES = {
  notPaid: 'Only a paid order that is not cancelled or refunded can be packed',
  huidNotInOrder: (huid: string) => `HUID ${huid} is not one of this order's pieces`,
  huidPackedAlready: (huid: string) => `HUID ${huid} is already packed in another shipment`,
  confirmCarrier: (rupees: string) =>
    `This shipment is declared at ${rupees}: choose the courier and confirm it before booking`,
  notBookable: (status: string) => `A shipment that is ${status} cannot be booked`,
  notCancellable: 'A shipment can be cancelled only before it is picked up',
  notBooked: 'Book the shipment first: it has no AWB yet',
  manualShipRefused:
    'This order has shipments: it becomes SHIPPED and DELIVERED from their carrier events, not by hand',
  otpRequired: "This parcel is delivered only against the buyer's delivery code: enter it",
  otpWrong: (left: number) => `The delivery code is wrong. ${left} attempt${left === 1 ? '' : 's'} left`,
  otpLocked: 'Too many wrong delivery codes: the parcel cannot be delivered against this code',
  unserviceable: (pin: string) => `The carrier does not deliver to PIN code ${pin}`,
} as const;

/** The steps the sandbox carrier lets a parcel take next (its admin buttons; a courier's scans would allow the same). */
export const SANDBOX_NEXT_STEPS: Record<string, readonly ShipmentEventType[]> = {
  BOOKED: ['PICKED_UP'],
  PICKED_UP: ['IN_TRANSIT'],
  IN_TRANSIT: ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'RETURNED_TO_ORIGIN'],
  OUT_FOR_DELIVERY: ['DELIVERED', 'DELIVERY_FAILED'],
  DELIVERY_FAILED: ['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'RETURNED_TO_ORIGIN'],
  DELIVERED: [],
  RETURNED_TO_ORIGIN: [],
  CANCELLED: [],
};
