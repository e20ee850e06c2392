import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CategoryProductsQuery, Plan, ReviewInput } from '@zevar/domain';
import { api, embeddedAnswer, type QueryValue } from '../../lib/api';
import { embeddedShapes } from './embedded-shapes';
import type { storefrontSchemas } from './storefront-schemas';

type Schemas = typeof storefrontSchemas;
type SchemaKey = keyof Schemas;
type Answer<K extends SchemaKey> = z.output<Schemas[K]>;

/**
 * The response schemas, loaded with the first read that goes through the client (after the first
 * paint): zod is not part of a shopper's first load.
 */
let schemas: Promise<Schemas> | null = null;
function loadSchemas(): Promise<Schemas> {
  schemas ??= import('./storefront-schemas').then(
    (m) => m.storefrontSchemas,
    (err: unknown) => {
      schemas = null;
      throw err;
    },
  );
  return schemas;
}

/** An answer of the API, parsed with the read's schema. */
async function parsed<K extends SchemaKey>(key: K, answer: Promise<unknown>): Promise<Answer<K>> {
  const [value, all] = await Promise.all([answer, loadSchemas()]);
  return all[key].parse(value) as Answer<K>;
}

const enc = encodeURIComponent;

/** A public read: where it goes and which schema its answer has. */
type Read<K extends SchemaKey> = { path: string; query?: Record<string, QueryValue>; schema: K };
const read = <K extends SchemaKey>(path: string, schema: K, query?: Record<string, QueryValue>): Read<K> => ({
  path,
  schema,
  query,
});

/** The storefront's public reads (storefront spec section 7). Every product read names the shop. */
const reads = {
  metalRates: () => read('/metal-rates', 'metalRates'),
  plan: (slug: string) => read(`/user/vendor-plan/${enc(slug)}`, 'plan'),
  categories: (plan: Plan) => read(`/category/plan/${plan}`, 'categories'),
  categoryByName: (slug: string, name: string) =>
    read(`/category/name/${enc(name)}`, 'category', { vendorSlug: slug }),
  carousel: (plan: Plan) => read(`/carousels/images/${plan}`, 'carousel'),
  trending: (slug: string) => read('/products/trending', 'pagedProducts', { vendorSlug: slug, size: 8 }),
  sale: (slug: string) => read('/products/sale', 'pagedProducts', { vendorSlug: slug, size: 12 }),
  specialOffers: (slug: string) => read('/products/special-offers', 'products', { vendorSlug: slug }),
  product: (slug: string, name: string) =>
    read(`/products/name/${enc(name)}`, 'product', { vendorSlug: slug }),
  categoryProducts: (slug: string, categoryId: number, q: Partial<CategoryProductsQuery>) =>
    read(`/products/category/${categoryId}`, 'pagedProducts', {
      vendorSlug: slug,
      page: q.page,
      size: q.size,
      search: q.search || undefined,
      subCategoryId: q.subCategoryId,
      sort: q.sort,
    }),
  reviews: (productId: number) => read(`/reviews/product/${productId}`, 'reviews'),
  coupons: () => read('/coupon-codes', 'coupons'),
};
type Reads = typeof reads;
type ReadsKey<K extends keyof Reads> = ReturnType<Reads[K]>['schema'];

// Every read is the same for everyone: never sent with a signed-in user's token (see `anonymous`).
const fetchRead = <K extends SchemaKey>(r: Read<K>) =>
  parsed(r.schema, api.get(r.path, { query: r.query, anonymous: true }));

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
  coupons: () => fetchRead(reads.coupons()),
  countView: (productId: number) => api.post(`/products/${productId}/views`).catch(() => undefined),
  addReview: (input: ReviewInput) => parsed('review', api.post('/reviews', input)),
};

/**
 * What the server embedded in the page for a read (`initialData` of the storefront's queries), so
 * the first render is complete and nothing shifts; undefined when it was not embedded or does not
 * have the read's shape (embedded-shapes.ts).
 */
export function embedded<K extends keyof Reads>(
  key: K,
  ...args: Parameters<Reads[K]>
): Answer<ReadsKey<K>> | undefined {
  const r = (reads[key] as unknown as (...a: Parameters<Reads[K]>) => Read<ReadsKey<K>>)(...args);
  const check = embeddedShapes[r.schema as keyof typeof embeddedShapes] as (
    v: unknown,
  ) => Answer<ReadsKey<K>> | undefined;
  return embeddedAnswer(r.path, { query: r.query, check });
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
