import { and, asc, desc, eq, gt, gte, or, Placeholder, SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CATEGORY_MAX_PAGE_SIZE,
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  nameFromSlug,
  toPaged,
  SPECIAL_OFFER_COUNT,
  TRENDING_LIMIT,
  TRENDING_MIN_SALES,
  TRENDING_MIN_VIEWS,
  toProductListItem,
  type CategoryProductsQuery,
  type Paged,
  type PageQuery,
  type Plan,
  type Product,
  type ProductListItem,
} from '@zevar/domain';
import type { Db } from '../../db/client';
import { categories, productCounts, products, productSortKeys } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { toProductDto } from '../products';
import { firstMatchingIds, searchResultOrder } from '../products';
import { categoryVisibleTo, planVisibleTo, productVisibleTo } from './visibility.read-model';
import { everyWordIn, likePattern } from '../../lib/sql-search';
import {
  runListingIds,
  runProductPage,
  type ProductPageRow,
  type ProductPageShape,
} from './product-page.read-model';

/*
 * Read model (docs/decisions/0015): the storefront's product reads over the products, categories,
 * metals and reviews modules' tables, at most two prepared statements per cache miss (issue 12).
 * Reads only: a product view is counted by the products module (`countProductView`).
 */

const byId = [asc(products.id)];
const keys = productSortKeys;
const inStock = gt(products.stock, 0);
const trendingScore = sql`(0.7 * ${products.salesCount} + 0.3 * ${products.views})`;
const isTrendingSql = or(
  eq(products.trending, true),
  and(gte(products.salesCount, TRENDING_MIN_SALES), gte(products.views, TRENDING_MIN_VIEWS)),
)!;

const PRICE_SORTS = {
  'price-asc': {
    orderBy: [asc(products.pricePaise), asc(products.id)],
    sortKeys: [asc(keys.pricePaise), asc(keys.productId)],
  },
  'price-desc': {
    orderBy: [desc(products.pricePaise), asc(products.id)],
    sortKeys: [desc(keys.pricePaise), asc(keys.productId)],
  },
} satisfies Record<Exclude<CategoryProductsQuery['sort'], 'default'>, { orderBy: SQL[]; sortKeys: SQL[] }>;

/** Products' exact stock and sales count by id (a single-product answer's figures, decision 0088). */
export type StockFigures = Map<number, { stock: number; salesCount: number }>;

/**
 * A product answer with its own and its linked variants' exact stock and sales count as `figures`
 * have them; a product they lack keeps what the answer had.
 */
export function withStockFigures(product: Product, figures: StockFigures): Product {
  const own = figures.get(product.id);
  return {
    ...product,
    stock: own?.stock ?? product.stock,
    salesCount: own?.salesCount ?? product.salesCount,
    linkedVariants: product.linkedVariants.map((v) => ({ ...v, stock: figures.get(v.id)?.stock ?? v.stock })),
  };
}

