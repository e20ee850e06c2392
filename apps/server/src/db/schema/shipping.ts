import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SHIPMENT_DIRECTIONS,
  SHIPMENT_EVENT_SOURCES,
  SHIPMENT_EVENT_TYPES,
  SHIPMENT_STATUSES,
  RTO_OUTCOMES,
  type ShipmentEventType,
} from '@zevar/domain';
import { createdAt, tstz, updatedAt } from './columns';
import { orderItems, orders } from './commerce';
import { users } from './users';

/**
 * Parcels that fulfil an order (issue 22), written by the shipping module only. An order has one or
 * more; each carries some of its lines (shipment_lines), its packing record (packer, seal, weight,
 * HUIDs), its booking at the carrier and its journey (shipment_events).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: SHIPMENT_DIRECTIONS }).notNull().default('FORWARD'),
    /** The carrier the shipment was booked with (SHIPPING at the time). */
    carrierMode: text('carrier_mode', { enum: ['sandbox', 'shiprocket'] }).notNull(),
    /** The courier the admin chose from the carrier's rates, or null: the carrier picks. */
    courierId: text('courier_id'),
    carrierShipmentId: text('carrier_shipment_id'),
    awb: text('awb'),
    courierName: text('courier_name'),
    trackingUrl: text('tracking_url'),
    chargePaise: bigint('charge_paise', { mode: 'number' }),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    /** The invoice value of the packed lines. */
    declaredValuePaise: bigint('declared_value_paise', { mode: 'number' }).notNull(),
    insured: boolean('insured').notNull().default(false),
    /** Delivered only against the one-time code we sent the buyer. */
    otpDelivery: boolean('otp_delivery').notNull().default(false),
    /** SHA-256 of the delivery code (never the code itself). */
    otpHash: text('otp_hash'),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    /** When the buyer's code was given at the door (the proof of delivery). */
    otpVerifiedAt: tstz('otp_verified_at'),
    /** Who confirmed the carrier for a shipment above SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES. */
    carrierConfirmedBy: text('carrier_confirmed_by'),
    /** HUIDs of the hallmarked pieces packed (each one of the order lines' HUIDs). */
    huidsPacked: jsonb('huids_packed').$type<string[]>().notNull().default([]),
    packedBy: integer('packed_by').references(() => users.id, { onDelete: 'set null' }),
    packedByName: text('packed_by_name').notNull(),
    sealNumber: text('seal_number').notNull(),
    packedWeightGrams: integer('packed_weight_grams').notNull(),
    /** When the courier is to collect it (from schedulePickup). */
    pickupAt: tstz('pickup_at'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('PACKED'),
    bookingAttempts: integer('booking_attempts').notNull().default(0),
    lastBookingError: text('last_booking_error'),
    /** A queued booking is tried at this time (backoff after a carrier outage); null: at once. */
    nextBookingAt: tstz('next_booking_at'),
    /** Weight the carrier reported at delivery, and whether it differs from the packed weight beyond tolerance. */
    deliveredWeightGrams: integer('delivered_weight_grams'),
    weightMismatch: boolean('weight_mismatch').notNull().default(false),
    /** The latest carrier event's time (the reconciler asks the carrier about shipments gone quiet). */
    lastEventAt: tstz('last_event_at'),
    bookedAt: tstz('booked_at'),
    deliveredAt: tstz('delivered_at'),
    cancelledAt: tstz('cancelled_at'),
    /**
     * Inspection of a parcel returned to origin (issue 22 item 7b, docs/decisions/0046): who, when,
     * the HUIDs and weight found, the outcome (RESTOCK, DAMAGED, DISPUTED) and the refund it made.
     */
    inspectedAt: tstz('inspected_at'),
    inspectedBy: text('inspected_by'),
    inspectionOutcome: text('inspection_outcome', { enum: RTO_OUTCOMES }),
    inspectedHuids: jsonb('inspected_huids').$type<string[]>(),
    inspectedWeightGrams: integer('inspected_weight_grams'),
    inspectionNote: text('inspection_note'),
    inspectionRefundId: integer('inspection_refund_id'),
    /**
     * The return this parcel belongs to (return_requests.id): its reverse pickup (RETURN), or the refused
     * piece sent back to the buyer (FORWARD). A sent-back parcel carries units delivered before, so it
     * never counts towards packing or the order's status.
     */
    returnId: integer('return_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId),
    index('shipments_status_idx').on(t.status, t.lastEventAt),
    index('shipments_booking_idx').on(t.status, t.nextBookingAt),
    uniqueIndex('shipments_awb_uq').on(t.carrierMode, t.awb),
    check('shipments_weight_positive', sql`${t.weightGrams} > 0 and ${t.packedWeightGrams} > 0`),
  ],
);

/** Which order lines, and how many units of each, a shipment carries. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('shipment_lines_item_uq').on(t.shipmentId, t.orderItemId),
    index('shipment_lines_order_item_idx').on(t.orderItemId),
    check('shipment_lines_qty_positive', sql`${t.quantity} > 0`),
  ],
);

/** A shipment's journey, one row per event; the carrier's event id deduplicates replays. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SHIPMENT_EVENT_TYPES }).notNull(),
    at: tstz('at').notNull(),
    location: text('location').notNull().default(''),
    note: text('note').notNull().default(''),
    source: text('source', { enum: SHIPMENT_EVENT_SOURCES }).notNull(),
    carrierEventId: text('carrier_event_id').notNull(),
    /** False for an event older than the shipment's state (kept in the timeline, did not move it). */
    applied: boolean('applied').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipment_events_carrier_event_uq').on(t.carrierEventId),
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
  ],
);

/** Carrier webhook bodies received, deduplicated by a hash of the raw body. */
export const carrierWebhookReceipts = pgTable('carrier_webhook_receipts', {
  id: serial('id').primaryKey(),
  carrierMode: text('carrier_mode').notNull(),
  bodyHash: text('body_hash').notNull().unique(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: tstz('processed_at'),
});

export type SandboxShipmentEvent = {
  eventId: string;
  type: ShipmentEventType;
  at: string;
  location: string;
  note: string;
  weightGrams?: number;
};

/** The offline sandbox carrier's own records (what Shiprocket would keep on its side). */
export const sandboxShipments = pgTable(
  'sandbox_shipments',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    awb: text('awb').notNull().unique(),
    orderNumber: text('order_number').notNull(),
    direction: text('direction', { enum: SHIPMENT_DIRECTIONS }).notNull(),
    courierId: text('courier_id').notNull(),
    courierName: text('courier_name').notNull(),
    chargePaise: bigint('charge_paise', { mode: 'number' }).notNull(),
    pickupPin: text('pickup_pin').notNull(),
    deliveryPin: text('delivery_pin').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    declaredValuePaise: bigint('declared_value_paise', { mode: 'number' }).notNull(),
    otpDelivery: boolean('otp_delivery').notNull().default(false),
    status: text('status', { enum: [...SHIPMENT_EVENT_TYPES, 'CANCELLED'] })
      .notNull()
      .default('BOOKED'),
    events: jsonb('events').$type<SandboxShipmentEvent[]>().notNull().default([]),
    /** What was asked at booking (addresses, lines, size): the label is printed from it. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    pickupAt: tstz('pickup_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_shipments_created_idx').on(t.createdAt)],
);
