import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SETTLEMENT_RULES,
  financialYearOfDay,
  gstOnCommission,
  monthsOfFinancialYear,
  quarterDays,
  quarterOfDay,
  roundTaxToRupee,
  ruleOn,
  tdsDepositDueDay,
  tdsFor,
  type SettlementRule,
} from './settlement';

const rule = ruleOn(DEFAULT_SETTLEMENT_RULES, '2026-11-26');

/** Runs a year of payouts through tdsFor as the server does, carrying the year's figures. */
function year(commissions: number[], panValid: boolean[] = [], r: SettlementRule = rule) {
  let before = 0;
  let taxed = 0;
  return commissions.map((c, i) => {
    const out = tdsFor({
      yearCommissionBeforePaise: before,
      yearBaseTaxedPaise: taxed,
      commissionPaise: c,
      panValid: panValid[i] ?? true,
      rule: r,
    });
    before += c;
    taxed += out.basePaise;
    return out;
  });
}

describe('settlement rules', () => {
  it('takes the rule in force on the day: section 393(1) from 1 April 2026, 194H before', () => {
    expect(ruleOn(DEFAULT_SETTLEMENT_RULES, '2026-03-31').section).toBe('194H');
    expect(ruleOn(DEFAULT_SETTLEMENT_RULES, '2026-04-01').section).toBe('393(1)');
    expect(ruleOn(DEFAULT_SETTLEMENT_RULES, '2025-01-10').thresholdRupees).toBe(15_000);
    expect(ruleOn(DEFAULT_SETTLEMENT_RULES, '2025-04-01').thresholdRupees).toBe(20_000);
  });

  it('names financial years and quarters the Indian way', () => {
    expect(financialYearOfDay('2026-03-31')).toBe('2025-26');
    expect(financialYearOfDay('2026-04-01')).toBe('2026-27');
    expect(financialYearOfDay('2099-12-01')).toBe('2099-00');
    expect(quarterOfDay('2026-04-01')).toBe('Q1');
    expect(quarterOfDay('2026-09-30')).toBe('Q2');
    expect(quarterOfDay('2026-12-31')).toBe('Q3');
    expect(quarterOfDay('2027-02-01')).toBe('Q4');
    expect(quarterDays('2026-27', 'Q4')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
  });

  it('deducts nothing up to ₹20,000 in the year, then 2 % on the whole year from the payout that crosses', () => {
    const [a, b, c] = year([1_500_000, 500_000, 600_000]);
    expect(a!.tdsPaise).toBe(0);
    expect(b!.tdsPaise).toBe(0); // exactly ₹20,000: not above
    // ₹26,000 in the year: 2 % of all of it.
    expect(c).toEqual({ basePaise: 2_600_000, rateBasisPoints: 200, tdsPaise: 52_000, section: '393(1)' });
    const [, , , d] = year([1_500_000, 500_000, 600_000, 100_000]);
    expect(d!.tdsPaise).toBe(2_000); // 2 % of ₹1,000
  });

  it('takes 20 % without a valid PAN', () => {
    const [a] = year([3_000_000], [false]);
    expect(a).toMatchObject({ basePaise: 3_000_000, rateBasisPoints: 2000, tdsPaise: 600_000 });
  });

  it('never deducts more than the payout carries, and the next payout deducts the rest', () => {
    const [, small, next] = year([1_999_900, 200, 1_000_000]);
    expect(small!.tdsPaise).toBe(200);
    expect(small!.basePaise).toBe(10_000);
    // The rest of ₹20,001 and the new ₹10,000.
    expect(next!.basePaise).toBe(2_000_100 - 10_000 + 1_000_000);
  });

  it('GST on commission: 18 % when registered, none otherwise', () => {
    expect(gstOnCommission(123_457, true, rule)).toBe(22_222);
    expect(gstOnCommission(123_457, false, rule)).toBe(0);
  });

  it('property: no deduction at or below the threshold; the deduction is within the payout; taxed bases add up to the year once crossed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        (commissions, pans) => {
          const out = year(commissions, pans);
          let running = 0;
          let bases = 0;
          out.forEach((o, i) => {
            running += commissions[i]!;
            bases += o.basePaise;
            expect(o.tdsPaise).toBeGreaterThanOrEqual(0);
            expect(o.tdsPaise).toBeLessThanOrEqual(commissions[i]!);
            expect(o.tdsPaise % 100).toBe(0);
            if (running <= rule.thresholdRupees * 100) expect(o.tdsPaise).toBe(0);
            expect(bases).toBeLessThanOrEqual(running);
          });
          // A last payout large enough to carry everything leaves no commission of the year untaxed.
          const total = running + 10_000_000;
          const last = year([...commissions, 10_000_000], pans);
          expect(last.reduce((s, o) => s + o.basePaise, 0)).toBe(total);
        },
      ),
    );
  });

  it('rounds the tax deducted on a payout to the nearest rupee (50 paise up), never to ten rupees (decision 0067)', () => {
    expect(roundTaxToRupee(40_049)).toBe(40_000);
    expect(roundTaxToRupee(40_049.99)).toBe(40_000);
    expect(roundTaxToRupee(40_050)).toBe(40_100);
    expect(roundTaxToRupee(40_099)).toBe(40_100);
    expect(roundTaxToRupee(0)).toBe(0);
    expect(roundTaxToRupee(49)).toBe(0);
    expect(roundTaxToRupee(50)).toBe(100);
    // 2 % of ₹20,502.50 is ₹410.05: ₹410, not ₹410 rounded to ten (the same here) …
    expect(year([2_050_250])[0]!.tdsPaise).toBe(41_000);
    // … and 2 % of ₹20,275 is ₹405.50: ₹406 to the rupee, where ten-rupee rounding would say ₹410.
    expect(year([2_027_500])[0]!.tdsPaise).toBe(40_600);
    // 2 % of ₹20,224.99 is ₹404.4998: ₹404.
    expect(year([2_022_499])[0]!.tdsPaise).toBe(40_400);
  });

  it('property: the rounded tax is a whole rupee within 50 paise of the exact tax, halves going up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (base, bp) => {
          const exact = (base * bp) / 10_000;
          const r = roundTaxToRupee(exact);
          expect(r % 100).toBe(0);
          expect(Math.abs(r - exact)).toBeLessThanOrEqual(50);
          if (exact - Math.floor(exact / 100) * 100 >= 50) expect(r).toBeGreaterThan(exact - 0.000001);
          else expect(r).toBeLessThanOrEqual(exact);
        },
      ),
    );
  });

  it('tax deducted in a month is due by the 7th of the next, and by 30 April for March', () => {
    expect(tdsDepositDueDay('2026-11')).toBe('2026-12-07');
    expect(tdsDepositDueDay('2026-12')).toBe('2027-01-07');
    expect(tdsDepositDueDay('2027-02')).toBe('2027-03-07');
    expect(tdsDepositDueDay('2027-03')).toBe('2027-04-30');
    expect(monthsOfFinancialYear('2026-27')).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
    ]);
  });
});
