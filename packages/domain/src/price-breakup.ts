import { z } from 'zod';
import { divHalfUp, exactNumber, paiseBig } from './money';
import { STONE_KINDS, STONE_ORIGINS } from './stones';

/** The piece's stones as sold: diamond or gemstone, natural or lab-grown (kept on the order line). */
const stoneOfSchema = z.object({ kind: z.enum(STONE_KINDS), origin: z.enum(STONE_ORIGINS).nullable() });
export type StoneOf = z.infer<typeof stoneOfSchema>;

/**
 * Why a piece costs what it costs (issue 13). Two shapes of one breakup:
 * - `LineBreakup` (integer paise, per unit) is what the server computes and what an order line keeps
 *   as its snapshot at the time of sale (`order_items.price_breakup`), so an invoice never depends on
 *   today's rates or on a product that has since changed or gone;
 * - `PriceBreakup` (rupees) is what the API shows shoppers and admins.
 * GST is carried in basis points (300 = 3 %) so it stays integral.
 *
 * ONE rounding rule everywhere a piece's price is split into taxable value and GST (decision 0016):
 * - the price (total) is rounded to the paisa once;
 * - a metal-priced piece's taxable value is its exact pre-tax value (metal + making + stones) rounded
 *   half up (`jewelleryPrice`); an MRP piece has only its GST-inclusive price, so its taxable value is
 *   price ÷ (1 + GST) rounded half up (`taxableOfInclusive`);
 * - GST is the rest (total − taxable), so the two always add up to the price.
 * That per-piece split is frozen on the order line, and the invoice prints it times the quantity; a
 * coupon discount lowers the line's taxable value in proportion to the amount it takes off
 * (`proportionalTaxable`), and the GST is again the rest.
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
  making: z
    .object({
      kind: z.enum(MAKING_CHARGE_KINDS),
      valuePaise: paise,
      /** The charge as entered (stored units: PERCENT basis points, PER_GRAM paise per gram, FLAT paise); absent in snapshots kept before it was. */
      rate: z.number().int().min(0).optional(),
    })
    .nullable(),
  stones: z.object({ description: z.string(), valuePaise: paise }).nullable(),
  /** Diamond or gemstone, natural or lab-grown; absent when the piece has none (and on older snapshots). */
  stone: stoneOfSchema.optional(),
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
  making: z
    .object({
      kind: z.enum(MAKING_CHARGE_KINDS),
      value: z.number(),
      /** The charge as entered: percent of the metal value (PERCENT), rupees per gram (PER_GRAM), rupees (FLAT); null when not known. */
      rate: z.number().nullable(),
    })
    .nullable(),
  stones: z.object({ description: z.string(), value: z.number() }).nullable(),
  stone: stoneOfSchema.optional(),
  taxableValue: z.number(),
  gst: z.object({ ratePercent: z.number(), value: z.number() }),
  total: z.number(),
});
export type PriceBreakup = z.infer<typeof priceBreakupSchema>;

/**
 * The taxable value inside a GST-inclusive amount: amount ÷ (1 + GST) rounded half up, on integers
 * (exact for any amount up to 2^53 paise); the tax is the rest. The one back-computation used for MRP
 * pieces, order lines kept without a breakup, shipping and partial credit notes.
 */
export function taxableOfInclusive(inclusivePaise: number, basisPoints: number) {
  const d = BigInt(10_000) + paiseBig(basisPoints, 'GST basis points');
  const taxablePaise = exactNumber(divHalfUp(paiseBig(inclusivePaise) * 10_000n, d));
  return { taxablePaise, taxPaise: inclusivePaise - taxablePaise };
}

/**
 * The taxable value left in `taxablePaise` (inside `wholePaise`, GST-inclusive) when only `partPaise`
 * of it is charged: taxable × part ÷ whole rounded half up, exact on integers. A coupon discount on an
 * invoice line and a partial refund on a credit note both lower the taxable value this way, so the
 * page's split is kept in proportion and the tax is again the rest.
 */
export function proportionalTaxable(taxablePaise: number, partPaise: number, wholePaise: number): number {
  if (partPaise === wholePaise) return taxablePaise;
  if (wholePaise <= 0) return 0;
  return exactNumber(divHalfUp(paiseBig(taxablePaise) * paiseBig(partPaise), paiseBig(wholePaise)));
}

/**
 * The breakup of a GST-inclusive entered price (MRP products, and order lines sold before breakups
 * were kept): taxable value by `taxableOfInclusive`, GST the rest, so they add up to the total.
 */
export function inclusivePriceBreakup(
  totalPaise: number,
  basisPoints = DEFAULT_GST_BASIS_POINTS,
): LineBreakup {
  const { taxablePaise, taxPaise } = taxableOfInclusive(totalPaise, basisPoints);
  return {
    metal: null,
    making: null,
    stones: null,
    taxablePaise,
    gst: { basisPoints, valuePaise: taxPaise },
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
    making: b.making && {
      kind: b.making.kind,
      value: b.making.valuePaise / 100,
      // Basis points to percent, paise to rupees: both are hundredths.
      rate: b.making.rate === undefined ? null : b.making.rate / 100,
    },
    stones: b.stones && { description: b.stones.description, value: b.stones.valuePaise / 100 },
    ...(b.stone ? { stone: b.stone } : {}),
    taxableValue: b.taxablePaise / 100,
    gst: { ratePercent: b.gst.basisPoints / 100, value: b.gst.valuePaise / 100 },
    total: b.totalPaise / 100,
  };
}
