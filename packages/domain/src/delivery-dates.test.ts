import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deliveryDate, formatDeliveryDate } from './delivery-dates';
import { deliveryEstimateQuery } from './delivery';

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

describe('the delivery date before buying', () => {
  it('counts dispatch in working days (Monday to Saturday) and the courier in calendar days', () => {
    // Thursday 26 Nov 2026: 2 working days = Sat 28; 3 days in transit = Tue 1 Dec.
    expect(deliveryDate('2026-11-26', 2, 3)).toBe('2026-12-01');
    // Friday: Sat, (Sun skipped) Mon are the 2 working days; +1 = Tue.
    expect(deliveryDate('2026-11-27', 2, 1)).toBe('2026-12-01');
  });

  it('never dispatches on a Sunday and never delivers on one', () => {
    // Sunday 29 Nov with no dispatch days: handed over Monday; 6 days later is Sunday, so Monday.
    expect(deliveryDate('2026-11-29', 0, 0)).toBe('2026-11-30');
    expect(deliveryDate('2026-11-29', 0, 6)).toBe('2026-12-07');
  });

  it('writes the date as the shop does', () => {
    expect(formatDeliveryDate('2026-12-01')).toBe('Tue, 1 Dec');
  });

  it('is never a Sunday, never sooner than dispatch plus transit, and later transit is never sooner', () => {
    const day = fc
      .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.nat(10), fc.nat(15), (today, dispatch, transit) => {
        const by = deliveryDate(today, dispatch, transit);
        expect(weekday(by)).not.toBe(0);
        expect(daysBetween(today, by)).toBeGreaterThanOrEqual(dispatch + transit);
        // At most one Sunday skipped per working week of dispatch, one at the start and one at the end.
        expect(daysBetween(today, by)).toBeLessThanOrEqual(dispatch + Math.ceil(dispatch / 6) + transit + 2);
        expect(deliveryDate(today, dispatch, transit + 1) >= by).toBe(true);
      }),
    );
  });
});

describe('the delivery estimate query', () => {
  it('takes six digits of a real PIN zone and refuses anything else with the address form’s words', () => {
    expect(deliveryEstimateQuery.parse({ pin: ' 560025 ' }).pin).toBe('560025');
    for (const pin of ['56002', '5600251', '012345', 'abcdef', '']) {
      const r = deliveryEstimateQuery.safeParse({ pin });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Please enter a valid 6-digit PIN code');
    }
  });
});
