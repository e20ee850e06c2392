/**
 * One business timezone for every date shown, filtered or written in a message (issue 9). The server
 * reads `BUSINESS_TIMEZONE`; this is its default and the zone the web app formats in.
 */
export const DEFAULT_BUSINESS_TIMEZONE = 'Asia/Kolkata';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at `instant` (330 for Asia/Kolkata). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The instant a calendar day ('2026-11-22') starts in the zone. */
export function zonedDayStart(isoDate: string, timeZone: string): Date {
  const [y, mo, d] = isoDate.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, mo - 1, d);
  let start = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  start = utcMidnight - offsetMinutes(new Date(start), timeZone) * 60_000;
  return new Date(start);
}

/** The calendar day ('2026-11-23') an instant falls on in the zone. */
export function zonedIsoDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
