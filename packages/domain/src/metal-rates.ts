import { z } from 'zod';
import { editVersionSchema, rupeesSchema } from './primitives';

/** Metal-rate changes: confirmation before saving, history, and the gold/silver prices summary. */

export const METAL_RATE_TEXT = {
  pricesUpdated: 'Metal prices updated successfully',
  confirmTitle: 'Confirm Rate Change',
  bigChangeTitle: 'Large Rate Change',
  noMetal: (name: string) => `There is no metal named ${name}. Add it in Metals Management first.`,
  /** The server's refusal of a large change sent without the second confirmation (every rate path). */
  needsConfirmation: (what: string, percent: number) =>
    `${what} would change by ${percent > 0 ? '+' : ''}${percent}%: more than 10 % in one step. Check the rate and confirm the large change to save it.`,
} as const;

/**
 * Every rate input (fine rate, purity rate, gold and silver together) carries this: true only after the
 * admin answered the second question about a change of more than 10 %.
 */
export const confirmBigChangeSchema = z.boolean().optional();

/**
 * The one rule every rate change passes (issue 20): a change of more than 10 % is saved only when it
 * was confirmed; the answer is the refusal's message, or null when the change may be saved.
 */
export function rateChangeRefusal(
  what: string,
  oldPaise: number,
  newPaise: number,
  confirmed: boolean | undefined,
): string | null {
  if (!isBigRateChange(oldPaise, newPaise) || confirmed === true) return null;
  return METAL_RATE_TEXT.needsConfirmation(what, rateChangePercent(oldPaise, newPaise));
}

/** A change above this share of the old rate is asked about twice. */
export const BIG_RATE_CHANGE = 0.1;

/** Signed change in percent, one decimal (0 when there was no old rate). */
export function rateChangePercent(oldPrice: number, newPrice: number): number {
  if (oldPrice <= 0) return 0;
  return Math.round(((newPrice - oldPrice) / oldPrice) * 1000) / 10;
}

/** More than 10 % up or down from the old rate (exact, on paise, not on the rounded percent). */
export function isBigRateChange(oldPaise: number, newPaise: number): boolean {
  if (oldPaise <= 0) return false;
  return Math.abs(newPaise - oldPaise) * 10 > oldPaise;
}

const ratePrice = rupeesSchema
  .refine((v) => v > 0, 'Price must be above 0')
  .refine((v) => v <= 10_000_000, 'Amount is too large');

export const metalRateChangeSchema = z.object({
  id: z.number().int(),
  purity: z.string().nullable(),
  oldPrice: z.number().nullable(),
  newPrice: z.number(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type MetalRateChange = z.infer<typeof metalRateChangeSchema>;

export const metalRatePreviewQuery = z.object({ price: z.coerce.number().pipe(ratePrice) });

export const metalRatePreviewSchema = z.object({
  metalId: z.number().int(),
  oldPrice: z.number(),
  newPrice: z.number(),
  changePercent: z.number(),
  /** Needs a second confirmation (more than 10 %). */
  bigChange: z.boolean(),
  productsAffected: z.number().int(),
  /** A few of the products whose price changes, with their old and new price. */
  samples: z.array(
    z.object({ id: z.number().int(), name: z.string(), oldPrice: z.number(), newPrice: z.number() }),
  ),
});
export type MetalRatePreview = z.infer<typeof metalRatePreviewSchema>;

/** Back-office spec 'Metal prices summary': gold, silver, lastUpdated. */
export const metalPricesSchema = z.object({
  gold: z.number().nullable(),
  silver: z.number().nullable(),
  lastUpdated: z.string().nullable(),
  /** GST added to metal-priced products (`GST_RATE_PERCENT`), for previews. */
  gstRatePercent: z.number(),
  /** The versions of the Gold and Silver metals a change of both must name (null: no such metal). */
  goldVersion: z.number().int().nullable(),
  silverVersion: z.number().int().nullable(),
});
export type MetalPrices = z.infer<typeof metalPricesSchema>;

export const metalPricesInputSchema = z.object({
  gold: ratePrice,
  silver: ratePrice,
  confirmBigChange: confirmBigChangeSchema,
  /** The versions the summary was loaded at: a change over a newer rate is refused (409). */
  goldVersion: editVersionSchema,
  silverVersion: editVersionSchema,
});
export type MetalPricesInput = z.infer<typeof metalPricesInputSchema>;

/** The metals the summary shows, by name (case-insensitive). */
export const SUMMARY_METALS = { gold: 'Gold', silver: 'Silver' } as const;
