import { z } from 'zod';
import {
  categorySchema,
  pagedCatalogueProductsSchema,
  type PRICE_BANDS,
  type CatalogueProduct as Product,
  type VENDOR_PRODUCT_SORTS,
} from '@zevar/domain';
import type { Plan } from '@zevar/domain';
import { api } from '../../lib/api';
import { formatInr } from '../../lib/format';

export const VENDOR_PRODUCTS_PAGE_SIZE = 12;

export type PriceBand = (typeof PRICE_BANDS)[number];
export type ProductSort = (typeof VENDOR_PRODUCT_SORTS)[number];

export const PRICE_BAND_OPTIONS: readonly { value: PriceBand; label: string }[] = [
  { value: 'upto-1000', label: 'Up to ₹1,000' },
  { value: '1000-5000', label: '₹1,000 – ₹5,000' },
  { value: 'above-5000', label: 'Above ₹5,000' },
];

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'commission-asc', label: 'Commission: Low to High' },
  { value: 'commission-desc', label: 'Commission: High to Low' },
];

export interface ProductFilters {
  search: string;
  categoryId: string;
  priceBand: PriceBand | '';
  sort: ProductSort | '';
}
export const EMPTY_FILTERS: ProductFilters = { search: '', categoryId: '', priceBand: '', sort: '' };

/** GET /api/vendor/products: the signed-in vendor's plan, in stock only, 12 per page. */
export function fetchVendorProducts(filters: ProductFilters, page: number) {
  return api.get('/vendor/products', {
    schema: pagedCatalogueProductsSchema,
    query: {
      page,
      size: VENDOR_PRODUCTS_PAGE_SIZE,
      search: filters.search.trim() || undefined,
      categoryId: filters.categoryId || undefined,
      priceBand: filters.priceBand || undefined,
      sort: filters.sort || undefined,
    },
  });
}

/** The categories a vendor on `plan` can sell from (the tier rule of spec §6). */
export function fetchCategories(plan: Plan) {
  return api.get(`/category/plan/${plan}`, { schema: z.array(categorySchema) });
}

/** The product's public page in the vendor's own shop. */
export function productUrl(origin: string, slug: string, product: Pick<Product, 'slug'>): string {
  return `${origin}/${encodeURIComponent(slug)}/product/${encodeURIComponent(product.slug)}`;
}

/** https://wa.me/?text=... with the product name, vendor name, price and product URL. */
export function whatsappShareUrl(
  product: Pick<Product, 'name' | 'price'>,
  vendorName: string,
  url: string,
): string {
  const text = `Check out ${product.name} from ${vendorName} for ${formatInr(product.price)}: ${url}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
