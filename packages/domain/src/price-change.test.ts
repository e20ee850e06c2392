import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previousPaiseOf, priceChangePaise, seenPaiseOf, type SeenLine } from './price-change';

const paise = fc.integer({ min: 0, max: 10_000_000_000 });
const line = fc.record({
  unitPaise: paise,
  seenPaise: fc.option(paise, { nil: null }),
  quantity: fc.integer({ min: 1, max: 30 }),
});

describe('prices that changed since the shopper saw them', () => {
  it('names the old price of a changed line and the whole difference', () => {
    const lines: SeenLine[] = [
      { unitPaise: 1_887_900, seenPaise: 1_842_600, quantity: 1 },
      { unitPaise: 50_000, seenPaise: 50_000, quantity: 2 },
      { unitPaise: 20_000, seenPaise: 25_000, quantity: 3 },
      { unitPaise: 10_000, seenPaise: null, quantity: 1 },
    ];
    expect(lines.map(previousPaiseOf)).toEqual([1_842_600, null, 25_000, null]);
    expect(priceChangePaise(lines)).toBe(45_300 - 15_000);
  });

  it('the change is today’s total less the total seen, over the lines whose seen price is known', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const known = lines.filter((l) => l.seenPaise !== null);
        const today = known.reduce((s, l) => s + l.unitPaise * l.quantity, 0);
        const seen = known.reduce((s, l) => s + (l.seenPaise ?? 0) * l.quantity, 0);
        expect(priceChangePaise(lines)).toBe(today - seen);
      }),
    );
  });

  it('an unchanged or unknown price is no change', () => {
    fc.assert(
      fc.property(paise, fc.integer({ min: 1, max: 30 }), (p, quantity) => {
        expect(previousPaiseOf({ unitPaise: p, seenPaise: p, quantity })).toBeNull();
        expect(priceChangePaise([{ unitPaise: p, seenPaise: null, quantity }])).toBe(0);
      }),
    );
  });

  it('reads a seen price in rupees to the paisa and ignores what is not a price', () => {
    expect(seenPaiseOf(18_426.37)).toBe(1_842_637);
    expect(seenPaiseOf(undefined)).toBeNull();
    expect(seenPaiseOf(Number.NaN)).toBeNull();
    expect(seenPaiseOf(-1)).toBeNull();
  });
});
