import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountPercent, paiseToRupees, rupeesToPaise } from './money';

const paise = fc.integer({ min: 0, max: 100_000_000 });

describe('rupees and paise', () => {
  it('round-trip any two-decimal amount', () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
      }),
    );
  });

  it('discount percent stays between 0 and 100', () => {
    fc.assert(
      fc.property(paise, fc.option(paise, { nil: null }), (price, original) => {
        const d = discountPercent(price, original);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(100);
      }),
    );
  });
});
