import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emiOptions, exactInstalment, monthlyInstalmentPaise, parseEmiTenures } from './emi';

const tenure = fc.record({
  months: fc.integer({ min: 1, max: 120 }),
  annualRateBp: fc.integer({ min: 0, max: 10_000 }),
});
const price = fc.integer({ min: 0, max: 1_000_000_000_00 });

describe('EMI from ₹X/month', () => {
  it('is the standard reducing-balance instalment, rounded up to a whole rupee', () => {
    // ₹1,50,000 over 12 months at 15 % a year: 13,538.80… a month, so ₹13,539.
    expect(monthlyInstalmentPaise(150_000_00, { months: 12, annualRateBp: 1500 })).toBe(13_539_00);
    // No-cost EMI: ₹1,00,000 over 3 months is ₹33,333.33…, so ₹33,334.
    expect(monthlyInstalmentPaise(100_000_00, { months: 3, annualRateBp: 0 })).toBe(33_334_00);
  });

  it('is a whole rupee within one rupee above the exact instalment, and repays the loan', () => {
    fc.assert(
      fc.property(price, tenure, (p, t) => {
        const m = monthlyInstalmentPaise(p, t);
        const { num, den } = exactInstalment(p, t);
        expect(m % 100).toBe(0);
        // exact ≤ m < exact + ₹1, compared on integers
        expect(BigInt(m) * den >= num).toBe(true);
        expect(BigInt(m - 100) * den < num).toBe(true);
        expect(m * t.months).toBeGreaterThanOrEqual(p);
      }),
    );
  });

  it('offers nothing below the minimum, and every tenure at or above it, cheapest month first', () => {
    const tenures = [
      { months: 3, annualRateBp: 1500 },
      { months: 12, annualRateBp: 1500 },
      { months: 6, annualRateBp: 0 },
    ];
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 1_000_000_00 }), (p, minimum) => {
        const options = emiOptions(p, tenures, minimum);
        if (p < minimum) expect(options).toEqual([]);
        else {
          expect(options).toHaveLength(p === 0 ? 0 : 3);
          for (let i = 1; i < options.length; i++)
            expect(options[i]!.monthlyPaise).toBeGreaterThanOrEqual(options[i - 1]!.monthlyPaise);
          for (const o of options) expect(o.totalPaise).toBe(o.monthlyPaise * o.months);
        }
      }),
    );
  });

  it('a longer tenure at the same rate never costs more a month', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 59 }), (p, bp, n) => {
        expect(monthlyInstalmentPaise(p, { months: n + 1, annualRateBp: bp })).toBeLessThanOrEqual(
          monthlyInstalmentPaise(p, { months: n, annualRateBp: bp }),
        );
      }),
    );
  });

  it('reads the configured tenures and refuses malformed ones', () => {
    expect(parseEmiTenures('3:0, 6:14,12:15.5')).toEqual([
      { months: 3, annualRateBp: 0 },
      { months: 6, annualRateBp: 1400 },
      { months: 12, annualRateBp: 1550 },
    ]);
    expect(parseEmiTenures('')).toEqual([]);
    expect(parseEmiTenures('3')).toBeNull();
    expect(parseEmiTenures('3:10,3:12')).toBeNull();
    expect(parseEmiTenures('0:10')).toBeNull();
    expect(() => monthlyInstalmentPaise(-1, { months: 3, annualRateBp: 0 })).toThrow(RangeError);
  });
});
