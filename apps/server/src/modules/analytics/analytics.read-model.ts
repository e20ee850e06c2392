import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, pageViews, products, quotes, vendorEarnings } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): a reseller's figures over a period, from its page views (this
 * module's table), its quotes (quotes module), its earnings ledger and the order lines behind it
 * (earnings and orders modules) and product names (products module). Reads only.
 */

type Period = { from: string; to: string; start: Date; end: Date; timeZone: string };

/** Views per business day, kind and subject. */
export function viewsIn(db: DbOrTx, vendorId: number, p: Period) {
  return db
    .select({
      day: pageViews.day,
      kind: pageViews.kind,
      subject: pageViews.subject,
      views: sql<number>`sum(${pageViews.views})`.mapWith(Number),
    })
    .from(pageViews)
    .where(
      and(eq(pageViews.vendorId, vendorId), gte(pageViews.day, p.from), sql`${pageViews.day} <= ${p.to}`),
    )
    .groupBy(pageViews.day, pageViews.kind, pageViews.subject);
}

/** The ledger per business day: commission net of reversals, and orders that earned. */
export function earningsByDay(db: DbOrTx, vendorId: number, p: Period) {
  const day = sql<string>`to_char(${vendorEarnings.createdAt} at time zone ${p.timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({
        day,
        commissionPaise: sql<number>`coalesce(sum(${vendorEarnings.amountPaise}), 0)`.mapWith(Number),
        orders:
          sql<number>`count(distinct ${vendorEarnings.orderId}) filter (where ${vendorEarnings.kind} = 'EARNING')`.mapWith(
            Number,
          ),
      })
      .from(vendorEarnings)
      .where(
        and(
          eq(vendorEarnings.vendorId, vendorId),
          gte(vendorEarnings.createdAt, p.start),
          lt(vendorEarnings.createdAt, p.end),
        ),
      )
      // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
      .groupBy(sql`1`)
  );
}

/** Orders that earned in the period, all days together (an order paid on one day counts once). */
export async function ordersIn(db: DbOrTx, vendorId: number, p: Period): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${vendorEarnings.orderId})`.mapWith(Number) })
    .from(vendorEarnings)
    .where(
      and(
        eq(vendorEarnings.vendorId, vendorId),
        eq(vendorEarnings.kind, 'EARNING'),
        gte(vendorEarnings.createdAt, p.start),
        lt(vendorEarnings.createdAt, p.end),
      ),
    );
  return row?.n ?? 0;
}

/** Units sold and commission (net) per product in the period. */
export function salesByProduct(db: DbOrTx, vendorId: number, p: Period) {
  return db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.productName})`,
      units: sql<number>`coalesce(sum(${vendorEarnings.units}), 0)`.mapWith(Number),
      commissionPaise: sql<number>`coalesce(sum(${vendorEarnings.amountPaise}), 0)`.mapWith(Number),
    })
    .from(vendorEarnings)
    .innerJoin(orderItems, eq(orderItems.id, vendorEarnings.orderItemId))
    .where(
      and(
        eq(vendorEarnings.vendorId, vendorId),
        gte(vendorEarnings.createdAt, p.start),
        lt(vendorEarnings.createdAt, p.end),
      ),
    )
    .groupBy(orderItems.productId);
}

export async function productNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The reseller's quotes made in the period, newest first. */
export function quotesMadeIn(db: DbOrTx, vendorId: number, p: Period) {
  return db
    .select({
      id: quotes.id,
      code: quotes.code,
      createdAt: quotes.createdAt,
      lines: quotes.lines,
    })
    .from(quotes)
    .where(and(eq(quotes.vendorId, vendorId), gte(quotes.createdAt, p.start), lt(quotes.createdAt, p.end)))
    .orderBy(sql`${quotes.createdAt} desc`);
}
