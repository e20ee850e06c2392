/**
 * One business timezone for every date shown, filtered or written in a message (issue 9). The server
 * reads `BUSINESS_TIMEZONE`; this is its default and the zone the web app formats in.
 */
export const DEFAULT_BUSINESS_TIMEZONE = 'Asia/Kolkata';

/** Names already asked about: building an `Intl.DateTimeFormat` costs about a millisecond. */
const checkedZones = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  const known = checkedZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  // A handful of names in practice (the configured zone); bounded all the same.
  if (checkedZones.size < 64) checkedZones.set(zone, valid);
  return valid;
}

/**
 * One formatter per zone and shape, made once: building an `Intl.DateTimeFormat` costs far more than
 * formatting with one (about 1 ms of CPU per paid order went to building them: decision 0089).
 * A handful of zones in practice (the configured one); bounded all the same.
 */
function formatterCache(options: Intl.DateTimeFormatOptions, locale: string) {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let f = byZone.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (byZone.size < 64) byZone.set(timeZone, f);
    }
    return f;
  };
}
const offsetFormat = formatterCache({ timeZoneName: 'longOffset' }, 'en-US');
const isoDateFormat = formatterCache({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');

/** Minutes the zone is ahead of UTC at `instant` (330 for Asia/Kolkata). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const name = offsetFormat(timeZone)
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
  return isoDateFormat(timeZone).format(instant);
}

/**
 * The instant a wall-clock time of the zone stands for: '2026-03-05T14:30' (a datetime-local
 * value) in Asia/Kolkata is 09:00 UTC. Null for a value that is not such a time.
 */
export function zonedWallTimeToInstant(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Number.isNaN(asUtc)) return null;
  // Two passes settle the offset around a daylight-saving change, as in zonedDayStart.
  let instant = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  instant = asUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The zone's wall-clock time of an instant, as a datetime-local value ('2026-03-05T14:30'). */
export function zonedWallTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * Zones whose offset from UTC has not changed in living memory (India's since 1945): their dates are
 * written without Intl, whose first use costs a phone tens of milliseconds. Other zones use Intl.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  UTC: 0,
  'Etc/UTC': 0,
};

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type ZonedDateStyle = 'date' | 'longDate' | 'dateTime';

const INTL_OPTIONS: Record<ZonedDateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/**
 * An instant as India writes it, in `timeZone`: '5 Sept 2026' (date), '5 September 2026' (longDate),
 * '5 Sept 2026, 1:35 pm' (dateTime); the same text as `toLocaleString('en-IN', …)`.
 */
export function formatZonedDate(instant: Date, timeZone: string, style: ZonedDateStyle): string {
  const offset = FIXED_OFFSET_MINUTES[timeZone];
  if (offset === undefined || Number.isNaN(instant.getTime()))
    return instant.toLocaleString('en-IN', { ...INTL_OPTIONS[style], timeZone });
  const local = new Date(instant.getTime() + offset * 60_000);
  const months = style === 'longDate' ? LONG_MONTHS : SHORT_MONTHS;
  const date = `${local.getUTCDate()} ${months[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
  if (style !== 'dateTime') return date;
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${date}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}
