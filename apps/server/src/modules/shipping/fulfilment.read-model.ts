import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DeskQueue } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, refundParts, shipmentLines, shipments, users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): orders, their lines and their vendor's name beside the shipping
 * module's shipments, for the fulfilment desk and the order's shipments section. Reads only.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function orderByNumber(db: DbOrTx, orderNumber: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

export async function orderNumbersOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

export async function itemsById(db: DbOrTx, ids: number[]): Promise<Map<number, OrderItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(orderItems).where(inArray(orderItems.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Orders paid and waiting to be packed in full: confirmed or processing, captured. */
const payable = and(
  inArray(orders.status, ['CONFIRMED', 'PROCESSING']),
  eq(orders.paymentStatus, 'CAPTURED'),
);

/**
 * Units of the order not in a live forward shipment, as SQL (for TO_PACK): the units ordered less
 * those partial cancellations and refunds took (`refund_parts`, docs/decisions/0039), less those packed.
 */
const unitsLeftSql = sql<number>`(
  select coalesce(sum(oi.quantity), 0) - coalesce((
    select sum(rp.units) from ${refundParts} rp
     where rp.order_item_id in (select oi2.id from ${orderItems} oi2 where oi2.order_id = ${orders.id})), 0)
   - coalesce((
    select sum(sl.quantity) from ${shipmentLines} sl
      join ${shipments} s on s.id = sl.shipment_id
     where s.order_id = ${orders.id} and s.direction = 'FORWARD' and s.return_id is null
       and s.status <> 'CANCELLED'), 0)
    from ${orderItems} oi where oi.order_id = ${orders.id})`.mapWith(Number);

export type DeskFilters = {
  queue: DeskQueue;
  vendorId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  staleBefore: Date;
};

const IN_TRANSIT = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'] as const;

/** The conditions that make a shipment an exception (matches `exceptionOf` in the service). */
export function exceptionSql(staleBefore: Date): SQL {
  return or(
    eq(shipments.status, 'DELIVERY_FAILED'),
    // A parcel returned to origin until it is inspected; after, only a disputed one (a carrier claim).
    and(
      eq(shipments.status, 'RETURNED_TO_ORIGIN'),
      or(isNull(shipments.inspectedAt), eq(shipments.inspectionOutcome, 'DISPUTED')),
    ),
    eq(shipments.weightMismatch, true),
    and(
      inArray(shipments.status, ['BOOKED', ...IN_TRANSIT]),
      lt(sql`coalesce(${shipments.lastEventAt}, ${shipments.createdAt})`, staleBefore),
    ),
    and(eq(shipments.status, 'BOOKING'), isNotNull(shipments.lastBookingError)),
    and(eq(shipments.status, 'PACKED'), isNotNull(shipments.lastBookingError)),
  )!;
}

function shipmentQueueSql(f: DeskFilters): SQL {
  switch (f.queue) {
    case 'TO_SHIP':
      return and(
        inArray(shipments.status, ['PACKED', 'BOOKING', 'BOOKED']),
        eq(shipments.direction, 'FORWARD'),
      )!;
    case 'IN_TRANSIT':
      return inArray(shipments.status, [...IN_TRANSIT]);
    case 'DELIVERED':
      return eq(shipments.status, 'DELIVERED');
    default:
      return and(ne(shipments.status, 'CANCELLED'), exceptionSql(f.staleBefore))!;
  }
}

export type DeskOrderRow = { order: OrderRow; vendorName: string | null; unitsLeft: number };
export type DeskShipmentRow = DeskOrderRow & { shipment: typeof shipments.$inferSelect };

/** One page of the TO_PACK queue, oldest paid first, and its total. */
export async function ordersToPack(
  db: DbOrTx,
  f: DeskFilters,
  size: number,
  offset: number,
): Promise<{ rows: DeskOrderRow[]; total: number }> {
  const conditions: SQL[] = [payable!, sql`${unitsLeftSql} > 0`];
  if (f.vendorId !== undefined) conditions.push(eq(orders.vendorId, f.vendorId));
  if (f.from) conditions.push(gte(orders.createdAt, f.from));
  if (f.to) conditions.push(lt(orders.createdAt, f.to));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({
      order: orders,
      vendorName: sql<string | null>`coalesce(nullif(trim(${users.businessName}), ''), ${users.name})`,
      unitsLeft: unitsLeftSql,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.vendorId))
    .where(where)
    .orderBy(asc(orders.paymentDate), asc(orders.orderNumber))
    .limit(size)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** One page of a shipment queue, most recent first, and its total. */
export async function shipmentsInQueue(
  db: DbOrTx,
  f: DeskFilters,
  size: number,
  offset: number,
): Promise<{ rows: DeskShipmentRow[]; total: number }> {
  const conditions: SQL[] = [shipmentQueueSql(f)];
  if (f.vendorId !== undefined) conditions.push(eq(orders.vendorId, f.vendorId));
  if (f.from) conditions.push(gte(shipments.createdAt, f.from));
  if (f.to) conditions.push(lt(shipments.createdAt, f.to));
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where);
  const rows = await db
    .select({
      shipment: shipments,
      order: orders,
      vendorName: sql<string | null>`coalesce(nullif(trim(${users.businessName}), ''), ${users.name})`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(users, eq(users.id, orders.vendorId))
    .where(where)
    .orderBy(desc(sql`coalesce(${shipments.lastEventAt}, ${shipments.createdAt})`), desc(shipments.id))
    .limit(size)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r, unitsLeft: 0 })), total: total?.n ?? 0 };
}

/** Every vendor's shop by name, for the desk's shop filter. */
export async function vendorShops(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const name = sql<string>`coalesce(nullif(trim(${users.businessName}), ''), ${users.name})`;
  return db
    .select({ id: users.id, name })
    .from(users)
    .where(eq(users.type, 'VENDOR'))
    .orderBy(asc(name), asc(users.id));
}

/**
 * The desk's queue sizes for the admin home (issue 23 item 6): orders to pack, parcels to ship and
 * shipments with an exception, counted exactly as the desk's queues list them (two queries).
 */
export async function deskCounts(
  db: DbOrTx,
  staleBefore: Date,
): Promise<{ toPack: number; toShip: number; exceptions: number }> {
  const toShip = shipmentQueueSql({ queue: 'TO_SHIP', staleBefore });
  const exceptions = shipmentQueueSql({ queue: 'EXCEPTIONS', staleBefore });
  const [[packing], [shipping]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(payable, sql`${unitsLeftSql} > 0`)),
    db
      .select({
        toShip: sql<number>`count(*) filter (where ${toShip})`.mapWith(Number),
        exceptions: sql<number>`count(*) filter (where ${exceptions})`.mapWith(Number),
      })
      .from(shipments)
      .where(or(toShip, exceptions)),
  ]);
  return { toPack: packing?.n ?? 0, toShip: shipping?.toShip ?? 0, exceptions: shipping?.exceptions ?? 0 };
}
