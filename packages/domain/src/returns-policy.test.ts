import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnEligibility, returnsPolicySchema, type ReturnsPolicy } from './returns-policy';

const DAY = 24 * 60 * 60 * 1000;
const windowArb = fc.record({
  kind: fc.constant('WINDOW' as const),
  days: fc.integer({ min: 1, max: 365 }),
  maxValuePaise: fc.option(fc.integer({ min: 1, max: 10_00_00_000_00 }), { nil: null }),
  excludedCategoryIds: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }),
});
const lineArb = fc.record({
  deliveredAt: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }).map((t) => new Date(t)),
  elapsed: fc.integer({ min: 0, max: 400 * DAY }),
  linePaise: fc.integer({ min: 1, max: 10_00_00_000_00 }),
  categoryIds: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
});

describe('returnEligibility', () => {
  it('no returns policy: nothing is ever returnable', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const r = returnEligibility(
          { kind: 'NONE' },
          { ...l, now: new Date(l.deliveredAt.getTime() + l.elapsed) },
        );
        expect(r).toEqual({ eligible: false, reason: 'NO_RETURNS' });
      }),
    );
  });

  it('a window: eligible exactly when delivered, inside the days, at most the cap and in no excluded category', () => {
    fc.assert(
      fc.property(windowArb, lineArb, (policy: ReturnsPolicy & { kind: 'WINDOW' }, l) => {
        const now = new Date(l.deliveredAt.getTime() + l.elapsed);
        const r = returnEligibility(policy, { ...l, now });
        const expected =
          l.elapsed <= policy.days * DAY &&
          (policy.maxValuePaise === null || l.linePaise <= policy.maxValuePaise) &&
          !l.categoryIds.some((c) => policy.excludedCategoryIds.includes(c));
        expect(r.eligible).toBe(expected);
        if (r.eligible) expect(r.until.getTime()).toBe(l.deliveredAt.getTime() + policy.days * DAY);
      }),
    );
  });

  it('is monotone in time: once the window closes it never opens again', () => {
    fc.assert(
      fc.property(windowArb, lineArb, fc.integer({ min: 0, max: 400 * DAY }), (policy, l, more) => {
        const at = (ms: number) =>
          returnEligibility(policy, { ...l, now: new Date(l.deliveredAt.getTime() + ms) });
        if (!at(l.elapsed).eligible) expect(at(l.elapsed + more).eligible).toBe(false);
      }),
    );
  });

  it('an undelivered line is not returnable, and the last instant of the window still is', () => {
    const policy: ReturnsPolicy = { kind: 'WINDOW', days: 7, maxValuePaise: null, excludedCategoryIds: [] };
    const deliveredAt = new Date('2026-11-01T10:00:00Z');
    expect(
      returnEligibility(policy, { deliveredAt: null, now: deliveredAt, linePaise: 1, categoryIds: [] }),
    ).toEqual({
      eligible: false,
      reason: 'NOT_DELIVERED',
    });
    const last = new Date(deliveredAt.getTime() + 7 * DAY);
    expect(
      returnEligibility(policy, { deliveredAt, now: last, linePaise: 1, categoryIds: [] }).eligible,
    ).toBe(true);
    expect(
      returnEligibility(policy, {
        deliveredAt,
        now: new Date(last.getTime() + 1),
        linePaise: 1,
        categoryIds: [],
      }),
    ).toEqual({ eligible: false, reason: 'WINDOW_CLOSED' });
  });

  it('the API shape refuses a window of zero days and a cap of zero', () => {
    expect(
      returnsPolicySchema.safeParse({ kind: 'WINDOW', days: 0, maxValue: null, excludedCategoryIds: [] })
        .success,
    ).toBe(false);
    expect(
      returnsPolicySchema.safeParse({ kind: 'WINDOW', days: 7, maxValue: 0, excludedCategoryIds: [] })
        .success,
    ).toBe(false);
    expect(returnsPolicySchema.safeParse({ kind: 'NONE' }).success).toBe(true);
  });
});
