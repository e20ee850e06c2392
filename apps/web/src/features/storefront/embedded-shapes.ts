import {
  PLANS,
  type CarouselItem,
  type Category,
  type Coupon,
  type MetalRate,
  STOCK_BANDS,
  type PagedProductList,
  type Plan,
  type Product,
  type ProductListItem,
  type Review,
} from '@zevar/domain';

/*
 * Light checks of the answers the server embedded in a storefront page (its first paint). They are
 * the API's own answers, already checked by its response schemas, so the page need not load zod to
 * show them; these checks only make sure a broken block is not rendered (the page then fetches, and
 * what it fetches is parsed with the full schemas: storefront-schemas.ts).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown) => typeof v === 'string';
const isTextOrNull = (v: unknown) => v === null || typeof v === 'string';
const isPlan = (v: unknown): v is Plan => typeof v === 'string' && (PLANS as readonly string[]).includes(v);
const arrayOf = (item: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(item);

const isCategory = (v: unknown) =>
  isObj(v) &&
  isNum(v.id) &&
  isText(v.name) &&
  isText(v.slug) &&
  isTextOrNull(v.image) &&
  isTextOrNull(v.banner) &&
  (v.parentCategory === null || (isObj(v.parentCategory) && isNum(v.parentCategory.id))) &&
  isPlan(v.vendorPlan);

const isShownProduct = (v: unknown): v is Obj =>
  isObj(v) &&
  isNum(v.id) &&
  isText(v.name) &&
  isText(v.slug) &&
  isNum(v.price) &&
  (v.originalPrice === null || isNum(v.originalPrice)) &&
  arrayOf(isText)(v.images) &&
  isObj(v.category) &&
  isText(v.category.name) &&
  isObj(v.priceBreakup) &&
  Array.isArray(v.linkedVariants);

/** A product page's product: the exact stock. */
const isProduct = (v: unknown) => isShownProduct(v) && isNum(v.stock);

/** A list's product: its stock band (decision 0081). */
const isListItem = (v: unknown) =>
  isShownProduct(v) && (STOCK_BANDS as readonly unknown[]).includes(v.stockBand);

const isPaged = (v: unknown) =>
  isObj(v) &&
  arrayOf(isListItem)(v.content) &&
  isNum(v.number) &&
  isNum(v.totalPages) &&
  isNum(v.totalElements);

const isCarouselItem = (v: unknown) => isObj(v) && isNum(v.id) && isText(v.imageUrl) && isNum(v.targetId);

const isReview = (v: unknown) =>
  isObj(v) &&
  isNum(v.id) &&
  isText(v.name) &&
  isNum(v.rating) &&
  isText(v.comment) &&
  arrayOf(isText)(v.photos);

const isMetalRate = (v: unknown) =>
  isObj(v) && isText(v.metal) && isText(v.purity) && isNum(v.ratePerGram) && isText(v.lastUpdated);

const isCoupon = (v: unknown) =>
  isObj(v) &&
  isNum(v.id) &&
  isText(v.code) &&
  isNum(v.discount) &&
  isText(v.description) &&
  isText(v.condition) &&
  isText(v.expiryDate) &&
  typeof v.expired === 'boolean';

const when =
  <T>(test: (v: unknown) => boolean) =>
  (v: unknown): T | undefined =>
    test(v) ? (v as T) : undefined;

/** Per read: the embedded answer when it has the shape the page renders, else undefined. */
export const embeddedShapes = {
  /** The plan comes as text, in any case (planSchema's rule). */
  plan: (v: unknown): Plan | undefined => {
    const plan = typeof v === 'string' ? v.trim().toUpperCase() : undefined;
    return isPlan(plan) ? plan : undefined;
  },
  metalRates: when<MetalRate[]>(arrayOf(isMetalRate)),
  categories: when<Category[]>(arrayOf(isCategory)),
  category: when<Category>(isCategory),
  carousel: when<CarouselItem[]>(arrayOf(isCarouselItem)),
  pagedProducts: when<PagedProductList>(isPaged),
  products: when<ProductListItem[]>(arrayOf(isListItem)),
  product: when<Product>(isProduct),
  reviews: when<Review[]>(arrayOf(isReview)),
  coupons: when<Coupon[]>(arrayOf(isCoupon)),
};
