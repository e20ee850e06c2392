import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/**
 * One shopper's view of a product page, for the trending order (the storefront de-duplicates views).
 * False when there is no such product.
 */
export async function countProductView(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}
