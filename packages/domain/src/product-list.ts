import { z } from 'zod';
import type { Plan } from './plans';
import { PRODUCT_STATUSES, type ProductStatus, type ProductType } from './catalogue';
import { dbIdSchema, MAX_DB_ID, searchTextSchema } from './paging';
import { editVersionSchema, planSchema, rupeesSchema } from './primitives';
import { makingInputSchema } from './catalogue-admin';

/*
 * The admin product list (issue 23 item 4): server-side filters, sorts and pages over the whole
 * catalogue, and bulk actions on a selection.
 */

/** Fewer pieces than this on the shelf is 'low stock' (the list marks it; the stock filter uses it). */
export const ADMIN_LOW_STOCK_BELOW = 10;

/** Stock bands: 'in' is every product with a piece on the shelf, 'low' those below ADMIN_LOW_STOCK_BELOW. */
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** Whether a product with `stock` pieces falls in the band (the SQL filter says the same). */
export function inStockBand(stock: number, band: StockFilter): boolean {
  if (band === 'out') return stock <= 0;
  if (band === 'low') return stock > 0 && stock < ADMIN_LOW_STOCK_BELOW;
  return stock > 0;
}

export const ADMIN_PRODUCT_SORTS = ['id', 'name', 'sku', 'price', 'stock', 'createdAt'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PAGE_SIZES = [10, 30, 50, 100] as const;

const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ message: 'Use true or false' }),
);

/** `GET /api/products/admin`: every filter optional; the catalogue admin sees exact totals. */
export const adminProductListQuery = z.object({
  page: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Page size is one of ${ADMIN_PAGE_SIZES.join(', ')}`,
    })
    .default(30),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('id'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  search: searchTextSchema.optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.enum(STOCK_FILTERS).optional(),
  categoryId: dbIdSchema.optional(),
  metalId: dbIdSchema.optional(),
  purityId: dbIdSchema.optional(),
  plan: planSchema.optional(),
  hallmarked: flag.optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

/** What a bulk action does to each selected product. */
export const bulkProductActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('archive') }),
  z.object({ kind: z.literal('publish') }),
  z.object({ kind: z.literal('plan'), plan: planSchema }),
  z.object({ kind: z.literal('category'), categoryId: dbIdSchema }),
  z.object({ kind: z.literal('commission'), vendorCommission: rupeesSchema }),
  z.object({ kind: z.literal('making'), making: makingInputSchema }),
]);
export type BulkProductAction = z.infer<typeof bulkProductActionSchema>;

export const MAX_BULK_PRODUCTS = 500;

/**
 * `POST /api/products/bulk`: the selected products with the version each was listed at. The whole
 * selection changes in one transaction, or nothing does (a product changed since it was listed: 409).
 */
export const bulkProductInputSchema = z.object({
  products: z
    .array(z.object({ id: dbIdSchema, version: editVersionSchema }))
    .min(1, 'Select at least one product')
    .max(MAX_BULK_PRODUCTS, `At most ${MAX_BULK_PRODUCTS} products at a time`)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'A product is selected twice'),
  action: bulkProductActionSchema,
});
export type BulkProductInput = z.infer<typeof bulkProductInputSchema>;

export const bulkProductResultSchema = z.object({
  /** Products the action changed. */
  changed: z.array(z.number().int()),
  /** Products it left alone, with why (already in that state, or the action does not apply). */
  skipped: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type BulkProductResult = z.infer<typeof bulkProductResultSchema>;

export const BULK_MESSAGES = {
  alreadyArchived: 'Already archived',
  alreadyActive: 'Already active',
  samePlan: 'Already on that plan',
  sameCategory: 'Already in that category',
  sameCommission: 'Already that commission',
  sameMaking: 'Already that making charge',
  makingNeedsMetal: 'A fixed-price (MRP) product has no making charge',
  stale: (names: string[]) =>
    `Changed by someone else since the list was loaded: ${names.join(', ')}. Nothing was changed; reload the list and try again.`,
  missing: (ids: number[]) => `Products not found: ${ids.map((id) => `#${id}`).join(', ')}`,
} as const;

/** A product as a bulk action sees it. */
export type BulkTarget = {
  status: ProductStatus;
  productType: ProductType;
  plan: Plan;
  categoryId: number;
  vendorCommissionPaise: number;
  makingKind: string | null;
  makingValue: number;
};

/**
 * Why the action leaves this product alone, or null when it changes it. Amounts compare in stored
 * units (paise; making as stored by `makingValueToStored`, passed in as `makingStored`).
 */
export function bulkSkipReason(
  action: BulkProductAction,
  p: BulkTarget,
  stored: { commissionPaise?: number; makingStored?: number } = {},
): string | null {
  switch (action.kind) {
    case 'archive':
      return p.status === 'archived' ? BULK_MESSAGES.alreadyArchived : null;
    case 'publish':
      return p.status === 'active' ? BULK_MESSAGES.alreadyActive : null;
    case 'plan':
      return p.plan === action.plan ? BULK_MESSAGES.samePlan : null;
    case 'category':
      return p.categoryId === action.categoryId ? BULK_MESSAGES.sameCategory : null;
    case 'commission':
      return p.vendorCommissionPaise === stored.commissionPaise ? BULK_MESSAGES.sameCommission : null;
    case 'making':
      if (p.productType === 'MRP') return BULK_MESSAGES.makingNeedsMetal;
      return p.makingKind === action.making.kind && p.makingValue === stored.makingStored
        ? BULK_MESSAGES.sameMaking
        : null;
  }
}
