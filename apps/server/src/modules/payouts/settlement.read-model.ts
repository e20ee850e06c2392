import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  orderItems,
  orders,
  returnsPolicy,
  shipmentLines,
  shipments,
  users,
  vendorEarnings,
} from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what settlement needs from other modules' tables, reads only:
 * the earnings ledger's rows with their order numbers, when each order was delivered (the shipping
 * module's forward shipments), the returns policy's window, and the resellers' names.
 */

export type LedgerRow = {
  vendorId: number;
  orderId: string;
  /** The order line the row belongs to: its commission is released when its parcel is delivered. */
  orderItemId: number;
  orderNumber: string;
  kind: 'EARNING' | 'REVERSAL';
  amountPaise: number;
  createdAt: Date;
};

/** Ledger rows of some vendors (all when `vendorIds` is undefined) recorded up to `until`, oldest first. */
export async function ledgerRowsOf(
  db: DbOrTx,
  vendorIds: number[] | undefined,
  until: Date,
): Promise<LedgerRow[]> {
  if (vendorIds && vendorIds.length === 0) return [];
  return db
    .select({
      vendorId: vendorEarnings.vendorId,
      orderId: vendorEarnings.orderId,
      orderItemId: vendorEarnings.orderItemId,
      orderNumber: orders.orderNumber,
      kind: vendorEarnings.kind,
      amountPaise: vendorEarnings.amountPaise,
      createdAt: vendorEarnings.createdAt,
    })
    .from(vendorEarnings)
    .innerJoin(orders, eq(orders.id, vendorEarnings.orderId))
    .where(
      and(
        vendorIds ? inArray(vendorEarnings.vendorId, vendorIds) : undefined,
        lte(vendorEarnings.createdAt, until),
      ),
    )
    .orderBy(asc(vendorEarnings.createdAt), asc(vendorEarnings.id));
}

/**
 * When each order line was delivered (keyed by order line id). A line packed into parcels (shipment
 * lines) is delivered when every live forward parcel carrying it is delivered and they carry all its
 * units: the latest of those deliveries, so two parcels delivered on different days release their
 * lines on different days. An order none of whose lines is in a parcel's list (parcels made before
 * parcels listed their lines) is delivered as a whole: the latest delivery of its live forward
 * shipments, once every one is delivered. A line not delivered is absent.
 */
export async function deliveriesOf(
  db: DbOrTx,
  lines: Array<{ orderId: string; orderItemId: number }>,
): Promise<Map<number, Date>> {
  if (lines.length === 0) return new Map();
  const orderIds = [...new Set(lines.map((l) => l.orderId))];
  const live = and(eq(shipments.direction, 'FORWARD'), sql`${shipments.status} <> 'CANCELLED'`);
  const whole = await db
    .select({
      orderId: shipments.orderId,
      allDelivered: sql<boolean>`bool_and(${shipments.deliveredAt} is not null)`,
      deliveredAt: sql<Date | string | null>`max(${shipments.deliveredAt})`,
    })
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), live))
    .groupBy(shipments.orderId);
  const perLine = await db
    .select({
      orderId: shipments.orderId,
      orderItemId: shipmentLines.orderItemId,
      allDelivered: sql<boolean>`bool_and(${shipments.deliveredAt} is not null)`,
      deliveredAt: sql<Date | string | null>`max(${shipments.deliveredAt})`,
      units: sql<number>`sum(${shipmentLines.quantity})`.mapWith(Number),
      quantity: sql<number>`max(${orderItems.quantity})`.mapWith(Number),
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .innerJoin(orderItems, eq(orderItems.id, shipmentLines.orderItemId))
    .where(and(inArray(shipments.orderId, orderIds), live))
    .groupBy(shipments.orderId, shipmentLines.orderItemId);
  const listed = new Set(perLine.map((r) => r.orderId));
  const orderDelivered = new Map<string, Date>();
  for (const r of whole) {
    if (r.allDelivered && r.deliveredAt) orderDelivered.set(r.orderId, new Date(r.deliveredAt));
  }
  const lineDelivered = new Map<number, Date>();
  for (const r of perLine) {
    if (r.allDelivered && r.deliveredAt && r.units >= r.quantity)
      lineDelivered.set(r.orderItemId, new Date(r.deliveredAt));
  }
  const out = new Map<number, Date>();
  for (const l of lines) {
    const at = listed.has(l.orderId) ? lineDelivered.get(l.orderItemId) : orderDelivered.get(l.orderId);
    if (at) out.set(l.orderItemId, at);
  }
  return out;
}

/** The returns window in days when the returns policy offers returns, else null. */
export async function returnWindowDays(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select().from(returnsPolicy).where(eq(returnsPolicy.id, 1));
  return row?.kind === 'WINDOW' && row.days ? row.days : null;
}

/** Display names of these users (business name, else name). */
export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(${users.businessName}, ${users.name})` })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Vendors that have any ledger row. */
export async function vendorsWithEarnings(db: DbOrTx): Promise<number[]> {
  const rows = await db.selectDistinct({ id: vendorEarnings.vendorId }).from(vendorEarnings);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
