import { z } from 'zod';
import {
  financialYearOfDay,
  ifscLookupSchema,
  kycSchema,
  tdsEntrySchema,
  vendorPositionSchema,
  type KycSubmission,
  type PayoutLineStatus,
} from '@zevar/domain';
import { api } from '../../lib/api';
import { toIsoDate } from '../../lib/format';

/** The reseller's KYC, balance, statements and TDS (issue 24): the calls the two tabs make. */

export const kycQueryKey = ['kyc', 'me'] as const;
export const positionQueryKey = (vendorId: number) => ['settlement', vendorId, 'balance'] as const;

/** GET /api/kyc/me: null until the reseller submits. */
export async function fetchKyc() {
  return (await api.get('/kyc/me', { schema: z.object({ kyc: kycSchema.nullable() }) })).kyc;
}

/** PUT /api/kyc/me. */
export function submitKyc(input: KycSubmission) {
  return api.put('/kyc/me', input, { schema: kycSchema });
}

/** GET /api/kyc/ifsc/{code}: the bank of an IFSC from the bundled RBI directory (404: no such branch). */
export function lookUpIfsc(code: string) {
  return api.get(`/kyc/ifsc/${encodeURIComponent(code)}`, { schema: ifscLookupSchema });
}

export function fetchPosition(vendorId: number) {
  return api.get(`/settlement/vendor/${vendorId}/balance`, { schema: vendorPositionSchema });
}

export function fetchTdsEntries(vendorId: number, fy: string) {
  return api.get(`/tds/vendor/${vendorId}/entries`, { query: { fy }, schema: z.array(tdsEntrySchema) });
}

/** This month (YYYY-MM) and the `count - 1` before it, newest first, in the business timezone. */
export function recentMonths(now: Date, count: number): string[] {
  const [y, m] = toIsoDate(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** This financial year (2026-27) and the `count - 1` before it, newest first. */
export function recentFinancialYears(now: Date, count: number): string[] {
  const start = Number(financialYearOfDay(toIsoDate(now)).slice(0, 4));
  return Array.from({ length: count }, (_, i) => {
    const y = start - i;
    return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  });
}

export const PAYOUT_STATUS_TEXT: Record<PayoutLineStatus, string> = {
  PENDING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Approved',
  SENDING: 'Sending',
  QUEUED: 'Queued at the bank',
  PROCESSING: 'Processing',
  PROCESSED: 'Paid',
  FAILED: 'Failed (back in your balance)',
  REVERSED: 'Reversed (back in your balance)',
  CANCELLED: 'Cancelled',
};
