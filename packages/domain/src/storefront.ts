// No zod here: the storefront's first load uses these rules; the query and input schemas are in
// storefront-queries.ts.

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

/**
 * What a public product list says about stock (docs/decisions/0081): a band, not the count, so a
 * sale that leaves the band unchanged does not drop the cached lists the product is on. 'few_left'
 * is the spec's low-stock mark (under LOW_STOCK_BELOW); 'out_of_stock' is the card's 'Out of Stock'.
 * Single-product answers, the cart and the vendor and admin lists keep the exact stock.
 */
export const STOCK_BANDS = ['in_stock', 'few_left', 'out_of_stock'] as const;
export type StockBand = (typeof STOCK_BANDS)[number];

export function stockBand(stock: number): StockBand {
  if (stock < 1) return 'out_of_stock';
  return stock < LOW_STOCK_BELOW ? 'few_left' : 'in_stock';
}

/** Trending rule: marked trending, or at least 30 sales and 50 views; ranked by 0.7 x sales + 0.3 x views. */
export function isTrending(p: { trending: boolean; salesCount: number; views: number }): boolean {
  return p.trending || (p.salesCount >= TRENDING_MIN_SALES && p.views >= TRENDING_MIN_VIEWS);
}
export function trendingScore(p: { salesCount: number; views: number }): number {
  return 0.7 * p.salesCount + 0.3 * p.views;
}

export const PRODUCT_SORTS = ['default', 'price-asc', 'price-desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The per-item and per-order caps (MAX_LINE_QUANTITY, MAX_ORDER_QUANTITY, served by GET /api/config),
 * told where the shopper chooses quantities and by the server when an order breaks them.
 */
export const ORDER_LIMIT_TEXT = {
  caps: (perItem: number, perOrder: number) =>
    `At most ${perItem} pieces of one item and ${perOrder} pieces in one order.`,
  perItem: (perItem: number) => `You can order at most ${perItem} pieces of one item`,
  perOrder: (perOrder: number) => `You can order at most ${perOrder} pieces in one order`,
  lineOver: (name: string, perItem: number) =>
    `${name}: at most ${perItem} pieces of one item can be ordered. Please lower the quantity.`,
  cartOver: (pieces: number, perOrder: number) =>
    `Your cart holds ${pieces} pieces: one order can hold at most ${perOrder}. Please remove some.`,
} as const;

export const REVIEW_MESSAGES = {
  fillAll: 'Please fill in all required fields',
  nameRequired: 'Name is required',
  commentRequired: 'Review comment is required',
  added: 'Review added successfully',
  awaitsModeration: 'Thank you! Your review awaits moderation and will appear once approved.',
  tooMany: 'You have already reviewed this product. Please try again later.',
  tooManyFromNetwork: 'Too many reviews from your network. Please try again later.',
  verifiedBuyer: 'Verified buyer',
  addFailed: 'Failed to add review. Please try again.',
  uploadFailed: 'Failed to upload review image. Please try again.',
} as const;

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
