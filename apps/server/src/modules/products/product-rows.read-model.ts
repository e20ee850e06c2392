import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categories, metalPurities, metals, products, reviews } from '../../db/schema';
import { toLinkedVariant, type LinkedVariant, type ProductJoinedRow } from './product-mapper';

/*
 * Read model (docs/decisions/0015): products with their category, parent category, metal, purity and
 * review summary (joins on the categories, metals and reviews modules' tables): the catalogue rows the
 * admin, the vendor dashboard, checkout and the storefront read. Reads only.
 */

/** The product's category's parent, joined as `parent_categories`. */
export const parentCategories = alias(categories, 'parent_categories');

/** The purity columns every product read joins (the rate prices the breakup). */
export const PURITY_COLUMNS = {
  id: metalPurities.id,
  name: metalPurities.name,
  fineness: metalPurities.fineness,
  ratePaise: metalPurities.ratePaise,
};

/**
 * A full product row (`ProductJoinedRow` without its rating): the product with its category, parent
 * category, metal and purity, over products joined to categories, `parentCategories`, metals and
 * metal purities.
 */
export const PRODUCT_JOINED_COLUMNS = {
  product: products,
  category: { id: categories.id, name: categories.name },
  parentCategory: { id: parentCategories.id, name: parentCategories.name },
  metal: { id: metals.id, name: metals.name, ratePaise: metals.ratePaise },
  purity: PURITY_COLUMNS,
};

/*
 * Product lists in bounded steps, whatever the page size: (1) the page of ids, filtered, ordered and
 * paginated on products + categories only (index friendly); (2) those rows with category, parent
 * and metal; (3) ratings of just those ids. Joining an aggregate over every review before the LIMIT
 * was what made a single joined query slow on a large catalogue (docs/bench-results.md).
 */

/**
 * Products matching `where` (which may reference `products` and `categories`, the product's own
 * category), in `orderBy` order, with category, parent category, metal and rating.
 */
export async function selectProducts(
  db: DbOrTx,
  where: SQL | undefined,
  orderBy: SQL[] = [asc(products.id)],
  limit?: number,
  offset?: number,
): Promise<ProductJoinedRow[]> {
  let q = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (limit !== undefined) q = q.limit(limit);
  if (offset !== undefined) q = q.offset(offset);
  const page = await q;
  return loadProductRows(
    db,
    page.map((r) => r.id),
  );
}

/**
 * A page of the newest products matching `where` and their total counted up to `window` (a bounded
 * listing's result window), from one scan: the first `window` matching ids, newest first, counted
 * by a window function and cut to the page. Counting apart (`countProducts` with a cap) scanned the
 * same matches a second time: for a word one product in twelve has, two walks of 12,000 rows for
 * a page deep in the window (decision 0086). A page past the end has no row to carry the total and
 * counts it apart.
 */
export async function selectNewestWithinWindow(
  db: DbOrTx,
  where: SQL | undefined,
  window: number,
  limit: number,
  offset: number,
): Promise<{ rows: ProductJoinedRow[]; total: number }> {
  const matching = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where)
    .orderBy(desc(products.id))
    .limit(window)
    .as('matching');
  const page = await db
    .select({ id: matching.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matching)
    .orderBy(desc(matching.id))
    .limit(limit)
    .offset(offset);
  const total = page[0]?.total ?? (await countProducts(db, where, window));
  return {
    rows: await loadProductRows(
      db,
      page.map((r) => r.id),
    ),
    total,
  };
}

/** How many products, in id order, a search first checks one by one (`firstMatchingIds`). */
const FIRST_WALK = 2_000;
/** The most products a search walks in id order in all (`firstMatchingIds`). */
const LONGEST_WALK = 40_000;
/** Below this share of matches in the first walk, the rest come from the trigram indexes. */
const WALK_ON_SHARE = 1 / 40;

/**
 * The first `window` ids, in id order (`direction`), of the products matching `where` (a search over
 * the whole catalogue; it may reference `products` and `categories`), in work bounded whatever the
 * text (decision 0095). No one plan is cheap for every text, and the planner cannot tell which text
 * is which: walking the primary key stops early for words most products have but reads the whole
 * catalogue for words that are each common and never come together ('lotus royal'); the trigram
 * indexes find rare words at once but visit every product for a word every product has. So the
 * search measures instead of guessing: (1) it checks the first `FIRST_WALK` products in id order one
 * by one (a walk of the primary key, never more rows); that is the answer when it finds `window`
 * matches or is the whole catalogue. (2) Where at least one product in 40 matched, the walk goes on,
 * up to `LONGEST_WALK` products in all, as far as that share says the window needs. (3) What is still
 * missing is taken past the walk from the indexes, ordered by `id + 0` so the planner cannot choose
 * the walk again: by then matches are rarer than one in 40 of the products walked. Every match is
 * found; the answer is exact, capped at `window` as before.
 */
