import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { builtOnce, type Placeholders } from '../../db/built-once';

/*
 * Read model (docs/decisions/0015): the units per product of an order, which the stock module puts back
 * or counts as sold, and the pieces unpaid orders hold. It reads the orders module's lines directly because the orders module calls stock
 * (its release gate returns stock), so going through the orders entry would make an import cycle.
 */

type Line = { productId: number; quantity: number };

/** An order's lines that still point at a product, in ascending product id (the stock locking order). */
export async function orderLines(tx: Tx, orderId: string): Promise<Line[]> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  return rows.filter((r): r is Line => r.productId !== null);
}

/** The ids of an order's lines, as a subquery (the pieces a line took point at it). */
export function lineIdsOf(tx: Tx, orderId: string) {
  return tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** An order's lines that still point at a product, with their ids and names (taking pieces at payment). */
export async function orderLinesWithIds(
  tx: Tx,
  orderId: string,
): Promise<Array<Line & { orderItemId: number; name: string }>> {
  const rows = await tx
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      quantity: orderItems.quantity,
      name: orderItems.productName,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  return rows.flatMap((r) => (r.productId === null ? [] : [{ ...r, productId: r.productId }]));
}

/** Pieces of each product held by unpaid orders (orders that took stock and have not returned it). */
export async function unpaidHoldsOf(tx: Tx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await unpaidHolds(tx, { productIds });
  return new Map(rows.map((r) => [r.productId!, Number(r.held)]));
}

const unpaidHolds = builtOnce((db, p: Placeholders<'productIds'>) =>
  db
    .select({
      productId: orderItems.productId,
      held: sql<string>`coalesce(sum(${orderItems.quantity}), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        sql`${orderItems.productId} = any(${p.productIds})`,
        eq(orders.status, 'PAYMENT_PENDING'),
        eq(orders.holdsStock, true),
        eq(orders.stockReleased, false),
      ),
    )
    .groupBy(orderItems.productId),
);
