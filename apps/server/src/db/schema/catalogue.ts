import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  LINK_TYPES,
  MAKING_CHARGE_KINDS,
  PLANS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  PURITY_RATE_MODES,
  REVIEW_STATUSES,
  STONE_KINDS,
  STONE_ORIGINS,
  type CertificateInput,
} from '@zevar/domain';
import { createdAt, tstz, updatedAt } from './columns';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    banner: text('banner'),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    plan: text('plan', { enum: PLANS }).notNull().default('FREE'),
    /** HSN code printed on invoices for this category's pieces; null: 711311 for silver, else 711319. */
    hsnCode: text('hsn_code'),
    /** Optimistic lock: every admin edit names the version it started from and bumps it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('categories_slug_uq').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
    index('categories_plan_idx').on(t.plan),
  ],
);

export const metals = pgTable('metals', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Fine (pure) rate per gram: derived purities take their rate from it by fineness. */
  ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
  /** Optimistic lock: every edit names the version it started from and bumps it (decision 0023). */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * A metal's purities (gold 24K/22K/18K/14K, silver 999/925, …), each with its own rate per gram:
 * ENTERED by the admin, or DERIVED from the metal's fine rate by fineness (kept up to date here, so
 * pricing reads one column).
 */
export const metalPurities = pgTable(
  'metal_purities',
  {
    id: serial('id').primaryKey(),
    metalId: integer('metal_id')
      .notNull()
      .references(() => metals.id, { onDelete: 'cascade' }),
    /** '22K', '925', '950'. */
    name: text('name').notNull(),
    /** Parts per thousand of fine metal (916 for 22K). */
    fineness: integer('fineness').notNull(),
    rateMode: text('rate_mode', { enum: PURITY_RATE_MODES }).notNull().default('DERIVED'),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    /** Optimistic lock: every edit names the version it started from and bumps it (decision 0023). */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('metal_purities_name_uq').on(t.metalId, sql`lower(${t.name})`),
    check('metal_purities_fineness_range', sql`${t.fineness} between 1 and 1000`),
  ],
);

/**
 * Every change of a metal rate: who, when, old and new (per gram). `purity` is null for the metal's own
 * rate and names the purity once rates are kept per purity. Money in bigint paise.
 */
