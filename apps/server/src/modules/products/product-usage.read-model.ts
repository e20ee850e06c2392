import { and, asc, count, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { ProductReferences } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { carouselItems, orderItems, productPieces, products } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what still points at a product (carousel slides, order lines,
 * pieces on the shelf, the other variants of its group), named before it is archived. Reads only.
 */
export async function productReferences(
  db: DbOrTx,
  product: { id: number; variantGroupId: string | null },
): Promise<ProductReferences> {
  const [slides, variants, [lines], [pieces]] = await Promise.all([
    db
      .select({ id: carouselItems.id, position: carouselItems.position })
      .from(carouselItems)
      .where(and(eq(carouselItems.linkType, 'PRODUCT'), eq(carouselItems.targetId, product.id)))
      .orderBy(asc(carouselItems.position), asc(carouselItems.id)),
    product.variantGroupId
      ? db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(
            and(
              eq(products.variantGroupId, product.variantGroupId),
              ne(products.id, product.id),
              eq(products.status, 'active'),
            ),
          )
          .orderBy(asc(products.id))
      : Promise.resolve([]),
    db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, product.id)),
    db
      .select({ n: count() })
      .from(productPieces)
      .where(and(eq(productPieces.productId, product.id), isNull(productPieces.orderItemId))),
  ]);
  return {
    carouselSlides: slides,
    variants,
    orderLines: lines?.n ?? 0,
    piecesInStock: pieces?.n ?? 0,
  };
}

/** Carousel slides that lead to any of the products. */
export function carouselSlidesOf(db: DbOrTx, productIds: number[]) {
  return db
    .select({ id: carouselItems.id, position: carouselItems.position, targetId: carouselItems.targetId })
    .from(carouselItems)
    .where(and(eq(carouselItems.linkType, 'PRODUCT'), inArray(carouselItems.targetId, productIds)))
    .orderBy(asc(carouselItems.position), asc(carouselItems.id));
}

/** Ids of the other products in the variant groups of these products (their pages list each other). */
export async function variantGroupMembers(
  db: DbOrTx,
  of: Array<{ id: number; variantGroupId: string | null }>,
): Promise<number[]> {
  const groups = [...new Set(of.flatMap((p) => (p.variantGroupId ? [p.variantGroupId] : [])))];
  if (groups.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.variantGroupId, groups),
        notInArray(
          products.id,
          of.map((p) => p.id),
        ),
      ),
    );
  return rows.map((r) => r.id);
}
