import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
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
