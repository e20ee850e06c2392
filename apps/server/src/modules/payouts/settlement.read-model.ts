import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, returnsPolicy, shipments, users, vendorEarnings } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what settlement needs from other modules' tables, reads only:
 * the earnings ledger's rows with their order numbers, when each order was delivered (the shipping
 * module's forward shipments), the returns policy's window, and the resellers' names.
 */

export type LedgerRow = {
  vendorId: number;
  orderId: string;
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
 * When each order was delivered: the latest delivery of its live forward shipments, once every one
 * of them is delivered (an order with a parcel still on its way, or none yet, is not delivered).
 */
export async function deliveriesOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: shipments.orderId,
      allDelivered: sql<boolean>`bool_and(${shipments.deliveredAt} is not null)`,
      deliveredAt: sql<Date | string | null>`max(${shipments.deliveredAt})`,
    })
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, [...new Set(orderIds)]),
        eq(shipments.direction, 'FORWARD'),
        sql`${shipments.status} <> 'CANCELLED'`,
      ),
    )
    .groupBy(shipments.orderId);
  const out = new Map<string, Date>();
  for (const r of rows) {
    if (r.allDelivered && r.deliveredAt) out.set(r.orderId, new Date(r.deliveredAt));
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
