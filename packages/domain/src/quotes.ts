import { z } from 'zod';
import { dbIdSchema } from './paging';
import { safeString } from './primitives';
import { priceBreakupSchema } from './price-breakup';
import { PLANS, type Plan } from './plans';

/**
 * Reseller quotes and attribution (issue 26 items 1 and 3, docs/decisions/0059): a reseller's
 * priced offer for a few pieces, held for its validity whatever the rates do, opened through a
 * short link `/q/<code>`; and which reseller an order is credited to.
 */

/** How an order reached the reseller it is credited to. */
export const ATTRIBUTION_SOURCES = ['shop', 'product', 'quote', 'payment_link'] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

export const QUOTE_STATUSES = ['sent', 'opened', 'converted', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** 12 base62 characters: about 71 bits, so a code cannot be guessed or walked. */
export const QUOTE_CODE_LENGTH = 12;
export const QUOTE_CODE_PATTERN = /^[0-9A-Za-z]{12}$/;
export const DEFAULT_QUOTE_VALIDITY_HOURS = 24;
export const MAX_QUOTE_VALIDITY_HOURS = 24 * 7;
export const MAX_QUOTE_LINES = 20;
export const MAX_QUOTE_NOTE = 500;

export const QUOTE_TEXT = {
  notFound: 'Quote not found',
  expired: 'This quote has expired',
  expiredOffer: 'The quoted prices no longer hold. Today’s price is shown below.',
  converted: 'This quote has already been bought',
  discountAboveCommission: (maxRupees: string) =>
    `The discount comes out of your commission: on these pieces it can be at most ${maxRupees}`,
  discountAbovePlan: (percent: number, maxRupees: string) =>
    `Your plan allows a discount of up to ${percent}% of the quote (${maxRupees})`,
  unavailable: (name: string) => `${name} cannot be quoted: it is not in your shop or out of stock`,
  created: 'Quote created',
  empty: 'No quotes yet.',
  listFailed: 'Your quotes could not be loaded',
  buyNow: 'Buy now',
  shareWhatsApp: 'Share on WhatsApp',
} as const;

export const quoteCodeSchema = safeString().trim().regex(QUOTE_CODE_PATTERN, QUOTE_TEXT.notFound);
export const quoteCodeParams = z.object({ code: quoteCodeSchema });

/** Rupees with at most two decimals, within what a bigint of paise keeps exactly. */
const rupees = z
  .number()
  .min(0, 'Must be zero or more')
  .max(1_000_000_000, 'Too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');

export const createQuoteBody = z
  .object({
    items: z
      .array(z.object({ productId: dbIdSchema, quantity: z.number().int().min(1).max(99) }).strict())
      .min(1, 'Choose at least one piece')
      .max(MAX_QUOTE_LINES),
    discount: rupees.default(0),
    validityHours: z
      .number()
      .int()
      .min(1)
      .max(MAX_QUOTE_VALIDITY_HOURS)
      .default(DEFAULT_QUOTE_VALIDITY_HOURS),
    note: safeString().trim().max(MAX_QUOTE_NOTE).default(''),
  })
  .strict();
export type CreateQuoteBody = z.input<typeof createQuoteBody>;

export const quoteLineSchema = z.object({
  productId: z.number().int(),
  name: safeString(),
  slug: safeString(),
  sku: safeString(),
  image: safeString().nullable(),
  quantity: z.number().int(),
  /** Today's price of one piece when the quote was made. */
  listPrice: z.number(),
  /** The quoted price of one piece (the list price less this line's share of the discount). */
  price: z.number(),
  lineTotal: z.number(),
  priceBreakup: priceBreakupSchema,
});

export const quoteSchema = z.object({
  code: safeString(),
  vendorSlug: safeString(),
  shopName: safeString(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: safeString(),
  validUntil: safeString(),
  note: safeString(),
  lines: z.array(quoteLineSchema),
  /** Sum of the list prices. */
  subtotal: z.number(),
  discount: z.number(),
  /** What the buyer pays: the quoted lines, rounded up to a whole rupee as every order is. */
  total: z.number(),
  roundOff: z.number(),
  /** The order the quote became, once paid (the reseller's list only). */
  orderNumber: safeString().nullable(),
  /** An expired quote: today's prices of its pieces still in the shop (to buy at today's price). */
  today: z
    .object({
      total: z.number(),
      lines: z.array(
        z.object({
          productSku: safeString(),
          name: safeString(),
          quantity: z.number().int(),
          price: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteListSchema = z.array(quoteSchema);

/** Buy now: a checkout at the quoted prices. */
export const quoteCheckoutResponse = z.object({ checkoutId: safeString(), vendorSlug: safeString() });

/**
 * Splits a discount (paise) over the quote's lines as a whole-paisa amount off each piece, in
 * proportion to the commission each line earns, never more than a piece's commission: the discount
 * comes out of the reseller's commission, never the platform's margin. Null when the discount is
 * more than the commission on the lines. What is applied may fall short of the asked discount by less
 * than a paisa per piece (a per-piece amount is whole paise).
 */
export function allocateQuoteDiscount(
  lines: ReadonlyArray<{ quantity: number; commissionPaise: number }>,
  discountPaise: number,
): { perUnitPaise: number[]; appliedPaise: number } | null {
  const commission = lines.reduce((s, l) => s + BigInt(l.commissionPaise) * BigInt(l.quantity), 0n);
  const wanted = BigInt(discountPaise);
  if (wanted > commission) return null;
  if (wanted === 0n) return { perUnitPaise: lines.map(() => 0), appliedPaise: 0 };
  const perUnit = lines.map((l) => {
    const share = (wanted * BigInt(l.commissionPaise) * BigInt(l.quantity)) / commission;
    return share / BigInt(l.quantity);
  });
  let left = wanted - perUnit.reduce((s, u, i) => s + u * BigInt(lines[i]!.quantity), 0n);
  lines.forEach((l, i) => {
    const room = BigInt(l.commissionPaise) - perUnit[i]!;
    const extra = left / BigInt(l.quantity) < room ? left / BigInt(l.quantity) : room;
    perUnit[i] = perUnit[i]! + extra;
    left -= extra * BigInt(l.quantity);
  });
  return {
    perUnitPaise: perUnit.map(Number),
    appliedPaise: Number(wanted - left),
  };
}

/** The most a plan may take off a quote, in basis points of its subtotal. */
export function planDiscountLimitPaise(subtotalPaise: number, percent: number): number {
  return Math.floor((subtotalPaise * Math.round(percent * 100)) / 10_000);
}

/** A quote's status as its reseller sees it. */
export function quoteStatusOf(
  q: { validUntil: Date; openedAt: Date | null; converted: boolean },
  now: Date,
): QuoteStatus {
  if (q.converted) return 'converted';
  if (q.validUntil.getTime() <= now.getTime()) return 'expired';
  return q.openedAt ? 'opened' : 'sent';
}

/** 'FREE:0,BASIC:5,...' -> the discount limit (percent of a quote) of each plan; unnamed plans: 0. */
export function parsePlanPercents(value: string): Record<Plan, number> | null {
  const out: Record<Plan, number> = { FREE: 0, BASIC: 0, STANDARD: 0, PREMIUM: 0 };
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, pct] = part.split(':').map((s) => s.trim());
    const plan = name?.toUpperCase() as Plan;
    const n = Number(pct);
    if (!PLANS.includes(plan) || !pct || !Number.isFinite(n) || n < 0 || n > 100) return null;
    out[plan] = n;
  }
  return out;
}

/** The message a reseller shares: the pieces, the price, the validity and the link. */
export function quoteShareText(q: { shopName: string; total: string; validUntil: string; url: string }) {
  return `${q.shopName}: your quote for ${q.total}, valid until ${q.validUntil}. ${q.url}`;
}

export const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export type Attribution = {
  vendorId: number;
  vendorSlug: string;
  source: AttributionSource;
  quoteId: string | null;
};

/**
 * Which reseller an order is credited to (docs/decisions/0059):
 * - bought from a quote: the quote's reseller;
 * - bought in a reseller's own shop: that reseller (the source the buyer's link named when it was
 *   theirs, else 'shop');
 * - bought in the platform's own shop: the reseller whose link the buyer arrived through within the
 *   window (`referral`, already checked for age), else nobody (a direct sale).
 */
export function attributionOf(input: {
  shop: { id: number; slug: string; isPlatformShop: boolean };
  quote: { id: string; vendorId: number; vendorSlug: string } | null;
  referral: { vendorId: number; vendorSlug: string; source: AttributionSource } | null;
}): Attribution | null {
  const { shop, quote, referral } = input;
  if (quote)
    return { vendorId: quote.vendorId, vendorSlug: quote.vendorSlug, source: 'quote', quoteId: quote.id };
  if (!shop.isPlatformShop) {
    const source = referral && referral.vendorId === shop.id ? referral.source : 'shop';
    return { vendorId: shop.id, vendorSlug: shop.slug, source, quoteId: null };
  }
  return referral
    ? { vendorId: referral.vendorId, vendorSlug: referral.vendorSlug, source: referral.source, quoteId: null }
    : null;
}
