import { z } from 'zod';
import { editVersionOut, editVersionSchema, rupeesSchema, safeString } from './primitives';
import { dbIdSchema } from './paging';
import { PURITY_RATE_MODES } from './jewellery-price';

/** Purities and their rates (issue 13): admin inputs and the public answers. */

export const PURITY_TEXT = {
  duplicate: 'This metal already has a purity with this name',
  inUse: 'This purity is used by products and cannot be deleted. Change or delete those products first.',
  rateRequired: 'Enter the rate of an entered purity',
  wrongMetal: 'The purity does not belong to the chosen metal',
  tooLarge: 'At this rate a product priced by this purity would cost more than the catalogue allows',
} as const;

const purityFields = z.object({
  name: safeString().trim().min(1, 'This field is required').max(20, 'At most 20 characters'),
  /** Parts per thousand of fine metal (916 for 22K). */
  fineness: z
    .number({ message: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Fineness is 1 to 1000')
    .max(1000, 'Fineness is 1 to 1000'),
  rateMode: z.enum(PURITY_RATE_MODES),
  /** Rupees per gram; required for ENTERED, ignored for DERIVED. */
  rate: rupeesSchema
    .refine((v) => v > 0, 'Price must be above 0')
    .refine((v) => v <= 10_000_000, 'Amount is too large')
    .nullish(),
  /** A rate change of more than 10 % is saved only when confirmed (rateChangeRefusal). */
  confirmBigChange: z.boolean().optional(),
});

function checkPurity(p: z.infer<typeof purityFields>, ctx: z.RefinementCtx) {
  if (p.rateMode === 'ENTERED' && (p.rate === null || p.rate === undefined))
    ctx.addIssue({ code: 'custom', path: ['rate'], message: PURITY_TEXT.rateRequired });
}

export const purityInputSchema = purityFields.superRefine(checkPurity);
export type PurityInput = z.infer<typeof purityInputSchema>;
/** An edit of a purity: the version it started from; the rate rule checks it with the confirmation. */
export const purityUpdateSchema = purityFields
  .extend({ version: editVersionSchema })
  .superRefine(checkPurity);
export type PurityUpdate = z.infer<typeof purityUpdateSchema>;

export const purityParamsSchema = z.object({ id: dbIdSchema, purityId: dbIdSchema });

/** One current rate: `GET /api/metal-rates`. */
export const metalRateSchema = z.object({
  metalId: z.number().int(),
  metal: z.string(),
  purityId: z.number().int(),
  purity: z.string(),
  fineness: z.number().int(),
  rateMode: z.enum(PURITY_RATE_MODES),
  /** Rupees per gram. */
  ratePerGram: z.number(),
  lastUpdated: z.string(),
});
export type MetalRate = z.infer<typeof metalRateSchema>;

export const metalRatesHistoryQuery = z.object({
  metal: dbIdSchema,
  days: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'At least 1 day')
    .max(366, 'At most 366 days')
    .default(30),
});

/** A public rate change: what changed and when (who changed it is for admins only). */
export const metalRatePointSchema = z.object({
  purity: z.string().nullable(),
  oldRate: z.number().nullable(),
  rate: z.number(),
  changedAt: z.string(),
});
export type MetalRatePoint = z.infer<typeof metalRatePointSchema>;

export const metalRatesHistorySchema = z.object({
  metalId: z.number().int(),
  metal: z.string(),
  days: z.number().int(),
  /** The rate of each purity at the start of the window (null purity: the fine rate). */
  start: z.array(z.object({ purity: z.string().nullable(), rate: z.number() })),
  changes: z.array(metalRatePointSchema),
});
export type MetalRatesHistory = z.infer<typeof metalRatesHistorySchema>;

/** Purities a new metal starts with (by name, case-insensitive); any other metal starts with 'Fine'. */
export const DEFAULT_PURITIES: Record<string, Array<{ name: string; fineness: number }>> = {
  gold: [
    { name: '24K', fineness: 999 },
    { name: '22K', fineness: 916 },
    { name: '18K', fineness: 750 },
    { name: '14K', fineness: 585 },
  ],
  silver: [
    { name: '999', fineness: 999 },
    { name: '925', fineness: 925 },
  ],
  platinum: [{ name: '950', fineness: 950 }],
};
export const defaultPuritiesFor = (metalName: string) =>
  DEFAULT_PURITIES[metalName.trim().toLowerCase()] ?? [{ name: 'Fine', fineness: 1000 }];

export const puritySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fineness: z.number().int(),
  rateMode: z.enum(PURITY_RATE_MODES),
  /** Rupees per gram. */
  price: z.number(),
  lastUpdated: z.string(),
  /** The version an edit must name; a fine-rate change that moves a derived rate bumps it too. */
  version: editVersionOut,
});
export type Purity = z.infer<typeof puritySchema>;
