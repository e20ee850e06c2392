import { z } from 'zod';
import { editVersionOut, safeString } from './primitives';
import { PLANS } from './plans';
import { pagedSchema } from './paging';
import { puritySchema } from './metal-purities';
import { MAKING_CHARGE_KINDS, priceBreakupSchema } from './price-breakup';
import { gemSchema } from './certificates';
import { STOCK_BANDS, stockBand } from './storefront';

export const PRODUCT_TYPES = ['MRP', 'GOLD', 'SILVER'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const productTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(PRODUCT_TYPES, { message: 'Invalid product type' }),
);

/**
 * 'draft': being prepared, in no shop yet; 'active': on sale in the shops its plan allows;
 * 'archived': hidden from every shop and from sale, kept for orders, invoices and history.
 */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const LINK_TYPES = ['PRODUCT', 'CATEGORY'] as const;
/** Link type is case-insensitive on input ('product', 'Category'). */
export const linkTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(LINK_TYPES, { message: 'Invalid link type' }),
);

export const categoryRefSchema = z.object({ id: z.number().int(), name: safeString() });

/** Category as the API returns it (amounts none; images are stored names or URLs). */
export const categorySchema = z.object({
  id: z.number().int(),
  name: safeString(),
  slug: safeString(),
  image: safeString().nullable(),
  banner: safeString().nullable(),
  parentCategory: categoryRefSchema.nullable(),
  vendorPlan: z.enum(PLANS),
  /** HSN code printed on invoices (null: by metal). */
  hsnCode: safeString().nullable().optional(),
  /** Number of child categories (0 for a child). */
  subCategoryCount: z.number().int(),
  /** The edit version: an admin edit sends it back; a save over a newer one answers 409 (decision 0023). */
  version: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const metalSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  /** Rupees per gram. */
  price: z.number(),
  lastUpdated: safeString(),
  /** Its purities with their own rates per gram (issue 13). */
  purities: z.array(puritySchema),
  /** The version an edit must name (`metalUpdateSchema.version`); each saved change bumps it. */
  version: editVersionOut,
});
export type Metal = z.infer<typeof metalSchema>;

export const linkedVariantSchema = z.object({
  id: z.number().int(),
  name: safeString(),
  slug: safeString(),
  variantType: safeString().nullable(),
  variantValue: safeString().nullable(),
  price: z.number(),
  stock: z.number().int(),
  image: safeString().nullable(),
});

/**
 * Product as the API returns it. Amounts are rupees (server keeps paise). `category.parentCategory`
 * gives the 'parent - child' label. `linkedVariants` is filled on single-product reads only.
 */
