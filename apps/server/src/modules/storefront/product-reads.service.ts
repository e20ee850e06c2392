import { and, asc, desc, eq, gt, gte, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  nameFromSlug,
  toPaged,
  SPECIAL_OFFER_COUNT,
  TRENDING_LIMIT,
  TRENDING_MIN_SALES,
  TRENDING_MIN_VIEWS,
  type CategoryProductsQuery,
  type Paged,
  type PageQuery,
  type Plan,
  type Product,
} from '@zevar/domain';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { toLinkedVariant, toProductDto } from '../products/product-mapper';
import { countProducts, searchResultOrder, selectProducts } from '../products/product-queries';
import { categoryVisibleTo, productVisibleTo } from './visibility';
import { textContains } from '../../lib/sql-search';

const byId = [asc(products.id)];
const inStock = gt(products.stock, 0);
const trendingScore = sql`(0.7 * ${products.salesCount} + 0.3 * ${products.views})`;
const isTrendingSql = or(
  eq(products.trending, true),
  and(gte(products.salesCount, TRENDING_MIN_SALES), gte(products.views, TRENDING_MIN_VIEWS)),
)!;

const SORTS: Record<CategoryProductsQuery['sort'], SQL[]> = {
  default: byId,
  'price-asc': [asc(products.pricePaise), asc(products.id)],
  'price-desc': [desc(products.pricePaise), asc(products.id)],
};

