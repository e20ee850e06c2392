import { describe, expect, it } from 'vitest';
import { zonedDayStart, zonedIsoDate, zonedWallTime, zonedWallTimeToInstant } from './time';

describe('business timezone days', () => {
  it('a day in Asia/Kolkata starts at 18:30 UTC the evening before', () => {
    expect(zonedDayStart('2026-11-22', 'Asia/Kolkata').toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });
  it('follows daylight saving where the zone has it', () => {
    expect(zonedDayStart('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(zonedDayStart('2026-12-01', 'Europe/London').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
  it('an instant late on 22 Nov UTC is already 23 Nov in India', () => {
    expect(zonedIsoDate(new Date('2026-11-22T23:25:00Z'), 'Asia/Kolkata')).toBe('2026-11-23');
  });
  it('a datetime-local value is a wall-clock time of the zone, and back', () => {
    expect(zonedWallTimeToInstant('2026-03-05T14:30', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-03-05T09:00:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-07-01T00:15', 'Europe/London')?.toISOString()).toBe(
      '2026-06-30T23:15:00.000Z',
    );
    expect(zonedWallTime(new Date('2026-03-05T09:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-05T14:30');
    expect(zonedWallTime(new Date('2026-03-05T18:45:00Z'), 'Asia/Kolkata')).toBe('2026-03-06T00:15');
    expect(zonedWallTimeToInstant('5 March', 'Asia/Kolkata')).toBeNull();
  });
});
