import { and, asc, eq, sql } from 'drizzle-orm';
import { PAYMENT_TEXT } from '@zevar/domain';
import type { Tx } from '../../db/client';
import { orderItems, products } from '../../db/schema';
import { conflict } from '../../lib/errors';

/**
 * The one owner of a product's stock and sales count. Checkout, payments and orders call these
 * functions inside their own transaction; nothing else writes `products.stock` or `sales_count`.
 *
 * Locking order: every function touches product rows in ascending product id, so two transactions
 * that share products (a new order reserving, a release or an admin cancelling returning stock)
 * wait for each other instead of deadlocking.
 */

type Line = { productId: number; quantity: number };

/** Sums repeated products and sorts by product id (the one locking order). */
function inLockOrder<T extends Line>(lines: T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}

async function orderLines(tx: Tx, orderId: string): Promise<Line[]> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  return rows.filter((r): r is Line => r.productId !== null);
}

/** Takes one line's units while enough are left (a conditional update, never read-then-write). */
async function take(tx: Tx, line: Line): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.quantity}` })
    .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.quantity}`))
    .returning({ id: products.id });
  return taken.length > 0;
}

/** Reserves new order lines; a shortage is a 409 naming the product and what is left. */
export async function reserveLines(tx: Tx, lines: Array<Line & { name: string }>): Promise<void> {
  for (const line of inLockOrder(lines)) {
    if (await take(tx, line)) continue;
    const [left] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.productId));
    throw conflict(PAYMENT_TEXT.outOfStock(line.name, left?.stock ?? 0));
  }
}

/** Puts an order's reserved units back on the shelf. The caller's gate makes this happen once. */
export async function returnOrderStock(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/** Counts a paid order's units as sold. */
export async function recordSale(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/** Takes a cancelled or refunded sale back out of the sales count. */
export async function reverseSale(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    await tx
      .update(products)
      .set({ salesCount: sql`greatest(${products.salesCount} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
  }
}
