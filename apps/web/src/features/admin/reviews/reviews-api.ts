import { z } from 'zod';
import {
  adminReviewSchema,
  pagedSchema,
  reviewedProductSchema,
  reviewSchema,
  type ReviewInput,
  type ReviewUpdate,
} from '@zevar/domain';
import { api } from '../../../lib/api';

export const REVIEWED_PRODUCTS_PAGE_SIZE = 10;
/** The public per-product list answers at most this many reviews. */
export const PRODUCT_REVIEWS_LIMIT = 200;

export const reviewKeys = {
  all: ['admin', 'reviews'] as const,
  products: (page: number, search: string) => ['admin', 'reviews', 'products', page, search] as const,
  product: (productId: number) => ['admin', 'reviews', 'product', productId] as const,
};

export const reviewsApi = {
  reviewedProducts: (page: number, search: string) =>
    api.get('/reviews/admin/products', {
      query: { page, size: REVIEWED_PRODUCTS_PAGE_SIZE, search: search.trim() || undefined },
      schema: pagedSchema(reviewedProductSchema),
    }),
  forProduct: (productId: number) =>
    api.get(`/reviews/product/${productId}`, {
      query: { size: PRODUCT_REVIEWS_LIMIT },
      schema: z.array(reviewSchema),
    }),
  add: (body: ReviewInput) => api.post('/reviews', body, { schema: reviewSchema }),
  update: (id: number, body: ReviewUpdate) => api.put(`/reviews/${id}`, body, { schema: adminReviewSchema }),
  remove: (id: number) => api.delete(`/reviews/${id}`),
};
