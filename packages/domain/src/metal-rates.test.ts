import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isBigRateChange, metalPricesInputSchema, rateChangePercent } from './metal-rates';

describe('metal rate changes', () => {
  it('asks twice exactly when the change is more than 10 % either way', () => {
    expect(isBigRateChange(10_000, 11_000)).toBe(false);
    expect(isBigRateChange(10_000, 11_001)).toBe(true);
    expect(isBigRateChange(10_000, 9_000)).toBe(false);
    expect(isBigRateChange(10_000, 8_999)).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 1e9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (o, f, up) => {
          const limit = Math.floor(o / 10);
          const within = Math.floor(f * limit);
          const beyond = limit + 1 + Math.floor(f * o);
          const sign = up ? 1 : -1;
          expect(isBigRateChange(o, o + sign * within)).toBe(false);
          if (o - beyond > 0 || up) expect(isBigRateChange(o, o + sign * beyond)).toBe(true);
        },
      ),
    );
  });

  it('reports the signed change in percent with one decimal', () => {
    expect(rateChangePercent(6000, 6600)).toBe(10);
    expect(rateChangePercent(6000, 5400)).toBe(-10);
    expect(rateChangePercent(7250, 7300)).toBe(0.7);
    expect(rateChangePercent(0, 5)).toBe(0);
  });

  it('the prices summary needs both rates above 0 with at most two decimals, and the versions it was loaded at', () => {
    const v = { goldVersion: 1, silverVersion: 1 };
    expect(metalPricesInputSchema.safeParse({ gold: 7250.5, silver: 92, ...v }).success).toBe(true);
    expect(metalPricesInputSchema.safeParse({ gold: 0, silver: 92, ...v }).success).toBe(false);
    expect(metalPricesInputSchema.safeParse({ gold: 7250.555, silver: 92, ...v }).success).toBe(false);
    expect(metalPricesInputSchema.safeParse({ gold: 7250, ...v }).success).toBe(false);
    expect(metalPricesInputSchema.safeParse({ gold: 7250.5, silver: 92 }).success).toBe(false);
  });
});
