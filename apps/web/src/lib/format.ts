/**
 * Display formatting for India: en-IN grouping, rupee sign, day-month-year dates, always in the
 * business timezone the server is configured with, whatever the browser's (lib/business-timezone.ts).
 */
import { formatZonedDate, zonedIsoDate, zonedWallTime, zonedWallTimeToInstant } from '@zevar/domain';
import { businessTimeZone } from './business-timezone';

export { formatInr } from '@zevar/domain';

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 Mar 2026'; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatZonedDate(date, businessTimeZone(), 'date') : '';
}

/** '5 March 2026' (the long format); '' for a missing or invalid date. */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatZonedDate(date, businessTimeZone(), 'longDate') : '';
}

/** '5 Mar 2026, 2:30 pm'; '' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatZonedDate(date, businessTimeZone(), 'dateTime') : '';
}

/** yyyy-MM-dd of the business timezone, the form the API's date filters take. */
export function toIsoDate(value: Date): string {
  return zonedIsoDate(value, businessTimeZone());
}

/** An instant as a datetime-local input's value, in the business timezone ('' for none). */
export function toZonedInput(value: string | Date | null | undefined): string {
  const date = toDate(value ?? null);
  return date ? zonedWallTime(date, businessTimeZone()) : '';
}

/** A datetime-local input's value, read in the business timezone; null when it is not a time. */
export function fromZonedInput(local: string): Date | null {
  return zonedWallTimeToInstant(local, businessTimeZone());
}

/**
 * A name shown as a heading or label (a shop's or a vendor's): its hyphens become non-breaking
 * (U+2011), so 'Shree-Lakshmi Jewellers' wraps between words, never after 'Shree-'. Pair it with
 * `break-words`, which still breaks a single word too long for the line.
 */
export function keepHyphens(name: string): string {
  return name.replace(/-/g, '\u2011');
}
