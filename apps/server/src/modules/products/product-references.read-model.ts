import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, metalPurities, metals } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the category, metal and purity a product being saved refers to
 * (the categories and metals modules' tables), looked up together to check the references. Reads only.
 */

export async function loadProductReferences(
  db: DbOrTx,
  ids: { categoryId: number; metalId?: number; purityId?: number },
) {
  const [[category], [metal], [purity]] = await Promise.all([
    db.select({ id: categories.id }).from(categories).where(eq(categories.id, ids.categoryId)),
    ids.metalId !== undefined
      ? db.select().from(metals).where(eq(metals.id, ids.metalId))
      : Promise.resolve([]),
    ids.purityId !== undefined
      ? db.select().from(metalPurities).where(eq(metalPurities.id, ids.purityId))
      : Promise.resolve([]),
  ]);
  return { category, metal, purity };
}
