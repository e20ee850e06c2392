import { z } from 'zod';
import { safeString } from './primitives';
import { pageQuerySchema, dbIdSchema } from './paging';
import { PAYOUT_STATUSES } from './settlement';

/**
 * A period's sales, with sales and reversals apart so no count is ever negative: units sold and
 * orders from sales; `revenue` is the gross sales value (rupees, the spec's field name), `reversals`
 * the value refunded or cancelled, `netSales` the difference; `reversedUnits` the pieces reversed.
 */
const salesFigures = {
  productCount: z.number().int().nonnegative(),
  orderCount: z.number().int().nonnegative(),
  revenue: z.number(),
  reversedUnits: z.number().int().nonnegative().default(0),
  reversals: z.number().default(0),
  netSales: z.number().default(0),
};

export const payoutSchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vendorName: safeString(),
  payoutDate: safeString(),
  /** Rupees of commission settled (net of reversals). */
  amount: z.number(),
  ...salesFigures,
  /** Issue 24: where the payout is, TDS deducted, GST on commission, what reached the bank, the bank's reference. */
  status: z.enum(PAYOUT_STATUSES).default('PROCESSED'),
  tds: z.number().default(0),
  gst: z.number().default(0),
  net: z.number().optional(),
  utr: safeString().nullable().default(null),
  bankDetails: z.object({
    bankName: safeString().nullable(),
    accountNumber: safeString().nullable(),
    ifscCode: safeString().nullable(),
    accountHolderName: safeString().nullable(),
  }),
});
export type Payout = z.infer<typeof payoutSchema>;

/** What a vendor has earned and not yet been paid: the figures a new payout carries. */
export const payoutPreviewSchema = z.object({
  vendorId: z.number().int(),
  amount: z.number(),
  ...salesFigures,
  /** Rupees the vendor owes back: commission reversed (refunds) after it was paid out; the next payouts net it off. */
  owedBack: z.number().default(0),
  /** Rupees earned on orders not yet delivered or still in the hold window after delivery. */
  held: z.number().default(0),
  eligible: z.boolean(),
  reason: safeString().nullable(),
  /** When the vendor's bank account last changed (null: never), and whether an admin confirmed it. */
  bankChangedAt: z.string().nullable().default(null),
  bankConfirmed: z.boolean().default(true),
});
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

/**
 * POST /api/vendor-payouts. The server computes amount and counts from the vendor's unpaid
 * earnings; figures in the body are ignored, as are bank details (taken from the vendor profile).
 */
export const createPayoutSchema = z.object({
  vendorId: dbIdSchema,
  /** Ignored since payout runs (issue 24): a payout is dated when it is made. */
  payoutDate: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

export const VENDOR_PRODUCT_SORTS = ['price-asc', 'price-desc', 'commission-asc', 'commission-desc'] as const;
export const PRICE_BANDS = ['upto-1000', '1000-5000', 'above-5000'] as const;

/** The vendor dashboard's All Products tab (page size 12). */
export const vendorProductsQuerySchema = pageQuerySchema(12, 60).extend({
  search: safeString().trim().max(100).optional(),
  categoryId: dbIdSchema.optional(),
  priceBand: z.enum(PRICE_BANDS).optional(),
  sort: z.enum(VENDOR_PRODUCT_SORTS).optional(),
});
export type VendorProductsQuery = z.infer<typeof vendorProductsQuerySchema>;
