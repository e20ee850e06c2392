import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the units per product of an order, which the stock module puts back
 * or counts as sold. It reads the orders module's lines directly because the orders module calls stock
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