export async function firstMatchingIds(
  db: DbOrTx,
  where: SQL,
  window: number,
  direction: 'asc' | 'desc',
): Promise<number[]> {
  const order = direction === 'desc' ? desc : asc;
  const past = (edge: number) => (direction === 'desc' ? lt(products.id, edge) : gt(products.id, edge));
  /** Checks the next `rows` products in id order after `edge`: their matches, and the last one walked. */
  const walk = async (rows: number, edge: number | undefined, wanted: number) => {
    const walked = db
      .select({
        id: products.id,
        matches: sql<boolean>`(${where})`.as('matches'),
        position: sql<number>`(row_number() over (order by ${products.id} ${sql.raw(direction)}))::int`.as(
          'position',
        ),
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(edge === undefined ? undefined : past(edge))
      .orderBy(order(products.id))
      .limit(rows)
      .as('walked');
    const found = await db
      .select({ id: walked.id, matches: walked.matches, position: walked.position })
      .from(walked)
      .where(sql`${walked.matches} or ${walked.position} = ${rows}`)
      .orderBy(order(walked.id))
      .limit(wanted + 1);
    return {
      ids: found.filter((r) => r.matches).map((r) => r.id),
      edge: found.find((r) => r.position === rows)?.id,
    };
  };
  const first = await walk(FIRST_WALK, undefined, window);
  let ids = first.ids;
  let edge = first.edge;
  if (ids.length >= window || edge === undefined) return ids.slice(0, window);
  const share = ids.length / FIRST_WALK;
  if (share >= WALK_ON_SHARE) {
    const needed = Math.ceil(((window - ids.length) / share) * 1.25);
    const more = await walk(Math.min(needed, LONGEST_WALK - FIRST_WALK), edge, window - ids.length);
    ids = [...ids, ...more.ids];
    edge = more.edge;
    if (ids.length >= window || edge === undefined) return ids.slice(0, window);
  }
  const rest = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(and(where, past(edge)))
    .orderBy(order(sql`${products.id} + 0`))
    .limit(window - ids.length);
  return [...ids, ...rest.map((r) => r.id)];
}

/** A page of the newest products matching a search (`firstMatchingIds`) and their total up to `window`. */
export async function selectNewestMatching(
  db: DbOrTx,
  where: SQL,
  window: number,
  limit: number,
  offset: number,
): Promise<{ rows: ProductJoinedRow[]; total: number }> {
  const ids = await firstMatchingIds(db, where, window, 'desc');
  return { rows: await loadProductRows(db, ids.slice(offset, offset + limit)), total: ids.length };
}

/** Full rows for the given ids, in the given order (two queries). */
export async function loadProductRows(db: DbOrTx, ids: number[]): Promise<ProductJoinedRow[]> {
  if (ids.length === 0) return [];
  const [rows, ratings] = await Promise.all([
    db
      .select(PRODUCT_JOINED_COLUMNS)
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(parentCategories, eq(categories.parentId, parentCategories.id))
      .leftJoin(metals, eq(products.metalId, metals.id))
      .leftJoin(metalPurities, eq(products.purityId, metalPurities.id))
      .where(inArray(products.id, ids)),
    db
      .select({
        productId: reviews.productId,
        avg: sql<string>`avg(${reviews.rating})`,
        n: sql<number>`count(*)::int`,
      })
      .from(reviews)
      // Ratings come from published reviews only (held and waiting ones do not count).
      .where(and(inArray(reviews.productId, ids), eq(reviews.status, 'PUBLISHED')))
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

/**
 * Id order for a query filtered by a substring search. Walking the primary key in id order while
 * testing each row against the search can read most of the catalogue; ordering by an expression
 * makes PostgreSQL combine the trigram and category indexes and sort the (few) matches instead.
 */
export const searchResultOrder: SQL[] = [sql`${products.id} + 0`];

/**
 * Counts products matching the same `where` as selectProducts (same join, so filters agree), at most
 * `cap` of them when given (a bounded listing's result window: what a stranger's count may cost).
 */
export async function countProducts(db: DbOrTx, where: SQL | undefined, cap?: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(where);
  const [row] = await db.select({ n: count() }).from((cap ? matching.limit(cap) : matching).as('matching'));
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
/**
 * `inCategoryTree` as the product's category id in a list: a plan can then read the categories'
 * entries of `products_listing_idx` (a search with a category, decision 0095).
 */
export function inCategoryTreeIds(categoryId: number): SQL {
  return sql`${products.categoryId} = any(array(select ${categories.id} from ${categories} where ${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId}))`;
}

export function inCategoryTree(categoryId: number): SQL {
  return sql`(${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId})`;
}
