import { and, asc, desc, eq, gt, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LOW_STOCK_BELOW,
  toPaged,
  type AdminProductListQuery,
  type CatalogueProduct,
  type Paged,
  type StockFilter,
} from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { likePattern } from '../../lib/sql-search';
import { toProductDto } from './product-mapper';
import { countProducts, inCategoryTree, selectProducts } from './product-rows.read-model';

/*
 * The catalogue admin's product list (issue 23 item 4): every filter and sort on the server, exact
 * totals, any page. Indexes behind each choice (docs/decisions/0048): status through
 * products_not_active_idx (drafts and archived are few; 'active' walks the primary key), metal and
 * purity through (metal_id, id) and (purity_id, id), plan through (plan, id), category through
 * (category_id, id), name and SKU sorts through their unique indexes, created through
 * products_created_idx. Price and stock have no index on purpose (a rate change or a sale must stay a
 * HOT update, decision 0036): those sorts and the stock filter read the table (bench: 100k products).
 */

const STOCK_BANDS: Record<StockFilter, SQL> = {
  out: lte(products.stock, 0)!,
  low: and(gt(products.stock, 0), lt(products.stock, ADMIN_LOW_STOCK_BELOW))!,
  in: gt(products.stock, 0)!,
};

function adminListWhere(q: Omit<AdminProductListQuery, 'page' | 'size' | 'sort' | 'direction'>) {
  const parts: SQL[] = [];
  const search = q.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    parts.push(
      or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.tagline, pattern))!,
    );
  }
  if (q.status) parts.push(eq(products.status, q.status));
  if (q.stock) parts.push(STOCK_BANDS[q.stock]);
  if (q.categoryId) parts.push(inCategoryTree(q.categoryId));
  if (q.metalId) parts.push(eq(products.metalId, q.metalId));
  if (q.purityId) parts.push(eq(products.purityId, q.purityId));
  if (q.plan) parts.push(eq(products.plan, q.plan));
  if (q.hallmarked !== undefined) parts.push(eq(products.hallmarked, q.hallmarked));
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS = {
  id: products.id,
  name: sql`lower(${products.name})`,
  sku: products.sku,
  price: products.pricePaise,
  stock: products.stock,
  createdAt: products.createdAt,
} as const;

/** The sort, then id in the same direction, so pages never overlap or skip on ties. */
function orderOf(q: AdminProductListQuery): SQL[] {
  const dir = q.direction === 'asc' ? asc : desc;
  // A substring search ordered by id: sort the matches (trigram index) instead of walking every id.
  const id = q.search?.trim() ? sql`${products.id} + 0` : products.id;
  if (q.sort === 'id') return [dir(id)];
  return [dir(SORT_COLUMNS[q.sort]), dir(products.id)];
}

export async function adminProductPage(
  db: DbOrTx,
  q: AdminProductListQuery,
  gstBp: number,
): Promise<Paged<CatalogueProduct>> {
  const where = adminListWhere(q);
  const [rows, total] = await Promise.all([
    selectProducts(db, where, orderOf(q), q.size, q.page * q.size),
    countProducts(db, where),
  ]);
  return toPaged(
    rows.map((r) => toProductDto(r, gstBp)),
    total,
    q,
  );
}

/**
 * Active products with low stock and with none, for the admin home (issue 23 item 6): the same bands
 * as the list's stock filter, so a tile's figure is the length of the list it opens (one query).
 */
export async function stockCounts(db: DbOrTx): Promise<{ low: number; out: number }> {
  const [row] = await db
    .select({
      low: sql<number>`count(*) filter (where ${STOCK_BANDS.low})`.mapWith(Number),
      out: sql<number>`count(*) filter (where ${STOCK_BANDS.out})`.mapWith(Number),
    })
    .from(products)
    .where(and(eq(products.status, 'active'), lt(products.stock, ADMIN_LOW_STOCK_BELOW)));
  return { low: row?.low ?? 0, out: row?.out ?? 0 };
}
