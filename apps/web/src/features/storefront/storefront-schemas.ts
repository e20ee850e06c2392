import { z } from 'zod';
import {
  carouselItemSchema,
  categorySchema,
  couponSchema,
  metalRateSchema,
  pagedProductListSchema,
  planSchema,
  productListItemSchema,
  productSchema,
  addedReviewSchema,
  reviewSchema,
} from '@zevar/domain';

/**
 * What each storefront read answers. Loaded on demand by storefront-api.ts (a dynamic import), so
 * zod and the schemas are not part of a shopper's first load: the first paint uses the answers the
 * server embedded in the page, which its own response schemas already checked.
 */
export const storefrontSchemas = {
  metalRates: z.array(metalRateSchema),
  plan: planSchema,
  categories: z.array(categorySchema),
  category: categorySchema,
  carousel: z.array(carouselItemSchema),
  pagedProducts: pagedProductListSchema,
  products: z.array(productListItemSchema),
  product: productSchema,
  reviews: z.array(reviewSchema),
  review: addedReviewSchema,
  /** A coupon list that does not parse shows no offers rather than an error. */
  coupons: z.array(couponSchema).catch([]),
};
