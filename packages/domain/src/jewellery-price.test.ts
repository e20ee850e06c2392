import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derivedPurityRate, huidListSchema, huidSchema, isHuid, jewelleryPrice } from './jewellery-price';
import {
  MAKING_CHARGE_KINDS,
  inclusivePriceBreakup,
  taxableOfInclusive,
  toPriceBreakup,
  type LineBreakup,
} from './price-breakup';
import { computeInvoice, type InvoiceLineInput } from './tax-invoice';

const invoiceLine = (b: LineBreakup, quantity: number): InvoiceLineInput => ({
  description: 'Necklace',
  sku: 'N1',
  hsn: '711319',
  quantity,
  unitPricePaise: b.totalPaise,
  breakup: b,
  huids: [],
});

const rate = fc.integer({ min: 0, max: 5_000_000 }); // up to ₹50,000 a gram
const weight = fc.integer({ min: 0, max: 2_000_000 }); // up to 2 kg in mg
const making = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constantFrom(...MAKING_CHARGE_KINDS), value: fc.integer({ min: 0, max: 5_000_000 }) }),
);
const stones = fc.oneof(
  fc.constant(null),
  fc.record({
    description: fc.string({ maxLength: 20 }),
    valuePaise: fc.integer({ min: 0, max: 50_000_000 }),
  }),
);
const gst = fc.integer({ min: 0, max: 2800 });

const price = (
  r: number,
  mg: number,
  m: typeof making extends fc.Arbitrary<infer T> ? T : never,
  s = null as null | { description: string; valuePaise: number },
  g = 300,
) =>
  jewelleryPrice({
    metalName: 'Gold',
    purity: '22K',
    ratePerGramPaise: r,
    netWeightMg: mg,
    making: m,
    stones: s,
    gstBasisPoints: g,
  });

describe('jeweller’s price', () => {
  it('prices the worked example: 22K at ₹6,000/g, 10.5 g, 12 % making, ₹5,000 stones, 3 % GST', () => {
    const b = jewelleryPrice({
      metalName: 'Gold',
      purity: '22K',
      ratePerGramPaise: 600_000,
      netWeightMg: 10_500,
      making: { kind: 'PERCENT', value: 1200 },
      stones: { description: '0.30 ct VS diamond', valuePaise: 500_000 },
    });
    // metal 63,000; making 7,560; stones 5,000; taxable 75,560; GST 2,266.80; total 77,826.80
    expect(b.metal?.valuePaise).toBe(6_300_000);
    expect(b.making?.valuePaise).toBe(756_000);
    expect(b.taxablePaise).toBe(7_556_000);
    expect(b.gst.valuePaise).toBe(226_680);
    expect(b.totalPaise).toBe(7_782_680);
  });

  it('rounds to the paisa once, on the exact total', () => {
    // 0.333 g at 1 paisa a gram + 3 %: exact total 0.34299 paise → 0; lines would have rounded up.
    const b = price(1, 333, { kind: 'PER_GRAM', value: 1 }, null, 300);
    expect(b.totalPaise).toBe(Math.round(((333 + 333) / 1000) * 1.03));
    // ₹1,234.567 + 3 % rounded once = 127,160 paise (rounding lines first would give 127,161).
    const once = price(123_456_7, 100, null, null, 300);
    expect(once.totalPaise).toBe(Math.round((1_234_567 * 100 * 1.03) / 1000));
  });

  it('breakup lines add up to the total to the paisa, none negative', () => {
    fc.assert(
      fc.property(rate, weight, making, stones, gst, (r, mg, m, s, g) => {
        const b = price(r, mg, m, s, g);
        const lines = (b.metal?.valuePaise ?? 0) + (b.making?.valuePaise ?? 0) + (b.stones?.valuePaise ?? 0);
        expect(lines).toBe(b.taxablePaise);
        expect(b.taxablePaise + b.gst.valuePaise).toBe(b.totalPaise);
        for (const v of [b.metal?.valuePaise, b.making?.valuePaise, b.stones?.valuePaise, b.gst.valuePaise])
          expect(v ?? 0).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is monotonic in the rate and in the weight', () => {
    fc.assert(
      fc.property(rate, rate, weight, weight, making, stones, gst, (r1, r2, w1, w2, m, s, g) => {
        const [rLo, rHi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        const [wLo, wHi] = w1 <= w2 ? [w1, w2] : [w2, w1];
        expect(price(rLo, w1, m, s, g).totalPaise).toBeLessThanOrEqual(price(rHi, w1, m, s, g).totalPaise);
        expect(price(r1, wLo, m, s, g).totalPaise).toBeLessThanOrEqual(price(r1, wHi, m, s, g).totalPaise);
      }),
    );
  });

  it('a percent making charge prices exactly like the same amount as a flat charge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        stones,
        gst,
        (r, mg, bp, s, g) => {
          const exact = (r * mg * bp) % 10_000_000 === 0;
          fc.pre(exact || bp === 0);
          const flatPaise = (r * mg * bp) / 10_000_000;
          const pct = price(r, mg, { kind: 'PERCENT', value: bp }, s, g);
          const flat = price(r, mg, { kind: 'FLAT', value: flatPaise }, s, g);
          expect(pct.totalPaise).toBe(flat.totalPaise);
          expect(pct.making?.valuePaise).toBe(flat.making?.valuePaise);
        },
      ),
    );
    // Whole rupees per gram and whole grams: 10 % of any such metal value is a whole number of paise.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 2000 }),
        gst,
        (rupees, grams, g) => {
          const metal = rupees * 100 * grams;
          const pct = price(rupees * 100, grams * 1000, { kind: 'PERCENT', value: 1000 }, null, g);
          const flat = price(rupees * 100, grams * 1000, { kind: 'FLAT', value: metal / 10 }, null, g);
          expect({ ...pct, making: pct.making?.valuePaise }).toEqual({
            ...flat,
            making: flat.making?.valuePaise,
          });
        },
      ),
    );
  });

  it('a per-gram making charge is value × grams', () => {
    const b = price(500_000, 2_500, { kind: 'PER_GRAM', value: 40_000 }, null, 0);
    expect(b.making?.valuePaise).toBe(100_000);
  });

  it('derives a purity rate from the fine rate by fineness', () => {
    expect(derivedPurityRate(700_000, 916)).toBe(641_200);
    expect(derivedPurityRate(700_000, 1000)).toBe(700_000);
    expect(derivedPurityRate(12_345, 750)).toBe(9259);
  });
});

