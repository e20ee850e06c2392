import { z } from 'zod';

/**
 * Why a piece costs what it costs (issue 13). Two shapes of one breakup:
 * - `LineBreakup` (integer paise, per unit) is what the server computes and what an order line keeps
 *   as its snapshot at the time of sale (`order_items.price_breakup`), so an invoice never depends on
 *   today's rates or on a product that has since changed or gone;
 * - `PriceBreakup` (rupees) is what the API shows shoppers and admins.
 * GST is carried in basis points (300 = 3 %) so it stays integral.
 */

export const MAKING_CHARGE_KINDS = ['PER_GRAM', 'PERCENT', 'FLAT'] as const;
export type MakingChargeKind = (typeof MAKING_CHARGE_KINDS)[number];

/** Default GST on jewellery: 3 % (configurable on the server as `GST_RATE_PERCENT`). */
export const DEFAULT_GST_BASIS_POINTS = 300;

const paise = z.number().int().min(0);

export const lineBreakupSchema = z.object({
  metal: z
    .object({
      name: z.string(),
      purity: z.string(),
      ratePerGramPaise: paise,
      netWeightMg: z.number().int().min(0),
      valuePaise: paise,
    })
    .nullable(),
  making: z.object({ kind: z.enum(MAKING_CHARGE_KINDS), valuePaise: paise }).nullable(),
  stones: z.object({ description: z.string(), valuePaise: paise }).nullable(),
  taxablePaise: paise,
  gst: z.object({ basisPoints: z.number().int().min(0), valuePaise: paise }),
  totalPaise: paise,
});
export type LineBreakup = z.infer<typeof lineBreakupSchema>;

/** The API shape (rupees), as issue 13 names it. */
export const priceBreakupSchema = z.object({
  metal: z
    .object({
      name: z.string(),
      purity: z.string(),
      ratePerGram: z.number(),
      netWeightGrams: z.number(),
      value: z.number(),
    })
    .nullable(),
  making: z.object({ kind: z.enum(MAKING_CHARGE_KINDS), value: z.number() }).nullable(),
  stones: z.object({ description: z.string(), value: z.number() }).nullable(),
  taxableValue: z.number(),
  gst: z.object({ ratePercent: z.number(), value: z.number() }),
  total: z.number(),
});
export type PriceBreakup = z.infer<typeof priceBreakupSchema>;

/**
 * The breakup of a GST-inclusive entered price (MRP products, and order lines sold before breakups
 * were kept): taxable value = total / (1 + GST), rounded to the paisa; GST is the rest, so the two
 * always add up to the total exactly.
 */
export function inclusivePriceBreakup(
  totalPaise: number,
  basisPoints = DEFAULT_GST_BASIS_POINTS,
): LineBreakup {
  const taxablePaise = Math.round((totalPaise * 10_000) / (10_000 + basisPoints));
  return {
    metal: null,
    making: null,
    stones: null,
    taxablePaise,
    gst: { basisPoints, valuePaise: totalPaise - taxablePaise },
    totalPaise,
  };
}

/** Paise breakup to the API's rupees. */
export function toPriceBreakup(b: LineBreakup): PriceBreakup {
  return {
    metal: b.metal && {
      name: b.metal.name,
      purity: b.metal.purity,
      ratePerGram: b.metal.ratePerGramPaise / 100,
      netWeightGrams: b.metal.netWeightMg / 1000,
      value: b.metal.valuePaise / 100,
    },
    making: b.making && { kind: b.making.kind, value: b.making.valuePaise / 100 },
    stones: b.stones && { description: b.stones.description, value: b.stones.valuePaise / 100 },
    taxableValue: b.taxablePaise / 100,
    gst: { ratePercent: b.gst.basisPoints / 100, value: b.gst.valuePaise / 100 },
    total: b.totalPaise / 100,
  };
}