/** Public product reads for storefronts: one statement per call (two on an empty page), paginated in SQL. */
export function createProductReads(db: Db, gstBp: number) {
  const p = sql.placeholder;
  /** Lists show a stock band and no sales count (decision 0081); single-product reads the figures. */
  const dto = (rows: ProductPageRow[]) => rows.map((r) => toProductListItem(toProductDto(r, gstBp)));

  async function list(shape: ProductPageShape, values: Values, limit: number): Promise<ProductListItem[]> {
    return dto(await runProductPage(db, shape, { ...values, limit }));
  }

  /**
   * A page and its total in one statement (`shape.total`); a page past the end has no row to carry
   * the total, so it alone asks for it again. Pages are bounded (`window`), so `totalPages` stops there.
   */
  async function paged(
    shape: ProductPageShape & { total: SQL },
    values: Values,
    q: PageQuery,
    window: number,
  ): Promise<Paged<ProductListItem>> {
    const rows = await runProductPage(db, shape, { ...values, limit: q.size, offset: q.page * q.size });
    const total = rows[0]?.total ?? (q.page > 0 ? await totalOf(shape.total, values) : 0);
    return toPaged(dto(rows), total, q, window);
  }

  async function totalOf(total: SQL, values: Values): Promise<number> {
    const [row] = await db.select({ n: sql<number>`${bind(total, values)}` }).from(sql`(select 1) as one`);
    return Number(row?.n ?? 0);
  }

  /** 404 either way; a product that exists above the shop's tier says so, so the page can go to '/'. */
  async function requireOne(plan: Plan, key: string, match: SQL, values: Values): Promise<Product> {
    const shape = {
      key: `one:${plan}:${key}`,
      where: and(productVisibleTo(plan), match)!,
      orderBy: byId,
      variantsFor: plan,
    };
    const [row] = await runProductPage(db, shape, { ...values, limit: 1 });
    if (row) return toProductDto(row, gstBp, row.variants);
    const [hidden] = await db.select({ id: products.id }).from(products).where(bind(match, values)).limit(1);
    if (hidden) throw new AppError('NOT_IN_PLAN', 'This product is not available in this shop');
    throw notFound('Product');
  }

  /** By slug, else by name with hyphens turned into spaces (case-insensitive), else by numeric id. */
  function byName(plan: Plan, name: string): Promise<Product> {
    const lowered = lookupKey(name);
    const values: Values = { slug: lowered, spaced: nameFromSlug(lowered), lowered };
    const conditions = [
      eq(products.slug, p('slug')),
      sql`lower(${products.name}) = ${p('spaced')}`,
      sql`lower(${products.name}) = ${p('lowered')}`,
    ];
    const byNumber = /^\d{1,9}$/.test(lowered);
    if (byNumber) {
      conditions.push(sql`${products.id} = ${p('id')}`);
      values.id = Number(lowered);
    }
    return requireOne(plan, byNumber ? 'name-or-id' : 'name', or(...conditions)!, values);
  }

  /**
   * A category page's listing over the category and its visible children (search, subcategory and
   * sort in SQL), kept whole and cut into pages (decision 0094): its ids in order, the first
   * `window` of them and one largest page beyond (a page must start within the window), and its
   * total, in one statement. `shown`: the category itself is visible to the shop (checked only when
   * the listing is empty, for the 404).
   */
  async function categoryListing(
    plan: Plan,
    categoryId: number,
    q: CategoryListingQuery,
  ): Promise<{ ids: number[]; total: number; shown: boolean }> {
    // A price sort chooses its ids from the kept sort keys (one narrow index holds the category's
    // prices, decision 0080), the default order from products_listing_idx. Either way the category's
    // ids are given as an array (not `in (subquery)`), so its entries are read per category instead
    // of by walking the whole table in id order. The sort keys are active products only, and their
    // categories' plan rule is applied to the array (once per category, not once per product).
    const priceSort = q.sort === 'default' ? undefined : PRICE_SORTS[q.sort];
    const from = priceSort ? { categoryId: keys.categoryId, name: keys.name } : products;
    const inTree = sql`(${tree.id} = ${p('category')} or ${tree.parentId} = ${p('category')})`;
    const treeIds = (visible: SQL | undefined) =>
      sql`${from.categoryId} = any(array(select ${tree.id} from ${categories} as ${sql.identifier('tree')} where ${and(inTree, visible)}))`;
    const shownCategory = sql`exists (select 1 from ${categories} as ${sql.identifier('tree')} where ${tree.id} = ${p('category')} and ${categoryVisibleTo(plan, tree)})`;
    const filters: SQL[] = priceSort
      ? [planVisibleTo(plan, keys.plan), treeIds(categoryVisibleTo(plan, tree)), shownCategory]
      : [productVisibleTo(plan), treeIds(undefined), shownCategory];
    const countFilters: SQL[] = [
      sql`(${categories.id} = ${p('category')} or ${categories.parentId} = ${p('category')})`,
      shownCategory,
    ];
    const window = q.search ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
    const values: Values & { limit: number } = {
      category: categoryId,
      limit: window + CATEGORY_MAX_PAGE_SIZE,
    };
    if (q.subCategoryId) {
      filters.push(sql`${from.categoryId} = ${p('sub')}`);
      countFilters.push(sql`${categories.id} = ${p('sub')}`);
      values.sub = q.subCategoryId;
    }
    if (q.search) {
      // `name || ''` (the same text) on products: the filter then runs on products_listing_idx's
      // entries of the category alone. Written as `name ilike $1`, the prepared statement's generic
      // plan (the pattern unknown) ANDs the name's trigram index with the category's and reads every
      // product of the category from the table for a word they all have: 5,500 pages instead of
      // about 250 (decision 0086).
      filters.push(sql`${priceSort ? keys.name : sql`(${products.name} || '')`} ilike ${p('pattern')}`);
      values.pattern = likePattern(q.search);
    }
    // Id order as an expression: the category's ids (and names, for a search) are read from
    // products_listing_idx alone, at any depth. Ordered by the primary key instead, a prepared
    // statement's generic plan walks the whole catalogue in id order, testing each row's category
    // (decision 0074).
    const orderBy = priceSort ? priceSort.orderBy : searchResultOrder;
    const listing = await runListingIds(
      db,
      {
        key: `category:${plan}:${q.sort}:${Boolean(q.subCategoryId)}:${Boolean(q.search)}`,
        where: and(...filters)!,
        orderBy,
        sortKeys: priceSort && { orderBy: priceSort.sortKeys },
        // A search's total is its matches up to the window, which are all among the ids read; a
        // category's is summed from the kept counts.
        total: q.search ? undefined : keptCount(plan, and(...countFilters)!),
      },
      values,
    );
    const total = q.search ? Math.min(listing.ids.length, MAX_SEARCH_RESULTS) : listing.total;
    const shown = listing.ids.length > 0 || (await categoryVisible(plan, categoryId));
    return { ids: listing.ids, total, shown };
  }

  /** Products as a list shows them, by id (any order; an id with no product is left out). */
  async function listItems(ids: number[]): Promise<ProductListItem[]> {
    const shape = { key: 'list-items', where: sql`${products.id} = any(${p('ids')})`, orderBy: byId };
    return dto(await runProductPage(db, shape, { ids, limit: ids.length }));
  }

  async function categoryVisible(plan: Plan, categoryId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), categoryVisibleTo(plan)));
    return Boolean(row);
  }

  async function trending(plan: Plan, q: PageQuery): Promise<Paged<ProductListItem>> {
    const shape = {
      key: `trending:${plan}`,
      where: and(productVisibleTo(plan), inStock, isTrendingSql)!,
      orderBy: [desc(trendingScore), asc(products.id)],
    };
    const top = await list(shape, {}, TRENDING_LIMIT);
    return toPaged(top.slice(q.page * q.size, q.page * q.size + q.size), top.length, q);
  }

  /**
   * Six random visible products: a random starting id, then the ids after it and (wrapping round)
   * before it, in one statement.
   */
  async function specialOffers(plan: Plan): Promise<ProductListItem[]> {
    const start = sql`(select min(${idsOnly.id}) + floor(${p('fraction')}::float8 * (max(${idsOnly.id}) - min(${idsOnly.id}) + 1))::int from ${products} as ${sql.identifier('ids_only')})`;
    const shape = {
      key: `offers:${plan}`,
      where: and(productVisibleTo(plan), inStock)!,
      orderBy: [sql`(${products.id} < ${start})`, asc(products.id)],
    };
    const pool = await list(shape, { fraction: Math.random() }, SPECIAL_OFFER_COUNT * 5);
    return shuffle(pool).slice(0, SPECIAL_OFFER_COUNT);
  }

  const figures = db
    .select({ id: products.id, stock: products.stock, salesCount: products.salesCount })
    .from(products)
    .where(sql`${products.id} = any(${p('ids')})`)
    .prepare('storefront_stock_figures');

  return {
    /** The exact stock and sales count of these products now (decision 0088): one small statement. */
    stockFigures: async (ids: number[]): Promise<StockFigures> =>
      new Map((await figures.execute({ ids })).map((r) => [r.id, r])),
    byName,
    bySlug: (plan: Plan, slug: string) =>
      requireOne(plan, 'slug', eq(products.slug, p('slug')), { slug: lookupKey(slug) }),
    bySku: (plan: Plan, sku: string) =>
      requireOne(plan, 'sku', sql`lower(${products.sku}) = ${p('sku')}`, { sku: lookupKey(sku) }),
    all: (plan: Plan, q: PageQuery) =>
      paged(
        { key: `all:${plan}`, where: productVisibleTo(plan), orderBy: byId, total: keptCount(plan) },
        {},
        q,
        MAX_RESULT_WINDOW,
      ),
    recent: (plan: Plan, size: number) =>
      list(
        {
          key: `recent:${plan}`,
          where: productVisibleTo(plan),
          orderBy: [desc(products.createdAt), desc(products.id)],
        },
        {},
        size,
      ),
    top10: (plan: Plan) =>
      list(
        {
          key: `top10:${plan}`,
          where: productVisibleTo(plan),
          orderBy: [desc(products.salesCount), asc(products.id)],
        },
        {},
        10,
      ),
    trending,
    sale: (plan: Plan, q: PageQuery) => {
      const where = and(productVisibleTo(plan), inStock, eq(products.sale, true))!;
      return paged(
        { key: `sale:${plan}`, where, orderBy: byId, total: cappedCount(where, MAX_RESULT_WINDOW) },
        {},
        q,
        MAX_RESULT_WINDOW,
      );
    },
    specialOffers,
    variantGroup: (plan: Plan, group: string) =>
      list(
        {
          key: `variant-group:${plan}`,
          where: and(productVisibleTo(plan), sql`${products.variantGroupId} = ${p('group')}`)!,
          orderBy: byId,
        },
        { group },
        50,
      ),
    /**
     * Every word in the name, the first `MAX_SEARCH_RESULTS` matches in id order, found in bounded
     * work whatever the words (`firstMatchingIds`, decision 0095); then the page's rows by id.
     */
    search: async (plan: Plan, keyword: string, q: PageQuery): Promise<Paged<ProductListItem>> => {
      const words = everyWordIn([products.name], keyword);
      const ids = words
        ? await firstMatchingIds(db, and(productVisibleTo(plan), words)!, MAX_SEARCH_RESULTS, 'asc')
        : [];
      const page = ids.slice(q.page * q.size, q.page * q.size + q.size);
      const shape = {
        key: `search-page:${plan}`,
        where: sql`${products.id} = any(${p('ids')})`,
        orderBy: byId,
      };
      const rows = page.length ? await runProductPage(db, shape, { ids: page, limit: page.length }) : [];
      return toPaged(dto(rows), ids.length, q, MAX_SEARCH_RESULTS);
    },
    categoryListing,
    listItems,
  };
}
export type ProductReads = ReturnType<typeof createProductReads>;

