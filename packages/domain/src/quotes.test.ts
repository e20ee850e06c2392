import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateQuoteDiscount, planDiscountLimitPaise } from './quotes';

/** A quote line: a piece's price and the reseller's commission in it (paise), and how many. */
const line = fc
  .record({
    quantity: fc.integer({ min: 1, max: 99 }),
    commissionPaise: fc.integer({ min: 0, max: 5_000_000 }),
    marginPaise: fc.integer({ min: 0, max: 50_000_000 }),
  })
  .map((l) => ({ ...l, pricePaise: l.commissionPaise + l.marginPaise }));
const quote = fc.array(line, { minLength: 1, maxLength: 20 });
const planPercent = fc.constantFrom(0, 2, 5, 7.5, 10, 100);

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('allocateQuoteDiscount (docs/decisions/0059)', () => {
  it('takes a discount within the plan and the commission only out of the commission, in whole paise that add up', () => {
    fc.assert(
      fc.property(quote, planPercent, fc.double({ min: 0, max: 1, noNaN: true }), (lines, percent, share) => {
        const subtotal = sum(lines.map((l) => l.pricePaise * l.quantity));
        const commission = sum(lines.map((l) => l.commissionPaise * l.quantity));
        const limit = Math.min(planDiscountLimitPaise(subtotal, percent), commission);
        const wanted = Math.floor(limit * share);
        const split = allocateQuoteDiscount(lines, wanted);
        expect(split).not.toBeNull();
        const { perUnitPaise, appliedPaise } = split!;
        expect(perUnitPaise).toHaveLength(lines.length);
        lines.forEach((l, i) => {
          const off = perUnitPaise[i]!;
          expect(Number.isSafeInteger(off)).toBe(true);
          expect(off).toBeGreaterThanOrEqual(0);
          // Never more than the piece's commission: the platform's margin is untouched.
          expect(off).toBeLessThanOrEqual(l.commissionPaise);
          const quotedPrice = l.pricePaise - off;
          const commissionLeft = l.commissionPaise - off;
          expect(quotedPrice - commissionLeft).toBe(l.marginPaise);
        });
        // What is applied is exactly the sum of the per-piece amounts, never above what was asked,
        // the plan's limit or the commission, and short of the ask by less than a paisa per piece.
        expect(appliedPaise).toBe(sum(lines.map((l, i) => perUnitPaise[i]! * l.quantity)));
        expect(appliedPaise).toBeLessThanOrEqual(wanted);
        expect(appliedPaise).toBeLessThanOrEqual(planDiscountLimitPaise(subtotal, percent));
        expect(appliedPaise).toBeLessThanOrEqual(commission);
        expect(wanted - appliedPaise).toBeLessThan(Math.max(...lines.map((l) => l.quantity)));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a discount above the commission on the lines', () => {
    fc.assert(
      fc.property(quote, fc.integer({ min: 1, max: 1_000_000 }), (lines, over) => {
        const commission = sum(lines.map((l) => l.commissionPaise * l.quantity));
        expect(allocateQuoteDiscount(lines, commission + over)).toBeNull();
      }),
    );
  });

  it('gives the whole discount when every piece is single', () => {
    fc.assert(
      fc.property(
        fc.array(
          line.map((l) => ({ ...l, quantity: 1 })),
          { minLength: 1, maxLength: 20 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const wanted = Math.floor(sum(lines.map((l) => l.commissionPaise)) * share);
          expect(allocateQuoteDiscount(lines, wanted)?.appliedPaise).toBe(wanted);
        },
      ),
    );
  });

  it('limits a plan to its percent of the subtotal, rounded down to a paisa', () => {
    expect(planDiscountLimitPaise(6_340_186, 2)).toBe(126_803);
    expect(planDiscountLimitPaise(6_340_186, 0)).toBe(0);
    expect(planDiscountLimitPaise(999, 7.5)).toBe(74);
  });
});
