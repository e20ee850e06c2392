/**
 * Display formatting for India: en-IN grouping, rupee sign, day-month-year dates, always in the
 * business timezone whatever the browser's (docs/decisions/0012-money-ledger-refunds.md).
 */
import { DEFAULT_BUSINESS_TIMEZONE } from '@zevar/domain';

export { formatInr } from '@zevar/domain';
const timeZone = DEFAULT_BUSINESS_TIMEZONE;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '5 Mar 2026'; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone })
    : '';
}

/** '5 March 2026' (the long format); '' for a missing or invalid date. */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone })
    : '';
}

/** '5 Mar 2026, 2:30 pm'; '' for a missing or invalid date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      })
    : '';
}