/**
 * A product looked up by slug, name or SKU, as the reads match it: trimmed, letter case folded. The
 * read depends on this alone, so every spelling of it shares one kept product (decision 0100).
 */
export const lookupKey = (text: string) => text.trim().toLowerCase();

/** What decides a category's listing besides the shop's plan and the category: not the page. */
export type CategoryListingQuery = Pick<CategoryProductsQuery, 'sort' | 'search' | 'subCategoryId'>;

type Values = Record<string, unknown>;

/**
 * Active products visible to `plan`, summed from the kept per-category counts (`product_counts`,
 * maintained by a trigger): a few rows, whatever the size of the category. `categoryFilter` may
 * narrow the categories (over `categories`, with placeholders).
 */
function keptCount(plan: Plan, categoryFilter?: SQL): SQL {
  return sql`(select coalesce(sum(${productCounts.count}), 0)::int from ${productCounts}
    inner join ${categories} on ${categories.id} = ${productCounts.categoryId}
    where ${and(planVisibleTo(plan, productCounts.plan), categoryVisibleTo(plan), categoryFilter)})`;
}

/**
 * How many products match `where`, counting at most `cap` (the listing's result window: no page
 * past it can be asked for). A search or a stock filter cannot be summed from kept counts; capping
 * bounds what a stranger's query may cost.
 */
function cappedCount(where: SQL, cap: number): SQL {
  return sql`(select count(*)::int from (select 1 from ${productsSource}
    where ${where} limit ${sql.raw(String(cap))}) as capped)`;
}
const productsSource = sql`${products} inner join ${categories} on ${products.categoryId} = ${categories.id}`;
const tree = alias(categories, 'tree');
const idsOnly = alias(products, 'ids_only');

/** The same condition with its placeholders filled in, for the rare unprepared follow-up query. */
function bind(where: SQL, values: Values): SQL {
  return sql.join(
    where.queryChunks.map((chunk) => {
      if (chunk instanceof Placeholder) return sql`${values[chunk.name]}`;
      if (chunk instanceof SQL) return bind(chunk, values);
      return chunk as SQL;
    }),
  );
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
