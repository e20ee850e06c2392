import { z } from 'zod';
import type { StoneKind, StoneOrigin } from './stones';
import { divHalfUp, exactNumber, paiseBig } from './money';
import {
  DEFAULT_GST_BASIS_POINTS,
  inclusivePriceBreakup,
  type LineBreakup,
  type MakingChargeKind,
} from './price-breakup';

/**
 * A jeweller's price (issue 13):
 *   price = (rate(purity) × net weight + making + stones) × (1 + GST)
 * computed exactly on integers (`bigint`, so exact at any size the schema allows) and rounded to the
 * paisa ONCE (the total). The breakup lines are then rounded for showing and still add up to the total
 * to the paisa (the one rule of price-breakup.ts):
 * - metal value = round(rate × weight);
 * - taxable value = round(exact metal + exact making + stones), the exact pre-tax value rounded;
 * - making = taxable − metal − stones (the making line absorbs the metal line's rounding);
 * - GST = total − taxable (never negative: rounding is monotonic and total ≥ taxable).
 * The SQL repricing (`jewelleryPriceSql` on the server) is the same formula over PostgreSQL numerics;
 * a test compares the two.
 *
 * Units: rate in paise per gram, weight in milligrams; making value by kind: PER_GRAM paise per gram,
 * PERCENT basis points of the metal value (1 % = 100), FLAT paise; stones paise; GST basis points.
 * Every input must be a whole number from 0 to 2^53 and so must every resulting amount: anything else
 * is a RangeError, never a silently rounded figure.
 */
export type JewelleryPriceInput = {
  metalName: string;
  purity: string;
  ratePerGramPaise: number;
  netWeightMg: number;
  making: { kind: MakingChargeKind; value: number } | null;
  stones: { description: string; valuePaise: number } | null;
  gstBasisPoints?: number;
};

/** All exact amounts are kept as numerators over this denominator (paise): mg/1000 × bp/10000. */
const SCALE = 10_000_000n;

function makingNumerator(making: JewelleryPriceInput['making'], rate: bigint, mg: bigint): bigint {
  if (!making) return 0n;
  const v = paiseBig(making.value, 'making charge');
  switch (making.kind) {
    case 'PER_GRAM':
      return v * mg * 10_000n;
    case 'PERCENT':
      return rate * mg * v;
    case 'FLAT':
      return v * SCALE;
  }
}

export function jewelleryPrice(input: JewelleryPriceInput): LineBreakup {
  const basisPoints = input.gstBasisPoints ?? DEFAULT_GST_BASIS_POINTS;
  const rate = paiseBig(input.ratePerGramPaise, 'rate');
  const mg = paiseBig(input.netWeightMg, 'weight');
  const metalN = rate * mg * 10_000n;
  const makingN = makingNumerator(input.making, rate, mg);
  const stonesPaise = input.stones?.valuePaise ?? 0;
  const taxableN = metalN + makingN + paiseBig(stonesPaise, 'stones') * SCALE;
  const gstFactor = 10_000n + paiseBig(basisPoints, 'GST basis points');
  const totalPaise = exactNumber(divHalfUp(taxableN * gstFactor, SCALE * 10_000n));
  const taxablePaise = exactNumber(divHalfUp(taxableN, SCALE));
  const metalPaise = exactNumber(divHalfUp(metalN, SCALE));
  return {
    metal: {
      name: input.metalName,
      purity: input.purity,
      ratePerGramPaise: input.ratePerGramPaise,
      netWeightMg: input.netWeightMg,
      valuePaise: metalPaise,
    },
    making: input.making && {
      kind: input.making.kind,
      valuePaise: taxablePaise - metalPaise - stonesPaise,
      rate: input.making.value,
    },
    stones: input.stones && { description: input.stones.description, valuePaise: stonesPaise },
    taxablePaise,
    gst: { basisPoints, valuePaise: totalPaise - taxablePaise },
    totalPaise,
  };
}

/** A purity's rate derived from the metal's fine (pure) rate by its fineness in parts per thousand. */
export function derivedPurityRate(fineRatePaise: number, finenessPerMille: number): number {
  return exactNumber(divHalfUp(paiseBig(fineRatePaise, 'rate') * paiseBig(finenessPerMille), 1000n));
}

/** Hallmark Unique ID: 6 characters, letters A–Z and digits (stored upper-case). */
export const HUID_PATTERN = /^[A-Z0-9]{6}$/;
export const HUID_MESSAGE = 'A HUID is 6 letters or digits';

export function isHuid(value: string): boolean {
  return HUID_PATTERN.test(value);
}

export const huidSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isHuid, HUID_MESSAGE);

/** The HUIDs of a product's pieces in stock: each valid, none twice. */
export const huidListSchema = z
  .array(huidSchema)
  .max(1000)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((h, i) => {
      if (seen.has(h)) ctx.addIssue({ code: 'custom', path: [i], message: `HUID ${h} is entered twice` });
      seen.add(h);
    });
  });

/** How a purity gets its rate: entered by the admin, or derived from the metal's fine rate. */
export const PURITY_RATE_MODES = ['ENTERED', 'DERIVED'] as const;
export type PurityRateMode = (typeof PURITY_RATE_MODES)[number];

/** A product as pricing sees it (stored units), GOLD/SILVER with a purity, or MRP (entered price). */
export type PricedProduct = {
  productType: 'MRP' | 'GOLD' | 'SILVER';
  pricePaise: number;
  metal: { name: string; purity: string; ratePaise: number } | null;
  netWeightMg: number;
  makingKind: MakingChargeKind | null;
  makingValue: number;
  stonesPaise: number;
  stonesDescription: string | null;
  /** Diamonds or gemstones and their origin: carried on the breakup (and so on the order line). */
  stoneKind?: StoneKind | null;
  stoneOrigin?: StoneOrigin | null;
};

/**
 * The one breakup of any product: the jeweller's price for a metal-priced product, the GST-inclusive
 * entered price split into taxable value and GST for an MRP product.
 */
export function productBreakup(p: PricedProduct, gstBasisPoints: number): LineBreakup {
  const b = pricedBreakup(p, gstBasisPoints);
  return p.stoneKind ? { ...b, stone: { kind: p.stoneKind, origin: p.stoneOrigin ?? null } } : b;
}

function pricedBreakup(p: PricedProduct, gstBasisPoints: number): LineBreakup {
  if (p.productType === 'MRP' || !p.metal) return inclusivePriceBreakup(p.pricePaise, gstBasisPoints);
  return jewelleryPrice({
    metalName: p.metal.name,
    purity: p.metal.purity,
    ratePerGramPaise: p.metal.ratePaise,
    netWeightMg: p.netWeightMg,
    making: p.makingKind ? { kind: p.makingKind, value: p.makingValue } : null,
    stones:
      p.stonesPaise > 0 || p.stonesDescription
        ? { description: p.stonesDescription ?? '', valuePaise: p.stonesPaise }
        : null,
    gstBasisPoints,
  });
}