export const metalRateHistory = pgTable(
  'metal_rate_history',
  {
    id: serial('id').primaryKey(),
    metalId: integer('metal_id')
      .notNull()
      .references(() => metals.id, { onDelete: 'cascade' }),
    purity: text('purity'),
    /** Null when the metal was created with this rate. */
    oldRatePaise: bigint('old_rate_paise', { mode: 'number' }),
    newRatePaise: bigint('new_rate_paise', { mode: 'number' }).notNull(),
    changedBy: text('changed_by').notNull(),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('metal_rate_history_metal_idx').on(t.metalId, t.changedAt)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    tagline: text('tagline'),
    description: text('description'),
    productType: text('product_type', { enum: PRODUCT_TYPES }).notNull().default('MRP'),
    /**
     * Selling price, GST-inclusive. GOLD and SILVER: the jeweller's price (domain `jewelleryPrice`) of
     * purity rate × net weight, making and stones, kept current by the repricing on every rate change.
     */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    originalPricePaise: bigint('original_price_paise', { mode: 'number' }),
    metalId: integer('metal_id').references(() => metals.id, { onDelete: 'restrict' }),
    purityId: integer('purity_id').references(() => metalPurities.id, { onDelete: 'restrict' }),
    /** Net metal weight in milligrams. */
    metalWeightMg: integer('metal_weight_mg').notNull().default(0),
    makingKind: text('making_kind', { enum: MAKING_CHARGE_KINDS }),
    /** PER_GRAM: paise per gram; PERCENT: basis points of the metal value; FLAT: paise. */
    makingValue: bigint('making_value', { mode: 'number' }).notNull().default(0),
    stonesPaise: bigint('stones_paise', { mode: 'number' }).notNull().default(0),
    stonesDescription: text('stones_description'),
    /** Diamonds or other gemstones set in the piece; null when none (issue 26 item 6). */
    stoneKind: text('stone_kind', { enum: STONE_KINDS }),
    /** NATURAL or LAB_GROWN; required for diamonds by the product form (`gemInputSchema`). */
    stoneOrigin: text('stone_origin', { enum: STONE_ORIGINS }),
    /** The grading certificate as entered (`CertificateInput`), or null. */
    certificate: jsonb('certificate').$type<CertificateInput>(),
    /** BIS hallmarked: every piece in stock has a HUID (`product_pieces`). */
    hallmarked: boolean('hallmarked').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    plan: text('plan', { enum: PLANS }).notNull().default('FREE'),
    vendorCommissionPaise: bigint('vendor_commission_paise', { mode: 'number' }).notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    sale: boolean('sale').notNull().default(false),
    trending: boolean('trending').notNull().default(false),
    views: integer('views').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    variantGroupId: text('variant_group_id'),
    variantType: text('variant_type'),
    variantValue: text('variant_value'),
    launchDate: tstz('launch_date'),
    /**
     * 'draft': in no shop until published; 'active': on sale; 'archived': hidden from every shop and
     * from sale, kept for orders, invoices and history (products are never hard-deleted once anything
     * may refer to them). Every shop read asks for `status = 'active'` (`productVisibleTo`).
     */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    archivedAt: tstz('archived_at'),
    /** Optimistic lock: every admin edit names the version it started from and bumps it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_uq').on(t.sku),
    uniqueIndex('products_slug_uq').on(t.slug),
    uniqueIndex('products_name_lower_uq').on(sql`lower(${t.name})`),
    index('products_category_idx').on(t.categoryId, t.id),
    // (filter, id): the admin list's metal and purity filters walk their products newest first.
    index('products_metal_idx').on(t.metalId, t.id),
    index('products_purity_idx').on(t.purityId, t.id),
    // Drafts and archived products are few: the admin list's status filter reads them from here.
    index('products_not_active_idx')
      .on(t.status, t.id)
      .where(sql`${t.status} <> 'active'`),
    index('products_plan_idx').on(t.plan, t.id),
    index('products_variant_group_idx').on(t.variantGroupId),
    index('products_trending_idx').on(t.trending, t.salesCount),
    /** Storefront trending order (0.7 x sales + 0.3 x views), so the top 8 is an index scan, not a sort. */
    index('products_trending_score_idx').on(sql`(0.7 * ${t.salesCount} + 0.3 * ${t.views})`),
    index('products_sale_idx').on(t.sale),
    // No index on price_paise: a rate change re-prices every product of a metal in one statement,
    // and only an update that changes no indexed column can be HOT (no index entries written). The
    // table is also kept half full (fillfactor 50, migration 0010) so each page has room for the
    // new versions of all its rows in that one transaction. Price sorts are within a category and
    // read their ids from `product_sort_keys` below (decision 0080).
    index('products_created_idx').on(t.createdAt),
    // Shopper and admin searches are substring matches (ILIKE '%…%'); trigrams make them indexable.
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The public `/products/paged` search also matches SKU and tagline (issue 21: every searched column).
    index('products_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('products_tagline_trgm_idx').using('gin', sql`${t.tagline} gin_trgm_ops`),
    // Storefront listings read ids only from these (index-only scans): a category page picks its ids
    // from its categories' entries, an unfiltered listing walks active ids in order, and the plan rule
    // is checked in the index. No price or stock here, so re-pricing and sales stay HOT updates. The
    // name is in the listing index so a search within a category tests it there too (decision 0074):
    // a category's rows lie one to a heap page, so reading them from the table costs a page each.
    index('products_listing_idx')
      .on(t.categoryId, t.id, t.plan, t.name)
      .where(sql`${t.status} = 'active'`),
    index('products_active_idx')
      .on(t.id, t.plan)
      .where(sql`${t.status} = 'active'`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_status_known', sql`${t.status} in ('draft', 'active', 'archived')`),
    check('products_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);

/**
 * Active products per category and plan, kept by a trigger on `products` (hand-written in migration
 * 0013): the total of an unsearched storefront listing is a sum over a few of these rows instead of
 * a count over the category (docs/decisions/0034-cheap-public-reads.md).
 */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryId: integer('category_id').notNull(),
    plan: text('plan', { enum: PLANS }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.plan] })],
);

/**
 * The sort keys of every active product, kept by statement triggers on `products` in the writer's
 * transaction (hand-written in migration 0038, with fillfactor 50; decision 0080): a price-sorted
 * category page reads its ids from `product_sort_keys_price_idx` alone (an index-only scan of the
 * category's entries and a top-N sort) instead of reading every product of the category from the
 * table. Price lives here and in no index on `products`, so re-pricing there stays HOT; this narrow
 * table takes the non-HOT writes. `plan` and `name` serve the plan rule and a search within the
 * category.
 */
export const productSortKeys = pgTable(
  'product_sort_keys',
  {
    productId: integer('product_id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    plan: text('plan', { enum: PLANS }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('product_sort_keys_price_idx').on(t.categoryId, t.pricePaise, t.productId, t.plan, t.name)],
);

export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    imageUrl: text('image_url').notNull(),
    linkType: text('link_type', { enum: LINK_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    plan: text('plan', { enum: PLANS }).notNull().default('FREE'),
    position: integer('position').notNull().default(0),
    /** Optimistic lock: every edit names the version it started from and bumps it (decision 0023). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('carousel_plan_idx').on(t.plan, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** Moderation state; only PUBLISHED reviews are shown and counted (reviews from before moderation are). */
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('PUBLISHED'),
    /** Bumped by every admin edit and moderation: an edit opened before is refused (issue 20 item 7). */
    version: integer('version').notNull().default(1),
    /** The reviewer gave the email of a paid order for this product. */
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    /** Keyed hash of the submitting client's network (IPv4 address or IPv6 /64), for the per-product limit. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_client_idx').on(t.productId, t.clientKey, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