/** Public product reads for storefronts: every call is bounded to a few queries and paginated in SQL. */
export function createProductReads(db: Db) {
  async function list(where: SQL, orderBy: SQL[], limit: number, offset = 0): Promise<Product[]> {
    const rows = await selectProducts(db, where, orderBy, limit, offset);
    return rows.map((r) => toProductDto(r));
  }

  async function paged(where: SQL, q: PageQuery, orderBy: SQL[] = byId): Promise<Paged<Product>> {
    const [content, total] = await Promise.all([
      list(where, orderBy, q.size, q.page * q.size),
      countProducts(db, where),
    ]);
    return toPaged(content, total, q);
  }

  /** One product with the variants the same shop may show; null when missing or above the tier. */
  async function findOne(plan: Plan, match: SQL): Promise<Product | null> {
    const [row] = await selectProducts(db, and(productVisibleTo(plan), match)!, byId, 1);
    if (!row) return null;
    const group = row.product.variantGroupId;
    const variants = group
      ? await db
          .select({ product: products })
          .from(products)
          .innerJoin(categories, eq(products.categoryId, categories.id))
          .where(
            and(eq(products.variantGroupId, group), ne(products.id, row.product.id), productVisibleTo(plan)),
          )
          .orderBy(asc(products.id))
      : [];
    return toProductDto(
      row,
      variants.map((v) => toLinkedVariant(v.product)),
    );
  }

  /** 404 either way; a product that exists above the shop's tier says so, so the page can go to '/'. */
  async function requireOne(plan: Plan, match: SQL): Promise<Product> {
    const product = await findOne(plan, match);
    if (product) return product;
    const [hidden] = await db.select({ id: products.id }).from(products).where(match).limit(1);
    if (hidden) throw new AppError('NOT_IN_PLAN', 'This product is not available in this shop');
    throw notFound('Product');
  }

  /** By slug, else by name with hyphens turned into spaces (case-insensitive), else by numeric id. */
  function byName(plan: Plan, name: string): Promise<Product> {
    const trimmed = name.trim();
    const lowered = trimmed.toLowerCase();
    const conditions = [
      eq(products.slug, lowered),
      sql`lower(${products.name}) = ${nameFromSlug(lowered)}`,
      sql`lower(${products.name}) = ${lowered}`,
    ];
    if (/^\d{1,9}$/.test(trimmed)) conditions.push(eq(products.id, Number(trimmed)));
    return requireOne(plan, or(...conditions)!);
  }

  /** The category (first) and its visible children; null when the category is missing or above the tier. */
  async function categoryTree(plan: Plan, categoryId: number): Promise<number[] | null> {
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(or(eq(categories.id, categoryId), eq(categories.parentId, categoryId)), categoryVisibleTo(plan)),
      );
    const ids = rows.map((r) => r.id);
    return ids.includes(categoryId) ? [categoryId, ...ids.filter((id) => id !== categoryId)] : null;
  }

  /** Category page listing over the category and its children: search, subcategory and sort in SQL. */
  async function categoryListing(
    plan: Plan,
    categoryId: number,
    q: CategoryProductsQuery,
  ): Promise<Paged<Product>> {
    const tree = await categoryTree(plan, categoryId);
    if (!tree) throw notFound('Category');
    const ids = q.subCategoryId ? tree.filter((id) => id === q.subCategoryId) : tree;
    if (ids.length === 0) return toPaged([], 0, q);
    const filters: SQL[] = [productVisibleTo(plan), inArray(products.categoryId, ids)];
    if (!q.search) return paged(and(...filters)!, q, SORTS[q.sort]);
    filters.push(textContains(products.name, q.search));
    return paged(and(...filters)!, q, q.sort === 'default' ? searchResultOrder : SORTS[q.sort]);
  }

  async function trending(plan: Plan, q: PageQuery): Promise<Paged<Product>> {
    const top = await list(
      and(productVisibleTo(plan), inStock, isTrendingSql)!,
      [desc(trendingScore), asc(products.id)],
      TRENDING_LIMIT,
    );
    return toPaged(top.slice(q.page * q.size, q.page * q.size + q.size), top.length, q);
  }

  /** Six random visible products: a random window of ids keeps this an index range scan on any size. */
  async function specialOffers(plan: Plan): Promise<Product[]> {
    const where = and(productVisibleTo(plan), inStock)!;
    const [bounds] = await db
      .select({ min: sql<number>`min(${products.id})`, max: sql<number>`max(${products.id})` })
      .from(products);
    const min = Number(bounds?.min ?? 0);
    const max = Number(bounds?.max ?? 0);
    const start = min + Math.floor(Math.random() * Math.max(1, max - min + 1));
    let pool = await list(and(where, gte(products.id, start))!, byId, SPECIAL_OFFER_COUNT * 5);
    if (pool.length < SPECIAL_OFFER_COUNT)
      pool = pool.concat(await list(where, byId, SPECIAL_OFFER_COUNT * 5));
    const unique = [...new Map(pool.map((p) => [p.id, p])).values()];
    return shuffle(unique).slice(0, SPECIAL_OFFER_COUNT);
  }

  return {
    countView: async (id: number) => {
      await db
        .update(products)
        .set({ views: sql`${products.views} + 1` })
        .where(eq(products.id, id));
    },
    byName,
    bySlug: (plan: Plan, slug: string) => requireOne(plan, eq(products.slug, slug.trim().toLowerCase())),
    bySku: (plan: Plan, sku: string) =>
      requireOne(plan, sql`lower(${products.sku}) = ${sku.trim().toLowerCase()}`),
    all: (plan: Plan, q: PageQuery) => paged(productVisibleTo(plan), q),
    recent: (plan: Plan, size: number) =>
      list(productVisibleTo(plan), [desc(products.createdAt), desc(products.id)], size),
    top10: (plan: Plan) => list(productVisibleTo(plan), [desc(products.salesCount), asc(products.id)], 10),
    trending,
    sale: (plan: Plan, q: PageQuery) =>
      paged(and(productVisibleTo(plan), inStock, eq(products.sale, true))!, q),
    specialOffers,
    variantGroup: (plan: Plan, group: string) =>
      list(and(productVisibleTo(plan), eq(products.variantGroupId, group))!, byId, 50),
    search: (plan: Plan, keyword: string, q: PageQuery) =>
      paged(and(productVisibleTo(plan), textContains(products.name, keyword))!, q, searchResultOrder),
    categoryListing,
  };
}
export type ProductReads = ReturnType<typeof createProductReads>;

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
