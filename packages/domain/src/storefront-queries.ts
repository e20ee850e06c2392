import { z } from 'zod';
import { safeString } from './primitives';
import {
  boundedPages,
  catalogueSearchTextSchema,
  pageQuerySchema,
  dbIdSchema,
  searchTextSchema,
} from './paging';
import { CATEGORY_PAGE_SIZE, MAX_REVIEW_PHOTOS, PRODUCT_SORTS, REVIEW_MESSAGES } from './storefront';

/** Public storefront query shapes and the review input (storefront spec sections 4, 5 and 9). */

const slugText = safeString().trim().min(1).max(100);

/** `vendorSlug` query of public storefront calls; absent means the default storefront. */
export const vendorSlugQuery = z.object({ vendorSlug: slugText.optional() });

/** The largest page of a category listing. */
export const CATEGORY_MAX_PAGE_SIZE = 60;
/** Category page listing: server-side search, subcategory filter and sort over a category and its children. */
const categoryProductsFields = pageQuerySchema(CATEGORY_PAGE_SIZE, CATEGORY_MAX_PAGE_SIZE).extend({
  vendorSlug: slugText.optional(),
  search: searchTextSchema.optional(),
  subCategoryId: dbIdSchema.optional(),
  sort: z.enum(PRODUCT_SORTS, { message: 'Invalid sort' }).default('default'),
});
export const categoryProductsQuery = boundedPages(categoryProductsFields);
/** The same listing addressed by plan (`/products/category/:categoryId/vendorPlan/:plan`). */
export const categoryProductsByPlanQuery = boundedPages(categoryProductsFields.omit({ vendorSlug: true }));
export type CategoryProductsQuery = z.infer<typeof categoryProductsQuery>;

/** A public paged listing of a shop (`vendorSlug`): depth bounded to the result window. */
export const shopPageQuery = boundedPages(pageQuerySchema().extend(vendorSlugQuery.shape));
/** A public text search's paging (the keyword is in the path): depth bounded to the search window. */
export const shopSearchPageQuery = boundedPages(pageQuerySchema().extend(vendorSlugQuery.shape), {
  search: true,
});
/** A plan's paged listing (`/products/vendorPlan/:plan`). */
export const boundedPageQuery = boundedPages(pageQuerySchema());
/** A search keyword in a path: a search over the whole shop, so it needs a word of three letters or digits. */
export const searchKeywordSchema = catalogueSearchTextSchema.min(1);

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
  /** Optional: the email of an order for this product marks the review 'Verified buyer'; never shown. */
  email: z
    .union([z.literal(''), safeString().trim().toLowerCase().pipe(z.email('Enter a valid email').max(200))])
    .optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