export const productSchema = z.object({
  id: z.number().int(),
  sku: safeString(),
  name: safeString(),
  slug: safeString(),
  tagline: safeString().nullable(),
  description: safeString().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  price: z.number(),
  originalPrice: z.number().nullable(),
  discountPercent: z.number().int(),
  stock: z.number().int(),
  images: z.array(safeString()),
  specifications: z.record(safeString(), safeString()),
  features: z.array(safeString()),
  category: z.object({
    id: z.number().int(),
    name: safeString(),
    parentCategory: categoryRefSchema.nullable(),
  }),
  metal: z.object({ id: z.number().int(), name: safeString(), price: z.number() }).nullable(),
  /** The purity it is priced at (GOLD and SILVER). */
  purity: z.object({ id: z.number().int(), name: safeString(), fineness: z.number().int() }).nullable(),
  /** Net metal weight in grams. */
  metalWeight: z.number(),
  /** Making charge as entered: rupees (FLAT), rupees per gram (PER_GRAM) or percent of the metal value. */
  making: z.object({ kind: z.enum(MAKING_CHARGE_KINDS), value: z.number() }).nullable(),
  stones: z.object({ description: safeString(), value: z.number() }).nullable(),
  /** Diamonds or gemstones, natural or lab-grown, and the certificate; null when the piece has none. */
  gem: gemSchema.nullable(),
  /** BIS hallmarked: each piece carries a HUID. */
  hallmarked: z.boolean(),
  /** Why it costs what it costs, GST-inclusive total (rupees). */
  priceBreakup: priceBreakupSchema,
  vendorPlan: z.enum(PLANS),
  sale: z.boolean(),
  trending: z.boolean(),
  /** Public: they decide the storefront's Trending badge (isTrending). */
  views: z.number().int(),
  salesCount: z.number().int(),
  variantGroupId: safeString().nullable(),
  variantType: safeString().nullable(),
  variantValue: safeString().nullable(),
  linkedVariants: z.array(linkedVariantSchema),
  launchDate: safeString().nullable(),
  createdAt: safeString(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;
export const pagedProductsSchema = pagedSchema(productSchema);
export type PagedProducts = z.infer<typeof pagedProductsSchema>;

/**
 * A product as a public list shows it (category, shop, search, trending, sale, special offers, top
 * 10, recent, a variant group): its stock band instead of the exact stock, and no sales count, so a
 * sale changes a cached list only when the band changes (docs/decisions/0081).
 */
export const productListItemSchema = productSchema
  .omit({ stock: true, salesCount: true })
  .extend({ stockBand: z.enum(STOCK_BANDS) });
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const pagedProductListSchema = pagedSchema(productListItemSchema);
export type PagedProductList = z.infer<typeof pagedProductListSchema>;

/** The list form of a product answer. */
export function toProductListItem({ stock, salesCount: _sales, ...rest }: Product): ProductListItem {
  return { ...rest, stockBand: stockBand(stock) };
}

/**
 * A product with the facts kept from shoppers: the reseller's margin. For
 * catalogue admins and for a vendor's own dashboard; public answers use productSchema, which has
 * no such fields, so serialising through it drops them.
 */
export const catalogueProductSchema = productSchema.extend({
  vendorCommission: z.number(),
  /** HUIDs of the pieces in stock (single-product reads; empty in lists). */
  huids: z.array(safeString()),
  status: z.enum(PRODUCT_STATUSES),
  /** The version an edit must name (`productUpdateSchema.version`); each saved edit bumps it. */
  version: z.number().int(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;
export const pagedCatalogueProductsSchema = pagedSchema(catalogueProductSchema);
export type PagedCatalogueProducts = z.infer<typeof pagedCatalogueProductsSchema>;

export const carouselItemSchema = z.object({
  id: z.number().int(),
  imageUrl: safeString(),
  linkType: z.enum(LINK_TYPES),
  targetId: z.number().int(),
  vendorPlan: z.enum(PLANS),
  /** Where the slide leads on a storefront: product slug or lowercased category name. */
  targetSlug: safeString().nullable(),
  /** The product's or category's name: what the slide shows and where it leads (its alt text). */
  targetName: safeString().nullable(),
});
export type CarouselItem = z.infer<typeof carouselItemSchema>;

/**
 * A review's moderation state: PENDING awaits an admin (new reviews, by default), PUBLISHED is shown
 * and counted in the rating, HELD is kept from the shop by an admin. Only PUBLISHED ones are public.
 */
export const REVIEW_STATUSES = ['PENDING', 'PUBLISHED', 'HELD'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: safeString(),
  rating: z.number().int().min(1).max(5),
  comment: safeString(),
  photos: z.array(safeString()),
  date: safeString(),
  status: z.enum(REVIEW_STATUSES),
  /** The reviewer gave the email of a paid order for this product. */
  verifiedBuyer: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;
/**
 * A review as its writer gets it back: without `verifiedBuyer`, which would tell anyone who typed an
 * email whether it paid for the product (an attack pass, issue 21 item 3). Lists show it once a
 * moderator has published the review.
 */
export const addedReviewSchema = reviewSchema.omit({ verifiedBuyer: true });

export const COUPON_TYPES = ['APPLY_WITH_QUANTITY', 'APPLY_WITH_TOTAL_PRICE'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const couponSchema = z.object({
  id: z.number().int(),
  code: safeString(),
  type: z.enum(COUPON_TYPES),
  /** Flat discount in rupees. */
  discount: z.number(),
  /** Minimum order quantity. */
  quantity: z.number().int(),
  minimumTotalPrice: z.number(),
  expiryDate: safeString(),
  description: safeString(),
  expired: z.boolean(),
  /** Human sentence of the coupon's condition, e.g. 'On orders of 2 or more items'. */
  condition: safeString(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** A coupon as the admin's coupon manager edits it: with the version an edit must name. */
export const adminCouponSchema = couponSchema.extend({ version: editVersionOut });
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
