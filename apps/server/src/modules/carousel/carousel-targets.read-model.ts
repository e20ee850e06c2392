import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { carouselItems, categories, products } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): carousel slides with the product or category they lead to (joins
 * on the products and categories modules' tables). Reads only.
 */

/** Every slide in order, with its target's slug and name. */
export async function slidesWithTargets(db: DbOrTx) {
  return db
    .select({
      item: carouselItems,
      productSlug: products.slug,
      productName: products.name,
      categoryName: categories.name,
    })
    .from(carouselItems)
    .leftJoin(products, and(eq(carouselItems.linkType, 'PRODUCT'), eq(products.id, carouselItems.targetId)))
    .leftJoin(
      categories,
      and(eq(carouselItems.linkType, 'CATEGORY'), eq(categories.id, carouselItems.targetId)),
    )
    .orderBy(asc(carouselItems.position), asc(carouselItems.id));
}

/** Whether the product or category a slide would link to exists. */
export async function targetExists(
  db: DbOrTx,
  linkType: 'PRODUCT' | 'CATEGORY',
  id: number,
): Promise<boolean> {
  if (linkType === 'PRODUCT') {
    // An archived product is in no shop: a slide must not lead to it.
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.status, 'active')));
    return Boolean(row);
  }
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}
