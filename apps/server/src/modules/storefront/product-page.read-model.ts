import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paiseToRupees, type Plan } from '@zevar/domain';
import type { Db } from '../../db/client';
import { categories, metalPurities, metals, products, productSortKeys, reviews } from '../../db/schema';
import {
  parentCategories,
  PRODUCT_JOINED_COLUMNS,
  type LinkedVariant,
  type ProductJoinedRow,
} from '../products';
import { productVisibleTo } from './visibility.read-model';

/*
 * Read model (docs/decisions/0015): one storefront product page as one prepared statement over the
 * products, categories, metals and reviews modules' tables. Reads only.
 */

const variant = alias(products, 'variant');
const variantCategory = alias(categories, 'variant_category');

/**
 * The shape of a storefront product read: which rows (`where`, may use `products` and the product's
 * own `categories`, with `sql.placeholder`s for the values), in which order, and whether the page
 * needs the total and the linked variants. `key` names the shape: equal keys must build equal SQL.
 */
export type ProductPageShape = {
  key: string;
  where: SQL;
  orderBy: SQL[];
  /**
   * The listing's total as one scalar SQL expression (evaluated once per statement, never per row),
   * for paged reads; none: 0.
   */
  total?: SQL;
  /** Linked variants visible to this plan, for a single-product read. */
  variantsFor?: Plan;
  /**
   * The page's ids chosen from the kept sort keys of active products (`product_sort_keys` alone, no
   * join) instead of from products: `where` is then over that table (the category's plan rule goes
   * into the choice of its category ids), and the page is taken in `sortKeys.orderBy`, which must
   * give the same order as `orderBy` gives the products (decision 0080: a price-sorted category page
   * reads the category's keys from one narrow index).
   */
  sortKeys?: { orderBy: SQL[] };
  /**
   * Planned for each call's values (an unnamed statement) instead of once for all: for a search
   * over the whole catalogue, whose best plan depends on how many products the text matches (a
   * walk of the primary key for a word most have, the trigram index for a rare one); one generic
   * plan is wrong for one or the other (decision 0086).
   */
  planEachCall?: boolean;
};

export type ProductPageRow = ProductJoinedRow & { total: number; variants: LinkedVariant[] };

type VariantJson = {
  id: number;
  name: string;
  slug: string;
  variantType: string | null;
  variantValue: string | null;
  pricePaise: number | string;
  stock: number;
  image: string | null;
};

/*
 * One statement per read: the page of ids is chosen on products + categories only (index friendly;
 * the total is the shape's own scalar expression, a sum of kept counts or a capped count, never a
 * window over the whole filtered set), then only those rows
 * are joined to category, parent and metal, with their ratings and (for a product page) the linked
 * variants as correlated subqueries. Each shape is built once and run as a prepared statement, so
 * a miss neither rebuilds the SQL nor makes PostgreSQL plan it again.
 */
function build(db: Db, shape: ProductPageShape) {
  const total = (shape.total ? sql<number>`${shape.total}` : sql<number>`0`).as('total');
  const page = choosePage(db, shape, total)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const variants = shape.variantsFor
    ? sql<VariantJson[]>`(select coalesce(json_agg(json_build_object(
        'id', ${variant.id}, 'name', ${variant.name}, 'slug', ${variant.slug},
        'variantType', ${variant.variantType}, 'variantValue', ${variant.variantValue},
        'pricePaise', ${variant.pricePaise}, 'stock', ${variant.stock}, 'image', ${variant.images}->>0
      ) order by ${variant.id}), '[]'::json)
      from ${products} as ${sql.identifier('variant')}
        inner join ${categories} as ${sql.identifier('variant_category')} on ${variantCategory.id} = ${variant.categoryId}
      where ${variant.variantGroupId} = ${products.variantGroupId} and ${variant.id} <> ${products.id}
        and ${productVisibleTo(shape.variantsFor, variant, variantCategory)})`
    : sql<VariantJson[]>`'[]'::json`;
  // The page's few rows are put in the shape's order again by the same expressions over the joined
  // product (no row number over the whole filtered set: without one, the page is a top-N sort).
  return db
    .select({
      ...PRODUCT_JOINED_COLUMNS,
      total: page.total,
      ratingAvg: sql<
        string | null
      >`(select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${products.id} and ${publishedReview})`,
      ratingCount: sql<number>`(select count(*)::int from ${reviews} where ${reviews.productId} = ${products.id} and ${publishedReview})`,
      variants,
    })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(parentCategories, eq(categories.parentId, parentCategories.id))
    .leftJoin(metals, eq(products.metalId, metals.id))
    .leftJoin(metalPurities, eq(products.purityId, metalPurities.id))
    .orderBy(...shape.orderBy)
    .prepare(
      shape.planEachCall
        ? ''
        : `storefront_${createHash('sha1').update(shape.key).digest('hex').slice(0, 16)}`,
    );
}

