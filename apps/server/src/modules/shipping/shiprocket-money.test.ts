import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paiseToRupees, paiseToWholeRupeesUp, rupeesToPaise } from './shiprocket-money';

const paise = fc.integer({ min: 0, max: 10 ** 15 });

describe('Shiprocket rupee amounts and the shop’s paise', () => {
  it('paise → rupees → paise is exact for every amount, as a number and as their decimal string', () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
        const text = `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
        expect(rupeesToPaise(text)).toBe(p);
        expect(JSON.stringify(paiseToRupees(p))).toBe(text.replace(/\.?0+$/, '').replace(/^$/, '0'));
      }),
      { numRuns: 2000 },
    );
  });

  it('values that multiply badly in floating point still convert exactly', () => {
    expect(1.15 * 100).not.toBe(115);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(123.9)).toBe(12_390);
    expect(rupeesToPaise(150.12)).toBe(15_012);
    expect(rupeesToPaise('9000.00')).toBe(900_000);
    expect(rupeesToPaise(54)).toBe(5400);
    expect(rupeesToPaise('0.005')).toBe(1);
    expect(rupeesToPaise('0.004')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-1', '1,000', '1e3', Number.NaN, -0.5, Number.POSITIVE_INFINITY])
      expect(() => rupeesToPaise(bad)).toThrow(RangeError);
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
    expect(() => paiseToRupees(10 ** 15 + 1)).toThrow(RangeError);
  });

  it('a declared value never goes below the invoice value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (p) => {
        const rupees = paiseToWholeRupeesUp(p);
        expect(Number.isInteger(rupees)).toBe(true);
        expect(rupees * 100).toBeGreaterThanOrEqual(p);
        expect(rupees * 100 - p).toBeLessThan(100);
      }),
    );
  });
});
