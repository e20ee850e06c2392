import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categories, metals, products, reviews } from '../../db/schema';
import { toLinkedVariant, type LinkedVariant, type ProductJoinedRow } from './product-mapper';

const parentCategories = alias(categories, 'parent_categories');

function ratingSubquery(db: DbOrTx) {
  return db
    .select({
      productId: reviews.productId,
      averageRating: sql<string | null>`avg(${reviews.rating})`.as('average_rating'),
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(reviews)
    .groupBy(reviews.productId)
    .as('product_ratings');
}

/**
 * Loads products with category, parent category, metal and rating in ONE joined query (no N+1).
 * `where` may reference `products`, `categories` and `parentCategoriesTable` columns.
 */
export async function selectProducts(
  db: DbOrTx,
  where: SQL | undefined,
  orderBy: SQL[] = [asc(products.id)],
  limit?: number,
  offset?: number,
): Promise<ProductJoinedRow[]> {
  const ratings = ratingSubquery(db);
  let q = db
    .select({
      product: products,
      category: { id: categories.id, name: categories.name },
      parentCategory: { id: parentCategories.id, name: parentCategories.name },
      metal: { id: metals.id, name: metals.name, ratePaise: metals.ratePaise },
      averageRating: ratings.averageRating,
      reviewCount: ratings.reviewCount,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(parentCategories, eq(categories.parentId, parentCategories.id))
    .leftJoin(metals, eq(products.metalId, metals.id))
    .leftJoin(ratings, eq(ratings.productId, products.id))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit);
  if (offset !== undefined) q = q.offset(offset);
  const rows = await q;
  return rows.map((r) => ({
    product: r.product,
    category: r.category,
    parentCategory: r.parentCategory,
    metal: r.metal,
    averageRating: r.averageRating === null ? null : Number(r.averageRating),
    reviewCount: r.reviewCount ?? 0,
  }));
}

/** Counts products matching the same `where` as selectProducts (same joins, so filters agree). */
export async function countProducts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(parentCategories, eq(categories.parentId, parentCategories.id))
    .where(where);
  return row?.n ?? 0;
}

/** Other products in the same variant group (one query). */
export async function selectLinkedVariants(
  db: DbOrTx,
  productId: number,
  variantGroupId: string | null,
): Promise<LinkedVariant[]> {
  if (!variantGroupId) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.variantGroupId, variantGroupId), ne(products.id, productId)))
    .orderBy(asc(products.id));
  return rows.map(toLinkedVariant);
}

/** Products in a category or any of its direct children. */
export function inCategoryTree(categoryId: number): SQL {
  return sql`(${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId})`;
}

export const parentCategoriesTable = parentCategories;
