import { z } from 'zod';
import {
  puritySchema,
  type PurityInput,
  categorySchema,
  homeCarouselSchema,
  metalPricesSchema,
  metalRateChangeSchema,
  metalRatePreviewSchema,
  metalSchema,
  pagedCatalogueProductsSchema,
  catalogueProductSchema,
  productReferencesSchema,
  stockAdjustmentSchema,
  type StockAdjustmentInput,
  type CarouselImageInput,
  type MetalInput,
  type MetalPricesInput,
  type PagedCatalogueProducts,
  type Plan,
  bulkProductResultSchema,
  type AdminProductListQuery,
  type BulkProductInput,
} from '@zevar/domain';
import { api } from './api';

/** Query keys of the catalogue sections; mutations invalidate by prefix. */
export const catalogueKeys = {
  metals: ['admin', 'metals'] as const,
  metalHistory: (id: number) => ['admin', 'metals', id, 'history'] as const,
  metalPrices: ['admin', 'metals', 'prices'] as const,
  categories: ['admin', 'categories'] as const,
  carousel: ['admin', 'carousel'] as const,
  products: ['admin', 'products'] as const,
};

export const ADMIN_PRODUCTS_PAGE_SIZE = 30;

export type CategoryBody = {
  name: string;
  parentCategory: { id: number } | null;
  image: string;
  banner: string;
  vendorPlan: Plan;
  hsnCode: string | null;
};

export type ProductListQuery = {
  page: number;
  search: string;
  categoryId: number | null;
  metalId: number | null;
};

export const metalsApi = {
  list: () => api.get('/metals', { schema: z.array(metalSchema) }),
  create: (body: MetalInput) => api.post('/metals', body, { schema: metalSchema }),
  /** Saves an edit made from `version`; a newer one answers 409 with `current` (see staleCurrent). */
  update: (id: number, body: MetalInput, version: number) =>
    api.put(`/metals/${id}`, { ...body, version }, { schema: metalSchema }),
  remove: (id: number) => api.delete(`/metals/${id}`),
  preview: (id: number, price: number) =>
    api.get(`/metals/${id}/preview`, { query: { price }, schema: metalRatePreviewSchema }),
  history: (id: number) => api.get(`/metals/${id}/history`, { schema: z.array(metalRateChangeSchema) }),
  prices: () => api.get('/metals/prices', { schema: metalPricesSchema }),
  updatePrices: (body: MetalPricesInput) => api.put('/metals/prices', body, { schema: metalPricesSchema }),
  addPurity: (metalId: number, body: PurityInput) =>
    api.post(`/metals/${metalId}/purities`, body, { schema: puritySchema }),
  /** What saving this purity would change (rate, products, whether it is a large change). */
  previewPurity: (metalId: number, purityId: number, body: PurityInput) =>
    api.post(`/metals/${metalId}/purities/${purityId}/preview`, body, { schema: metalRatePreviewSchema }),
  updatePurity: (metalId: number, purityId: number, body: PurityInput, version: number) =>
    api.put(`/metals/${metalId}/purities/${purityId}`, { ...body, version }, { schema: puritySchema }),
  removePurity: (metalId: number, purityId: number) => api.delete(`/metals/${metalId}/purities/${purityId}`),
};

export const categoriesApi = {
  list: () => api.get('/category', { schema: z.array(categorySchema) }),
  create: (body: CategoryBody) => api.post('/category', body, { schema: categorySchema }),
  /** An edit names the version it started from; over a newer one the server answers 409 with `current`. */
  update: (id: number, body: CategoryBody, version: number | undefined) =>
    api.put(`/category/${id}`, { ...body, version }, { schema: categorySchema }),
  remove: (id: number) => api.delete(`/category/${id}`),
};

export const carouselApi = {
  home: () => api.get('/carousels/home', { schema: homeCarouselSchema }),
  add: (body: CarouselImageInput) =>
    api.put('/carousels/home/addImage', body, { schema: homeCarouselSchema }),
  /** Saves a slide edited from `body.version`; a newer one answers 409 with `current` (staleCurrent). */
  update: (body: Omit<CarouselImageInput, 'imageUrl'> & { id: number; version: number }) =>
    api.put('/carousels/home/updateImage', body, { schema: homeCarouselSchema }),
  remove: (id: number, imageUrl: string) =>
    api.put('/carousels/home/removeImage', { id, imageUrl }, { schema: homeCarouselSchema }),
};

/**
 * The list call follows the spec's precedence: a search uses the search call; otherwise a category
 * filter wins over a metal filter, which wins over plain paging.
 */
export function fetchProducts(q: ProductListQuery, signal?: AbortSignal): Promise<PagedCatalogueProducts> {
  const paging = { page: q.page, size: ADMIN_PRODUCTS_PAGE_SIZE };
  const opts = { schema: pagedCatalogueProductsSchema, signal };
  const search = q.search.trim();
  if (search) return api.get('/products/search', { ...opts, query: { ...paging, keyword: search } });
  if (q.categoryId)
    return api.get('/products/category', { ...opts, query: { ...paging, categoryId: q.categoryId } });
  if (q.metalId)
    return api.get('/products/metalType', { ...opts, query: { ...paging, metalTypeId: q.metalId } });
  return api.get('/products/paged', { ...opts, query: paging });
}

/** The admin list's query as the screen holds it (absent filters are left out of the URL). */
export type AdminListQuery = Partial<AdminProductListQuery> & Pick<AdminProductListQuery, 'page' | 'size'>;

export const productsApi = {
  /** The catalogue admin's list: every status, every filter and sort on the server. */
  list: (q: AdminListQuery, signal?: AbortSignal) =>
    api.get('/products/admin', { schema: pagedCatalogueProductsSchema, signal, query: q }),
  /** One action on the selected products (each with the version it was listed at): all or nothing. */
  bulk: (body: BulkProductInput) => api.post('/products/bulk', body, { schema: bulkProductResultSchema }),
  create: (body: unknown) => api.post('/products', body, { schema: catalogueProductSchema }),
  /** The full product (HUIDs included): what the edit form loads, not the list row. */
  get: (id: number) => api.get(`/products/${id}`, { schema: catalogueProductSchema }),
  update: (id: number, body: unknown) => api.put(`/products/${id}`, body, { schema: catalogueProductSchema }),
  /** Archives the product (the API keeps the spec's DELETE). */
  archive: (id: number) => api.delete(`/products/${id}`),
  restore: (id: number) => api.post(`/products/${id}/restore`, {}, { schema: catalogueProductSchema }),
  references: (id: number) => api.get(`/products/${id}/references`, { schema: productReferencesSchema }),
  adjustments: (id: number) =>
    api.get(`/products/${id}/stock-adjustments`, { schema: z.array(stockAdjustmentSchema) }),
  adjustStock: (id: number, body: StockAdjustmentInput) =>
    api.post(`/products/${id}/stock-adjustments`, body, { schema: stockAdjustmentSchema }),
  nameExists: (name: string, signal?: AbortSignal) =>
    api.get(`/products/exists/${encodeURIComponent(name)}`, { schema: z.boolean(), signal }),
};