/** The page's ids (and the shape's total) in the shape's order, chosen from products or the sort keys. */
function choosePage(db: Db, shape: ProductPageShape, total: SQL.Aliased<number>) {
  return shape.sortKeys
    ? db
        .select({ id: productSortKeys.productId, total })
        .from(productSortKeys)
        .where(shape.where)
        .orderBy(...shape.sortKeys.orderBy)
    : db
        .select({ id: products.id, total })
        .from(products)
        .innerJoin(categories, eq(products.categoryId, categories.id))
        .where(shape.where)
        .orderBy(...shape.orderBy);
}

function buildIds(db: Db, shape: ProductPageShape) {
  const total = (shape.total ? sql<number>`${shape.total}` : sql<number>`0`).as('total');
  return choosePage(db, shape, total)
    .limit(sql.placeholder('limit'))
    .prepare(`storefront_ids_${createHash('sha1').update(shape.key).digest('hex').slice(0, 16)}`);
}
const idsByDb = new WeakMap<Db, Map<string, ReturnType<typeof buildIds>>>();

/**
 * The first `limit` ids of this shape in its order, without their rows, and its total (0 when
 * there is no row to carry it): a listing kept whole, whose pages are cut from it (decision 0094).
 * Prepared once per database and shape, as `runProductPage`.
 */
export async function runListingIds(
  db: Db,
  shape: ProductPageShape,
  values: Record<string, unknown> & { limit: number },
): Promise<{ ids: number[]; total: number }> {
  let prepared = idsByDb.get(db);
  if (!prepared) idsByDb.set(db, (prepared = new Map()));
  let query = prepared.get(shape.key);
  if (!query) prepared.set(shape.key, (query = buildIds(db, shape)));
  const rows = await query.execute(values);
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/** Ratings and review counts come from published reviews only (held and waiting ones do not count). */
const publishedReview = sql`${reviews.status} = 'PUBLISHED'`;

type Prepared = ReturnType<typeof build>;
const preparedByDb = new WeakMap<Db, Map<string, Prepared>>();

/** Runs the read of this shape (prepared once per database) with its placeholder values. */
export async function runProductPage(
  db: Db,
  shape: ProductPageShape,
  values: Record<string, unknown> & { limit: number; offset?: number },
): Promise<ProductPageRow[]> {
  let prepared = preparedByDb.get(db);
  if (!prepared) preparedByDb.set(db, (prepared = new Map()));
  let query = prepared.get(shape.key);
  if (!query) prepared.set(shape.key, (query = build(db, shape)));
  const rows = await query.execute({ offset: 0, ...values });
  return rows.map((r) => ({
    product: r.product,
    category: r.category,
    parentCategory: r.parentCategory,
    metal: r.metal,
    purity: r.purity,
    averageRating: r.ratingAvg === null ? null : Number(r.ratingAvg),
    reviewCount: Number(r.ratingCount),
    total: Number(r.total),
    variants: (typeof r.variants === 'string' ? (JSON.parse(r.variants) as VariantJson[]) : r.variants).map(
      (v) => ({
        id: v.id,
        name: v.name,
        slug: v.slug,
        variantType: v.variantType as LinkedVariant['variantType'],
        variantValue: v.variantValue,
        price: paiseToRupees(Number(v.pricePaise)),
        stock: v.stock,
        image: v.image,
      }),
    ),
  }));
}
