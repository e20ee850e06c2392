import { z } from 'zod';
import { editVersionOut, editVersionSchema, safeString } from './primitives';
import { dbIdSchema, pageQuerySchema } from './paging';
import { REVIEW_STATUSES, reviewSchema, type ReviewStatus } from './catalogue';
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES } from './storefront';

/** Review manager texts (back-office specification, error catalogue), word for word. */
export const REVIEW_ADMIN_MESSAGES = {
  updated: 'Review updated successfully',
  deleted: 'Review deleted successfully',
  confirmDelete: 'Are you sure you want to delete this review?',
  ratingRange: 'Rating must be 1 to 5',
  published: 'Review published',
  held: 'Review held back from the shop',
  awaiting: 'Awaiting moderation',
  noneAwaiting: 'No reviews await moderation',
} as const;

/** The moderation screen's names for each state. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  PENDING: 'Awaiting moderation',
  PUBLISHED: 'Published',
  HELD: 'Held',
};

/** GET /api/reviews (admin) query: page, size, an optional moderation state and product. */
export const adminReviewsQuerySchema = pageQuerySchema(20, 200).extend({
  status: z.enum(REVIEW_STATUSES, { message: 'Invalid review status' }).optional(),
  productId: dbIdSchema.optional(),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/** PUT /api/reviews/{id}/status body: approve (PUBLISHED) or hold (HELD, or back to PENDING). */
export const reviewModerationSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { message: 'Invalid review status' }),
});
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

/** GET /api/reviews/admin/products query: page, size and an optional product-name search. */
export const reviewedProductsQuerySchema = pageQuerySchema(10, 100).extend({
  search: safeString().trim().max(100).optional(),
});
export type ReviewedProductsQuery = z.infer<typeof reviewedProductsQuerySchema>;

/** One product that has reviews, with its rating summary. */
export const reviewedProductSchema = z.object({
  productId: z.number().int(),
  productName: safeString(),
  productImage: safeString().nullable(),
  /** Average rating of the published reviews, rounded to one decimal (0 when none is published). */
  averageRating: z.number(),
  totalReviews: z.number().int(),
  /** Reviews of this product awaiting moderation. */
  pendingReviews: z.number().int(),
  /** ISO date-time of the most recent review. */
  lastReview: safeString(),
});
export type ReviewedProduct = z.infer<typeof reviewedProductSchema>;

/** A review in the admin list, with its product's id and name. */
/** A review as the review manager sees it, with the version an edit must name (issue 20 item 7). */
export const adminReviewSchema = reviewSchema.extend({ productName: safeString(), version: editVersionOut });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** PUT /api/reviews/{id} body. Photos are stored image names (uploaded first), at most five. */
export const reviewUpdateSchema = z.object({
  /** The version the edit started from: a save over a newer one is refused (409, `current`). */
  version: editVersionSchema,
  name: safeString().trim().min(1, REVIEW_MESSAGES.nameRequired).max(100),
  rating: z
    .number()
    .int()
    .min(1, REVIEW_ADMIN_MESSAGES.ratingRange)
    .max(5, REVIEW_ADMIN_MESSAGES.ratingRange),
  comment: safeString().trim().min(1, REVIEW_MESSAGES.commentRequired).max(2000),
  photos: z
    .array(safeString().max(200))
    .max(MAX_REVIEW_PHOTOS, `At most ${MAX_REVIEW_PHOTOS} photos`)
    .default([]),
});
export type ReviewUpdate = z.infer<typeof reviewUpdateSchema>;

/** Half-star display rule: a half star shows when the fractional part of the average exceeds 0.5. */
export function starParts(average: number): { full: number; half: boolean } {
  const clamped = Math.max(0, Math.min(5, average));
  const full = Math.floor(clamped);
  return { full, half: clamped - full > 0.5 };
}
