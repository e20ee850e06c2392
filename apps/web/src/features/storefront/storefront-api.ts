import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  carouselItemSchema,
  categorySchema,
  couponSchema,
  metalRateSchema,
  pagedProductsSchema,
  planSchema,
  productSchema,
  reviewSchema,
  type CategoryProductsQuery,
  type Plan,
  type ReviewInput,
} from '@zevar/domain';
import { api, embeddedAnswer, type QueryValue } from '../../lib/api';

const productList = z.array(productSchema);
const enc = encodeURIComponent;

/** A public read: where it goes and what it answers. */
type Read<T> = { path: string; query?: Record<string, QueryValue>; schema: z.ZodType<T> };
const read = <T>(path: string, schema: z.ZodType<T>, query?: Record<string, QueryValue>): Read<T> => ({
  path,
  schema,
  query,
});

/** The storefront's public reads (storefront spec section 7). Every product read names the shop. */
const reads = {
  metalRates: () => read('/metal-rates', z.array(metalRateSchema)),
  plan: (slug: string) => read(`/user/vendor-plan/${enc(slug)}`, planSchema),
  categories: (plan: Plan) => read(`/category/plan/${plan}`, z.array(categorySchema)),
  categoryByName: (slug: string, name: string) =>
    read(`/category/name/${enc(name)}`, categorySchema, { vendorSlug: slug }),
  carousel: (plan: Plan) => read(`/carousels/images/${plan}`, z.array(carouselItemSchema)),
  trending: (slug: string) => read('/products/trending', pagedProductsSchema, { vendorSlug: slug, size: 8 }),
  sale: (slug: string) => read('/products/sale', pagedProductsSchema, { vendorSlug: slug, size: 12 }),
  specialOffers: (slug: string) => read('/products/special-offers', productList, { vendorSlug: slug }),
  product: (slug: string, name: string) =>
    read(`/products/name/${enc(name)}`, productSchema, { vendorSlug: slug }),
  categoryProducts: (slug: string, categoryId: number, q: Partial<CategoryProductsQuery>) =>
    read(`/products/category/${categoryId}`, pagedProductsSchema, {
      vendorSlug: slug,
      page: q.page,
      size: q.size,
      search: q.search || undefined,
      subCategoryId: q.subCategoryId,
      sort: q.sort,
    }),
  reviews: (productId: number) => read(`/reviews/product/${productId}`, z.array(reviewSchema)),
};
type Reads = typeof reads;
type ReadsAnswer<K extends keyof Reads> = ReturnType<Reads[K]> extends Read<infer T> ? T : never;

const fetchRead = <T>(r: Read<T>) => api.get(r.path, { query: r.query, schema: r.schema });

export const storefrontApi = {
  metalRates: () => fetchRead(reads.metalRates()),
  plan: (slug: string) => fetchRead(reads.plan(slug)),
  categories: (plan: Plan) => fetchRead(reads.categories(plan)),
  categoryByName: (slug: string, name: string) => fetchRead(reads.categoryByName(slug, name)),
  carousel: (plan: Plan) => fetchRead(reads.carousel(plan)),
  trending: (slug: string) => fetchRead(reads.trending(slug)),
  sale: (slug: string) => fetchRead(reads.sale(slug)),
  specialOffers: (slug: string) => fetchRead(reads.specialOffers(slug)),
  product: (slug: string, name: string) => fetchRead(reads.product(slug, name)),
  categoryProducts: (slug: string, categoryId: number, q: Partial<CategoryProductsQuery>) =>
    fetchRead(reads.categoryProducts(slug, categoryId, q)),
  reviews: (productId: number) => fetchRead(reads.reviews(productId)),
  coupons: () => api.get('/coupon-codes').then((v) => z.array(couponSchema).catch([]).parse(v)),
  countView: (productId: number) => api.post(`/products/${productId}/views`).catch(() => undefined),
  addReview: (input: ReviewInput) => api.post('/reviews', input, { schema: reviewSchema }),
};

/**
 * What the server embedded in the page for a read (`initialData` of the storefront's queries), so
 * the first render is complete and nothing shifts; undefined when it was not embedded.
 */
export function embedded<K extends keyof Reads>(
  key: K,
  ...args: Parameters<Reads[K]>
): ReadsAnswer<K> | undefined {
  const r = (reads[key] as unknown as (...a: Parameters<Reads[K]>) => Read<ReadsAnswer<K>>)(...args);
  return embeddedAnswer(r.path, { query: r.query, schema: r.schema });
}

/** The shop's plan; an unknown slug or an empty plan is an error (the page then goes to '/'). */
export function useShopPlan(slug: string) {
  return useQuery({
    queryKey: ['shop-plan', slug],
    queryFn: () => storefrontApi.plan(slug),
    initialData: () => embedded('plan', slug),
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
