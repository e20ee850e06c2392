import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountPercent, metalPrice, paiseToRupees, rupeesToPaise } from './money';

const paise = fc.integer({ min: 0, max: 100_000_000 });
const ratePaise = fc.integer({ min: 0, max: 2_000_000 });
const weightMg = fc.integer({ min: 0, max: 1_000_000 });

describe('metal pricing', () => {
  it('is the non-metal part plus rate times weight, in whole paise', () => {
    fc.assert(
      fc.property(paise, ratePaise, weightMg, (base, rate, mg) => {
        const price = metalPrice(base, rate, mg);
        expect(Number.isInteger(price)).toBe(true);
        expect(Math.abs(price - (base + (rate * mg) / 1000))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('is never negative, even for a negative part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        ratePaise,
        weightMg,
        (base, rate, mg) => {
          expect(metalPrice(base, rate, mg)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('grows with the rate and with the weight', () => {
    fc.assert(
      fc.property(paise, ratePaise, ratePaise, weightMg, (base, r1, r2, mg) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        expect(metalPrice(base, lo, mg)).toBeLessThanOrEqual(metalPrice(base, hi, mg));
        expect(metalPrice(base, lo, mg)).toBeLessThanOrEqual(metalPrice(base, lo, mg + 1));
      }),
    );
  });

  it('equals the base when there is no metal', () => {
    fc.assert(
      fc.property(paise, ratePaise, (base, rate) => {
        expect(metalPrice(base, rate, 0)).toBe(base);
      }),
    );
  });

  it('prices 2.5 g of gold at 6,500 rupees a gram plus 1,200 rupees making as 17,450 rupees', () => {
    expect(paiseToRupees(metalPrice(rupeesToPaise(1200), rupeesToPaise(6500), 2500))).toBe(17_450);
  });
});

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
