import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  formatZonedDate,
  zonedDayStart,
  zonedIsoDate,
  zonedWallTime,
  zonedWallTimeToInstant,
  type ZonedDateStyle,
} from './time';

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

describe('dates written the Indian way', () => {
  const intl: Record<ZonedDateStyle, Intl.DateTimeFormatOptions> = {
    date: { day: 'numeric', month: 'short', year: 'numeric' },
    longDate: { day: 'numeric', month: 'long', year: 'numeric' },
    dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  };
  const styles = fc.constantFrom<ZonedDateStyle>('date', 'longDate', 'dateTime');
  const instants = fc.date({
    min: new Date('1950-01-01T00:00:00Z'),
    max: new Date('2200-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('writes India time without Intl exactly as Intl writes it', () => {
    expect(formatZonedDate(new Date('2026-09-05T08:05:00Z'), 'Asia/Kolkata', 'dateTime')).toBe(
      '5 Sept 2026, 1:35 pm',
    );
    expect(formatZonedDate(new Date('2026-12-31T18:29:00Z'), 'Asia/Kolkata', 'dateTime')).toBe(
      '31 Dec 2026, 11:59 pm',
    );
    expect(formatZonedDate(new Date('2026-06-15T06:30:00Z'), 'Asia/Kolkata', 'dateTime')).toBe(
      '15 Jun 2026, 12:00 pm',
    );
    fc.assert(
      fc.property(
        instants,
        styles,
        fc.constantFrom('Asia/Kolkata', 'Asia/Calcutta', 'UTC', 'Etc/UTC'),
        (at, style, zone) => {
          expect(formatZonedDate(at, zone, style)).toBe(
            at.toLocaleString('en-IN', { ...intl[style], timeZone: zone }),
          );
        },
      ),
      { numRuns: 3000 },
    );
    // 3,000 Intl comparisons: seconds on a loaded machine, so more than the default 5 s.
  }, 30_000);

  it('asks Intl for zones with daylight saving time', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    expect(formatZonedDate(at, 'America/New_York', 'dateTime')).toBe(
      at.toLocaleString('en-IN', { ...intl.dateTime, timeZone: 'America/New_York' }),
    );
  });
});

describe('timezone names', () => {
  it('knows an IANA zone and refuses anything else, the same answer when asked again', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(isTimeZone('Asia/Kolkata')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('Asia/Atlantis')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
  });
});
