import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/** How many products are filed under the category (a category in use is not deleted). */
export async function countProductsInCategory(db: DbOrTx, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, categoryId));
  return row?.n ?? 0;
}
