import { z } from 'zod';
import { safeString } from './primitives';
import { pageQuerySchema, dbIdSchema } from './paging';

/** Storefront rules and public query shapes (storefront spec sections 4, 5 and 9). */

export const CATEGORY_PAGE_SIZE = 15;
export const INFINITE_SCROLL_THRESHOLD_PX = 500;
export const TRENDING_LIMIT = 8;
export const TRENDING_MIN_SALES = 30;
export const TRENDING_MIN_VIEWS = 50;
export const SPECIAL_OFFER_COUNT = 6;
export const MAX_REVIEW_PHOTOS = 5;
export const COUPONS_SHOWN = 2;
export const CAROUSEL_INTERVAL_MS = 5000;
export const COPIED_INDICATOR_MS = 2000;
export const LOW_STOCK_BELOW = 5;

/** Trending rule: marked trending, or at least 30 sales and 50 views; ranked by 0.7 x sales + 0.3 x views. */
export function isTrending(p: { trending: boolean; salesCount: number; views: number }): boolean {
  return p.trending || (p.salesCount >= TRENDING_MIN_SALES && p.views >= TRENDING_MIN_VIEWS);
}
export function trendingScore(p: { salesCount: number; views: number }): number {
  return 0.7 * p.salesCount + 0.3 * p.views;
}

const slugText = safeString().trim().min(1).max(100);

/** `vendorSlug` query of public storefront calls; absent means the default storefront. */
export const vendorSlugQuery = z.object({ vendorSlug: slugText.optional() });

export const PRODUCT_SORTS = ['default', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Category page listing: server-side search, subcategory filter and sort over a category and its children. */
export const categoryProductsQuery = pageQuerySchema(CATEGORY_PAGE_SIZE, 60).extend({
  vendorSlug: slugText.optional(),
  search: safeString().trim().max(100).optional(),
  subCategoryId: dbIdSchema.optional(),
  sort: z.enum(PRODUCT_SORTS, { message: 'Invalid sort' }).default('default'),
});
export type CategoryProductsQuery = z.infer<typeof categoryProductsQuery>;

export const REVIEW_MESSAGES = {
  fillAll: 'Please fill in all required fields',
  nameRequired: 'Name is required',
  commentRequired: 'Review comment is required',
  added: 'Review added successfully',
  addFailed: 'Failed to add review. Please try again.',
  uploadFailed: 'Failed to upload review image. Please try again.',
} as const;

/** POST /api/reviews body. Photos are stored image names returned by the review upload call. */
export const reviewInputSchema = z.object({
  productId: dbIdSchema,
  name: safeString().trim().min(1, REVIEW_MESSAGES.nameRequired).max(100),
  rating: z.number().int().min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  comment: safeString().trim().min(1, REVIEW_MESSAGES.commentRequired).max(2000),
  photos: z
    .array(safeString().max(200))
    .max(MAX_REVIEW_PHOTOS, `At most ${MAX_REVIEW_PHOTOS} photos`)
    .default([]),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const STOREFRONT_MESSAGES = {
  stockLimitTitle: 'Stock Limit',
  stockLimit: (stock: number) => `Maximum available quantity is ${stock}`,
  checkoutFailed: 'Failed to proceed to checkout. Please try again.',
  couponCopied: 'Coupon code copied to clipboard!',
  couponCopyFailed: 'Failed to copy coupon code.',
  productNotFound: 'Product Not Found',
  unnamedProduct: 'Unnamed Product',
  loadingMore: 'Loading more products...',
  noMore: 'No more products to load',
  noProducts: 'No products found.',
  outOfStock: 'Out of Stock',
} as const;

/** Quantity box rule: a non-number or below 1 becomes 1; above stock is clamped (and the caller warns). */
export function clampQuantity(raw: unknown, stock: number): { quantity: number; clamped: boolean } {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw), 10);
  if (!Number.isFinite(n) || n < 1) return { quantity: stock < 1 ? 0 : 1, clamped: false };
  const whole = Math.floor(n);
  if (whole > stock) return { quantity: Math.max(stock, 0), clamped: true };
  return { quantity: whole, clamped: false };
}
