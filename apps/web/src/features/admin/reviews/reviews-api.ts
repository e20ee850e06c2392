import {
  adminReviewSchema,
  pagedSchema,
  reviewedProductSchema,
  addedReviewSchema,
  type ReviewInput,
  type ReviewStatus,
  type ReviewUpdate,
} from '@zevar/domain';
import { api } from '../../../lib/api';

export const REVIEWED_PRODUCTS_PAGE_SIZE = 10;
/** A product's reviews shown at most (the admin list's page size limit). */
export const PRODUCT_REVIEWS_LIMIT = 200;

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  products: (page: number, search: string) => ['admin', 'reviews', 'products', page, search] as const,
  product: (productId: number) => ['admin', 'reviews', 'product', productId] as const,
  awaiting: (page: number) => ['admin', 'reviews', 'awaiting', page] as const,
};

const AWAITING_PAGE_SIZE = 10;

export const reviewsApi = {
  reviewedProducts: (page: number, search: string) =>
    api.get('/reviews/admin/products', {
      query: { page, size: REVIEWED_PRODUCTS_PAGE_SIZE, search: search.trim() || undefined },
      schema: pagedSchema(reviewedProductSchema),
    }),
  /** Every review of a product, whatever its moderation state (the shop lists published ones only). */
  forProduct: async (productId: number) =>
    (
      await api.get('/reviews', {
        query: { productId, size: PRODUCT_REVIEWS_LIMIT },
        schema: pagedSchema(adminReviewSchema),
      })
    ).content,
  awaiting: (page: number) =>
    api.get('/reviews', {
      query: { status: 'PENDING', page, size: AWAITING_PAGE_SIZE },
      schema: pagedSchema(adminReviewSchema),
    }),
  moderate: (id: number, status: ReviewStatus) =>
    api.put(`/reviews/${id}/status`, { status }, { schema: adminReviewSchema }),
  add: (body: ReviewInput) => api.post('/reviews', body, { schema: addedReviewSchema }),
  update: (id: number, body: ReviewUpdate) => api.put(`/reviews/${id}`, body, { schema: adminReviewSchema }),
  remove: (id: number) => api.delete(`/reviews/${id}`),
};
