import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { categories, metals, products, reviews } from '../../db/schema';
import type { ProductJoinedRow } from '../products/product-mapper';

const parents = alias(categories, 'sf_parent');

/*
 * Storefront listings in three bounded steps, whatever the page size: (1) the page of ids, filtered,
 * ordered and paginated on products + categories only (index friendly); (2) those rows with their
 * category, parent and metal; (3) ratings of just those ids. Aggregating every review or joining
 * everything before the LIMIT is what made the shared joined helper slow on a large catalogue.
 */
export async function selectProductPage(db: Db, where: SQL, orderBy: SQL[], limit: number, offset = 0): Promise<ProductJoinedRow[]> {
  const page = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return loadRows(
    db,
    page.map((r) => r.id),
  );
}

/** Full rows for the given ids, in the given order. */
export async function loadRows(db: Db, ids: number[]): Promise<ProductJoinedRow[]> {
  if (ids.length === 0) return [];
  const [rows, ratings] = await Promise.all([
    db
      .select({
        product: products,
        category: { id: categories.id, name: categories.name },
        parentCategory: { id: parents.id, name: parents.name },
        metal: { id: metals.id, name: metals.name, ratePaise: metals.ratePaise },
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(parents, eq(categories.parentId, parents.id))
      .leftJoin(metals, eq(products.metalId, metals.id))
      .where(inArray(products.id, ids)),
    db
      .select({ productId: reviews.productId, avg: sql<string>`avg(${reviews.rating})`, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(inArray(reviews.productId, ids))
      .groupBy(reviews.productId),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.productId, r]));
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const rating = ratingOf.get(id);
    return [{ ...row, averageRating: rating ? Number(rating.avg) : null, reviewCount: rating?.n ?? 0 }];
  });
}

/** Number of products matching `where` (same joins as the id page). */
export async function countProductPage(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where);
  return row?.n ?? 0;
}