describe('HUID', () => {
  it('accepts exactly six letters or digits, upper-casing input', () => {
    expect(isHuid('AB12C3')).toBe(true);
    expect(huidSchema.parse(' ab12c3 ')).toBe('AB12C3');
    for (const bad of ['AB12C', 'AB12C34', 'AB-2C3', 'ÄB12C3', '', 'AB 2C3'])
      expect(huidSchema.safeParse(bad).success).toBe(false);
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 10 }), (s) => {
        expect(isHuid(s)).toBe(/^[A-Z0-9]{6}$/.test(s));
      }),
    );
  });

  it('refuses the same HUID twice in one product', () => {
    expect(huidListSchema.safeParse(['AB12C3', 'ab12c3']).success).toBe(false);
    expect(huidListSchema.parse(['AB12C3', 'ZZ99Z9'])).toEqual(['AB12C3', 'ZZ99Z9']);
  });
});

describe('one rounding rule from the product page to the invoice', () => {
  it('the review example: the page’s taxable 1,54,606.14 + GST 4,638.19 is what the invoice prints', () => {
    // 22K at ₹6,412/g, 22.001 g, flat making ₹13,535.73: exact taxable value ₹1,54,606.142.
    const b = price(641_200, 22_001, { kind: 'FLAT', value: 1_353_573 }, null, 300);
    expect(b.totalPaise).toBe(159_244_33);
    expect(b.taxablePaise).toBe(154_606_14);
    expect(b.gst.valuePaise).toBe(4_638_19);
    const invoice = computeInvoice({
      lines: [invoiceLine(b, 1)],
      discountPaise: 0,
      shippingPaise: 0,
      roundOffPaise: 67,
      intraState: true,
      defaultBasisPoints: 300,
    });
    expect(invoice.lines[0]).toMatchObject({ taxablePaise: 154_606_14, totalPaise: 159_244_33 });
    const line = invoice.lines[0]!;
    expect(line.cgstPaise + line.sgstPaise).toBe(4_638_19);
  });

  it('an invoice line shows the page’s taxable value and GST times the quantity, for any product', () => {
    fc.assert(
      fc.property(
        rate,
        weight,
        making,
        stones,
        gst,
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (r, mg, m, s, g, q, intraState) => {
          const b = price(r, mg, m, s, g);
          const { lines } = computeInvoice({
            lines: [invoiceLine(b, q)],
            discountPaise: 0,
            shippingPaise: 0,
            roundOffPaise: 0,
            intraState,
            defaultBasisPoints: 300,
          });
          const l = lines[0]!;
          expect(l.taxablePaise).toBe(q * b.taxablePaise);
          expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(q * b.gst.valuePaise);
          expect(l.totalPaise).toBe(q * b.totalPaise);
        },
      ),
    );
  });

  it('an MRP piece is split by the same back-computation the invoice uses for a line without a breakup', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        gst,
        fc.integer({ min: 1, max: 10 }),
        (p, g, q) => {
          const b = inclusivePriceBreakup(p, g);
          expect(b.taxablePaise).toBe(taxableOfInclusive(p, g).taxablePaise);
          const { lines } = computeInvoice({
            lines: [{ ...invoiceLine(b, q), breakup: null }],
            discountPaise: 0,
            shippingPaise: 0,
            roundOffPaise: 0,
            intraState: false,
            defaultBasisPoints: g,
          });
          expect(lines[0]!.taxablePaise).toBe(q * b.taxablePaise);
          expect(lines[0]!.igstPaise).toBe(q * b.gst.valuePaise);
        },
      ),
    );
  });

  it('keeps the making charge as entered, so the page can say “12% of metal value”', () => {
    const b = price(600_000, 10_500, { kind: 'PERCENT', value: 1200 }, null, 300);
    expect(b.making).toMatchObject({ kind: 'PERCENT', rate: 1200 });
    expect(toPriceBreakup(b).making).toEqual({ kind: 'PERCENT', value: 7560, rate: 12 });
    expect(toPriceBreakup(price(600_000, 10_500, { kind: 'PER_GRAM', value: 52_000 }, null)).making).toEqual({
      kind: 'PER_GRAM',
      value: 5460,
      rate: 520,
    });
  });
});

