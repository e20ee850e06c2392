import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  carouselItemSchema,
  categorySchema,
  couponSchema,
  pagedProductsSchema,
  planSchema,
  productSchema,
  reviewSchema,
  type CategoryProductsQuery,
  type Plan,
  type ReviewInput,
} from '@zevar/domain';
import { api } from '../../lib/api';

const productList = z.array(productSchema);
const enc = encodeURIComponent;

/** Public storefront calls (storefront spec section 7). Every product call names the shop. */
export const storefrontApi = {
  plan: (slug: string) => api.get(`/user/vendor-plan/${enc(slug)}`).then((v) => planSchema.parse(v)),
  categories: (plan: Plan) => api.get(`/category/plan/${plan}`, { schema: z.array(categorySchema) }),
  categoryByName: (slug: string, name: string) =>
    api.get(`/category/name/${enc(name)}`, { query: { vendorSlug: slug }, schema: categorySchema }),
  carousel: (plan: Plan) => api.get(`/carousels/images/${plan}`, { schema: z.array(carouselItemSchema) }),
  trending: (slug: string) =>
    api.get('/products/trending', { query: { vendorSlug: slug, size: 8 }, schema: pagedProductsSchema }),
  sale: (slug: string) =>
    api.get('/products/sale', { query: { vendorSlug: slug, size: 12 }, schema: pagedProductsSchema }),
  specialOffers: (slug: string) =>
    api.get('/products/special-offers', { query: { vendorSlug: slug }, schema: productList }),
  product: (slug: string, name: string) =>
    api.get(`/products/name/${enc(name)}`, { query: { vendorSlug: slug }, schema: productSchema }),
  categoryProducts: (slug: string, categoryId: number, q: Partial<CategoryProductsQuery>) =>
    api.get(`/products/category/${categoryId}`, {
      query: {
        vendorSlug: slug,
        page: q.page,
        size: q.size,
        search: q.search || undefined,
        subCategoryId: q.subCategoryId,
        sort: q.sort,
      },
      schema: pagedProductsSchema,
    }),
  coupons: () => api.get('/coupon-codes').then((v) => z.array(couponSchema).catch([]).parse(v)),
  countView: (productId: number) => api.post(`/products/${productId}/views`).catch(() => undefined),
  reviews: (productId: number) => api.get(`/reviews/product/${productId}`, { schema: z.array(reviewSchema) }),
  addReview: (input: ReviewInput) => api.post('/reviews', input, { schema: reviewSchema }),
};

/** The shop's plan; an unknown slug or an empty plan is an error (the page then goes to '/'). */
export function useShopPlan(slug: string) {
  return useQuery({
    queryKey: ['shop-plan', slug],
    queryFn: () => storefrontApi.plan(slug),
    staleTime: 60_000,
    retry: false,
  });
}

/** Logs a load error once (the specification only logs storefront load errors). */
export function useLoggedError(what: string, error: unknown): void {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [what, error]);
}
