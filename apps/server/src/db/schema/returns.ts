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
  uuid,
} from 'drizzle-orm/pg-core';
import { RETURN_EVENT_KINDS, RETURN_STATUSES } from '@zevar/domain';
import { createdAt, tstz, updatedAt } from './columns';
import { orders } from './commerce';

/**
 * The operator's returns policy (issue 22 item 7c, docs/decisions/0039), owned by `modules/returns`:
 * one row (id 1), absent until the first save (the specification's "no returns" then). Versioned like
 * the other admin records (decision 0023): a save names the version it started from.
 */
export const returnsPolicy = pgTable(
  'returns_policy',
  {
    id: integer('id').primaryKey().default(1),
    kind: text('kind', { enum: ['NONE', 'WINDOW'] }).notNull(),
    days: integer('days'),
    maxValuePaise: bigint('max_value_paise', { mode: 'number' }),
    excludedCategoryIds: jsonb('excluded_category_ids').$type<number[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: tstz('updated_at'),
  },
  (t) => [
    check('returns_policy_single_row', sql`${t.id} = 1`),
    check('returns_policy_window_days', sql`${t.kind} = 'NONE' or ${t.days} between 1 and 365`),
  ],
);

/**
 * A buyer's return request (issue 22 item 7c, docs/decisions/0046), owned by `modules/returns`: the
 * lines and units asked for, reason and photos, the admin's decision, the reverse pickup (a RETURN
 * shipment of the shipping module), the inspection and the refund it led to.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('REQUESTED'),
    lines: jsonb('lines').$type<{ orderItemId: number; quantity: number }[]>().notNull(),
    reason: text('reason').notNull(),
    /** Stored image names (uploaded through the image pipeline). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** The buyer's form key: a replayed submit answers the request it made. */
    requestKey: text('request_key').notNull().unique(),
    decidedBy: text('decided_by'),
    decidedAt: tstz('decided_at'),
    decisionNote: text('decision_note'),
    /** The reverse pickup (shipments.id, direction RETURN), booked at approval. */
    shipmentId: integer('shipment_id'),
    inspectedBy: text('inspected_by'),
    inspectedAt: tstz('inspected_at'),
    inspectedHuids: jsonb('inspected_huids').$type<string[]>(),
    inspectedWeightGrams: integer('inspected_weight_grams'),
    inspectionNote: text('inspection_note'),
    restock: boolean('restock'),
    refundId: integer('refund_id'),
    /** A refused piece sent back to the buyer (shipments.id, direction FORWARD). */
    sendBackShipmentId: integer('send_back_shipment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** Each step of a return: who, when, what (the timeline shown to the admin and the buyer). */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RETURN_EVENT_KINDS }).notNull(),
    /** The admin's name, 'Buyer' or 'Courier'. */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    at: tstz('at').notNull(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.at)],
);
