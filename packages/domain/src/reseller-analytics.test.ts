import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyticsPeriod,
  analyticsQuerySchema,
  bucketDaily,
  bucketStart,
  bucketsOf,
  conversionPercent,
} from './reseller-analytics';
import { zonedIsoDate } from './time';

const IST = 'Asia/Kolkata';

describe('reseller analytics buckets (business timezone)', () => {
  it('puts an instant on its business day, not its UTC day', () => {
    // 19:00 UTC on the 30th is 00:30 IST on 1 December: December's first day, week and month.
    const day = zonedIsoDate(new Date('2026-11-30T19:00:00Z'), IST);
    expect(day).toBe('2026-12-01');
    expect(bucketStart(day, 'day')).toBe('2026-12-01');
    expect(bucketStart(day, 'week')).toBe('2026-11-30'); // a Tuesday: its week began on Monday
    expect(bucketStart(day, 'month')).toBe('2026-12-01');
    const before = zonedIsoDate(new Date('2026-11-30T18:29:59Z'), IST);
    expect(before).toBe('2026-11-30');
    expect(bucketStart(before, 'month')).toBe('2026-11-01');
  });

  it('starts weeks on Monday, across a year end', () => {
    expect(bucketStart('2026-11-30', 'week')).toBe('2026-11-30'); // Monday
    expect(bucketStart('2026-12-06', 'week')).toBe('2026-11-30'); // Sunday
    expect(bucketStart('2027-01-01', 'week')).toBe('2026-12-28');
    expect(bucketsOf('2026-12-25', '2027-01-05', 'week')).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    expect(bucketsOf('2026-11-15', '2027-01-02', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(bucketsOf('2026-02-27', '2026-03-01', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('adds daily figures into every bucket of the period, empty ones at zero, none lost or counted twice', () => {
    const series = bucketDaily(
      [
        { day: '2026-11-29', views: 5, commission: 100 }, // before the period
        { day: '2026-11-30', views: 2, commission: 50 },
        { day: '2026-12-06', views: 3, commission: 0 },
        { day: '2026-12-15', views: 1, commission: 25 },
      ],
      ['views', 'commission'],
      { from: '2026-11-30', to: '2026-12-20' },
      'week',
    );
    expect(series).toEqual([
      { start: '2026-11-30', views: 5, commission: 50 },
      { start: '2026-12-07', views: 0, commission: 0 },
      { start: '2026-12-14', views: 1, commission: 25 },
    ]);
    const day = fc
      .integer({ min: 0, max: 800 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ day, views: fc.nat(1000) }), { maxLength: 60 }),
        day,
        fc.integer({ min: 0, max: 365 }),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        (daily, from, span, bucket) => {
          const to = new Date(Date.parse(from) + span * 86_400_000).toISOString().slice(0, 10);
          const rows = bucketDaily(daily, ['views'], { from, to }, bucket);
          const inPeriod = daily.filter((d) => d.day >= from && d.day <= to).reduce((s, d) => s + d.views, 0);
          expect(rows.reduce((s, r) => s + r.views, 0)).toBe(inPeriod);
          expect(rows.map((r) => r.start)).toEqual(bucketsOf(from, to, bucket));
          expect(new Set(rows.map((r) => r.start)).size).toBe(rows.length);
        },
      ),
    );
  });

  it('validates the period: real dates, in order, at most 366 days; defaults to the last 30 days', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2026-12-02', to: '2026-12-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ bucket: 'year' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: "2026-01-01' or 1=1" }).success).toBe(false);
    expect(analyticsPeriod({}, '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(analyticsPeriod({ from: '2026-11-20' }, '2026-11-30')).toEqual({
      from: '2026-11-20',
      to: '2026-11-30',
    });
    expect(analyticsPeriod({ to: '2026-10-31' }, '2026-11-30')).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
  });

  it('gives the conversion rate per hundred views', () => {
    expect(conversionPercent(1, 8)).toBe(12.5);
    expect(conversionPercent(2, 3)).toBe(66.7);
    expect(conversionPercent(0, 0)).toBeNull();
  });
});
