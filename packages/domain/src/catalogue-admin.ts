import { hsnCodeInput } from './gst';
import { z } from 'zod';
import {
  editVersionOut,
  editVersionSchema,
  isRealDay,
  isSafeImageRef,
  planSchema,
  rupeesSchema,
  safeString,
} from './primitives';
import { carouselItemSchema, linkTypeSchema, productTypeSchema } from './catalogue';
import { MAKING_CHARGE_KINDS, type MakingChargeKind } from './price-breakup';
import { huidListSchema } from './jewellery-price';
import {
  boundedPages,
  pageQuerySchema,
  dbIdSchema,
  idParamsSchema,
  MAX_DB_ID,
  catalogueSearchTextSchema,
} from './paging';
import { MSG } from './messages';
import { gemInputSchema } from './certificates';

/** Admin inputs for the catalogue: categories, metals, products, carousel. */

const text = (max: number) => safeString().trim().max(max, `At most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, 'This field is required');
const optionalText = (max: number) =>
  safeString()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
/** An uploaded image's stored name or an absolute URL. */
/** An uploaded image's name or an http(s) address; never javascript:, data: or another scheme. */
export const imageRefSchema = requiredText(500).refine(
  isSafeImageRef,
  'Use an uploaded image or an https:// address',
);
const idRef = idParamsSchema;
const positiveId = dbIdSchema;
/** Catalogue amounts: up to ₹10 crore each (a bridal set or bullion bar), which the bigint paise columns hold. */
const amountSchema = rupeesSchema;

export const categoryInputSchema = z.object({
  name: requiredText(100),
  /** null or absent: a main category. */
  parentCategory: idRef.nullish(),
  image: imageRefSchema,
  banner: imageRefSchema,
  vendorPlan: planSchema,
  /** HSN code on invoices for this category's pieces; blank: 711311 for silver, 711319 otherwise. */
  hsnCode: hsnCodeInput,
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** An edit of a category: the version it started from (a save over a newer version answers 409). */
export const categoryUpdateSchema = categoryInputSchema.extend({ version: editVersionSchema });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categoryExistsQuery = z.object({ name: requiredText(100) });

export const metalInputSchema = z.object({
  name: requiredText(50),
  price: amountSchema.refine((v) => v > 0, 'Price must be above 0'),
  /** A rate change of more than 10 % is saved only when confirmed (rateChangeRefusal). */
  confirmBigChange: z.boolean().optional(),
});
export type MetalInput = z.infer<typeof metalInputSchema>;
/** An edit of a metal (name, fine rate): the version it started from; the rate rule checks it. */
export const metalUpdateSchema = metalInputSchema.extend({ version: editVersionSchema });
export type MetalUpdate = z.infer<typeof metalUpdateSchema>;

/** Any ISO date-time, with or without offset or milliseconds ('2026-11-22T10:00:00.000+05:30'). */
export const isoDateTimeSchema = safeString()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) &&
      isRealDay(v) &&
      !Number.isNaN(Date.parse(v)),
    'Invalid date and time',
  );

/** Grams of metal, up to milligram precision. */
export const gramsSchema = z
  .number({ message: 'Must be a number' })
  .finite()
  .min(0, 'Must not be negative')
  .max(1_000_000, 'Weight is too large')
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'At most three decimals');

export const HUID_COUNT_MESSAGE = 'Enter one HUID for each piece in stock';

/** Making charge input: rupees (FLAT), rupees per gram (PER_GRAM), percent of the metal value (PERCENT). */
export const makingInputSchema = z
  .object({ kind: z.enum(MAKING_CHARGE_KINDS), value: amountSchema })
  .superRefine((m, ctx) => {
    if (m.kind === 'PERCENT' && m.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'At most 100 %' });
  });
export const stonesInputSchema = z.object({
  description: text(200),
  value: amountSchema,
});

/** Stored making value: paise (FLAT), paise per gram (PER_GRAM) or basis points (PERCENT). */
export const makingValueToStored = (m: { kind: MakingChargeKind; value: number }) =>
  Math.round(m.value * 100);
export const makingValueFromStored = (kind: MakingChargeKind, stored: number) => stored / 100;

const productFields = z.object({
  name: requiredText(200),
  sku: requiredText(64),
  tagline: optionalText(200),
  description: optionalText(5000),
  productType: productTypeSchema.default('MRP'),
  /** Ignored for GOLD and SILVER: the server computes the jeweller's price (`jewelleryPrice`). */
  price: amountSchema.optional(),
  originalPrice: amountSchema.nullish(),
  /** Net metal weight in grams (three decimals). */
  metalWeight: gramsSchema.default(0),
  purity: idRef.nullish(),
  making: makingInputSchema.nullish(),
  stones: stonesInputSchema.nullish(),
  /** Diamonds or gemstones: natural or lab-grown (required for diamonds) and the certificate. */
  gem: gemInputSchema.nullish(),
  hallmarked: z.boolean().default(false),
  /** One HUID per piece in stock when hallmarked. */
  huids: huidListSchema.default([]),
  category: idRef,
  metal: idRef.nullish(),
  vendorPlan: planSchema.default('FREE'),
  vendorCommission: amountSchema.default(0),
  images: z.array(imageRefSchema).max(20, 'At most 20 images').default([]),
  specifications: z.record(text(100), text(500)).default({}),
  features: z
    .array(safeString().trim().max(300))
    .max(50)
    .default([])
    .transform((list) => list.filter((f) => f.length > 0)),
  sale: z.boolean().default(false),
  trending: z.boolean().default(false),
  variantGroupId: optionalText(100),
  variantType: optionalText(50),
  variantValue: optionalText(100),
  launchDate: isoDateTimeSchema.nullish(),
});
const stockSchema = z.number().int('Must be a whole number').min(0, 'Must not be negative').max(1_000_000);

/** Price and purity rules shared by a new product and an edit. */
function checkProduct(p: z.infer<typeof productFields>, ctx: z.RefinementCtx) {
  if (p.productType === 'MRP' && p.price === undefined) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'This field is required' });
  }
  // Every product names its metal, MRP pieces too (back-office §5: name, price, metal, category).
  if (!p.metal) ctx.addIssue({ code: 'custom', path: ['metal'], message: MSG.fillAllRequired });
  if (p.productType !== 'MRP') {
    if (p.metalWeight <= 0)
      ctx.addIssue({ code: 'custom', path: ['metalWeight'], message: 'Metal weight must be above 0' });
    if (!p.purity) ctx.addIssue({ code: 'custom', path: ['purity'], message: 'Choose the purity' });
  }
  if (!p.hallmarked && p.huids.length > 0)
    ctx.addIssue({ code: 'custom', path: ['huids'], message: 'Only a hallmarked product has HUIDs' });
}

/** A new product: its opening stock, and one HUID per piece when hallmarked. */
export const productInputSchema = productFields
  .extend({
    stock: stockSchema,
    /** A new product may start as a draft (in no shop until published). */
    status: z.enum(['draft', 'active']).default('active'),
  })
  .superRefine((p, ctx) => {
    checkProduct(p, ctx);
    if (p.hallmarked && p.huids.length !== p.stock)
      ctx.addIssue({ code: 'custom', path: ['huids'], message: HUID_COUNT_MESSAGE });
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * An edit of a product: the version it started from (a save over a newer version is refused with
 * 409 and the newer values) and no stock: stock changes only by an adjustment with a reason, or by
 * sales. A hallmarked product's HUIDs are those of the pieces on the shelf (corrections only; the
 * server checks there is one per piece).
 */
export const productUpdateSchema = productFields
  .extend({ version: editVersionSchema })
  .superRefine(checkProduct);
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

/** The answer to a save over a newer version (409): the message and the record as it is now (`current`). */
export const STALE_EDIT_MESSAGE =
  'This record was changed by someone else while you were editing it. Your changes were not saved; the newer values are shown below.';

export const HUID_ADJUST_MESSAGE = 'Enter one HUID for each piece that comes in or goes out';

export const stockAdjustmentInputSchema = z
  .object({
    /** Units in (positive) or out (negative). */
    change: z
      .number({ message: 'Must be a number' })
      .int('Must be a whole number')
      .min(-1_000_000)
      .max(1_000_000)
      .refine((v) => v !== 0, 'Enter how many pieces come in or go out'),
    reason: requiredText(300),
    /** Hallmarked: the HUIDs of the pieces that come in, or of those that go out. */
    huids: huidListSchema.default([]),
  })
  .superRefine((a, ctx) => {
    if (a.huids.length > 0 && a.huids.length !== Math.abs(a.change))
      ctx.addIssue({ code: 'custom', path: ['huids'], message: HUID_ADJUST_MESSAGE });
  });
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentInputSchema>;

export const stockAdjustmentSchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: safeString(),
  huids: z.array(safeString()),
  adjustedBy: safeString(),
  createdAt: safeString(),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** What still points at a product: named before it is archived. */
export const productReferencesSchema = z.object({
  carouselSlides: z.array(z.object({ id: z.number().int(), position: z.number().int() })),
  variants: z.array(z.object({ id: z.number().int(), name: safeString() })),
  orderLines: z.number().int(),
  piecesInStock: z.number().int(),
});
export type ProductReferences = z.infer<typeof productReferencesSchema>;

// Public searches over the whole catalogue (strangers may call them): a word of three letters or digits.
const searchText = catalogueSearchTextSchema.optional();
/** `GET /products/paged` (public; catalogue admins see archived products too): bounded depth and search. */
export const adminProductsQuery = boundedPages(
  pageQuerySchema(30, 100).extend({
    categoryId: positiveId.optional(),
    metalTypeId: positiveId.optional(),
    search: searchText,
  }),
);
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;
export const productSearchQuery = boundedPages(pageQuerySchema(30, 100).extend({ keyword: searchText }), {
  search: true,
});
export const productsByCategoryQuery = boundedPages(
  pageQuerySchema(30, 100).extend({ categoryId: positiveId }),
);
export const productsByMetalQuery = boundedPages(
  pageQuerySchema(30, 100).extend({ metalTypeId: positiveId }),
);

export const carouselImageInputSchema = z.object({
  imageUrl: imageRefSchema,
  linkType: linkTypeSchema,
  targetId: z.coerce.number().int().min(1, 'Target ID must be at least 1').max(MAX_DB_ID),
  vendorPlan: planSchema.default('FREE'),
});
export type CarouselImageInput = z.infer<typeof carouselImageInputSchema>;
export const carouselImageUpdateSchema = carouselImageInputSchema.extend({
  id: positiveId,
  imageUrl: imageRefSchema.optional(),
  /** The slide's version the edit started from (409 with the newer carousel when it moved on). */
  version: editVersionSchema,
});

/** A slide as the admin edits it: with the version an edit must name. */
export const adminCarouselItemSchema = carouselItemSchema.extend({ version: editVersionOut });
export type AdminCarouselItem = z.infer<typeof adminCarouselItemSchema>;
export const carouselImageRemoveSchema = z.object({ id: positiveId, imageUrl: safeString().optional() });

/** The home carousel as the admin reads and edits it: every slide, in order. */
export const homeCarouselSchema = z.object({
  id: z.number().int(),
  images: z.array(adminCarouselItemSchema),
});
export type HomeCarousel = z.infer<typeof homeCarouselSchema>;