describe('exact at any amount (integer paise, big enough for crores)', () => {
  /** The exact price as a fraction, computed independently with bigint: numerator / 10^11 paise. */
  const exactTotal = (r: bigint, mg: bigint, flat: bigint, g: bigint) =>
    (r * mg * 10_000n + flat * 10_000_000n) * (10_000n + g);

  it('prices at the largest rates and weights the schema allows, to the paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }), // ₹10 crore a gram
        fc.integer({ min: 0, max: 1_000_000_000 }), // 1,000 kg
        fc.integer({ min: 0, max: 10_000_000_000 }),
        gst,
        (r, mg, flat, g) => {
          const n = exactTotal(BigInt(r), BigInt(mg), BigInt(flat), BigInt(g));
          const expected = (2n * n + 10n ** 11n) / (2n * 10n ** 11n);
          if (expected > BigInt(Number.MAX_SAFE_INTEGER)) {
            // Never a silently rounded figure: a price past 2^53 paise is refused.
            expect(() => price(r, mg, { kind: 'FLAT', value: flat }, null, g)).toThrow(RangeError);
            return;
          }
          const b = price(r, mg, { kind: 'FLAT', value: flat }, null, g);
          expect(BigInt(b.totalPaise)).toBe(expected);
          expect(b.taxablePaise + b.gst.valuePaise).toBe(b.totalPaise);
        },
      ),
    );
  });

  it('refuses a price too large to hold exactly rather than rounding it', () => {
    expect(() => price(10_000_000_000, 1_000_000_000, null)).toThrow(RangeError);
    expect(() => price(-1, 1000, null)).toThrow(RangeError);
    expect(() => price(1.5, 1000, null)).toThrow(RangeError);
  });

  it('splits any GST-inclusive amount up to 2^53 paise exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), gst, (p, g) => {
        const b = inclusivePriceBreakup(p, g);
        const d = BigInt(10_000 + g);
        expect(BigInt(b.taxablePaise)).toBe((2n * BigInt(p) * 10_000n + d) / (2n * d));
        expect(b.taxablePaise + b.gst.valuePaise).toBe(p);
        expect(b.gst.valuePaise).toBeGreaterThanOrEqual(0);
      }),
    );
    // Floating point (amount × 10,000 ÷ 10,300) gives …245 here: a paisa lost.
    expect(inclusivePriceBreakup(6_548_050_544_691_673, 300).taxablePaise).toBe(6_357_330_625_914_246);
  });
});
