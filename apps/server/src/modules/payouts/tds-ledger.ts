import { and, asc, eq, isNull } from 'drizzle-orm';
import { paiseToRupees, type TdsEntry } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { tdsEntries } from '../../db/schema';
import { namesOf } from './settlement.read-model';

/**
 * The TDS ledger (issue 24 item 6): deductions of payouts that went out (a failed, reversed or
 * cancelled payout's entry is cancelled and left out), per financial year, quarter and reseller.
 */
export async function tdsLedger(
  db: DbOrTx,
  filter: { fy: string; quarter?: 'Q1' | 'Q2' | 'Q3' | 'Q4'; vendorId?: number },
): Promise<TdsEntry[]> {
  const rows = await db
    .select()
    .from(tdsEntries)
    .where(
      and(
        eq(tdsEntries.financialYear, filter.fy),
        filter.quarter ? eq(tdsEntries.quarter, filter.quarter) : undefined,
        filter.vendorId ? eq(tdsEntries.vendorId, filter.vendorId) : undefined,
        isNull(tdsEntries.cancelledAt),
      ),
    )
    .orderBy(asc(tdsEntries.deductedAt), asc(tdsEntries.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.vendorId),
  );
  return rows.map((r) => ({
    id: r.id,
    vendorId: r.vendorId,
    vendorName: r.legalName || (names.get(r.vendorId) ?? ''),
    payoutId: r.payoutId,
    financialYear: r.financialYear,
    quarter: r.quarter,
    pan: r.pan,
    panStatus: r.panStatus,
    section: r.section,
    ratePercent: r.rateBasisPoints / 100,
    base: paiseToRupees(r.basePaise),
    amount: paiseToRupees(r.amountPaise),
    deductedOn: r.deductedAt.toISOString(),
  }));
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quote every text cell; a leading formula character is defused (CSV injection).
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};
const amount = (rupees: number) => rupees.toFixed(2);

/**
 * The deductee rows of the quarterly TDS return (Form 26Q's annexure under the 1961 Act) as CSV, one
 * row per deduction: deductee code (01 company, 02 other, from the PAN's fourth letter), PAN
 * ('PANNOTAVBL' when none), name, section, dates, amount paid or credited, tax, rate, and the reason
 * code 'C' for a deduction at the higher rate for want of a PAN.
 */
export function tdsReturnCsv(entries: TdsEntry[], isoDay: (iso: string) => string): string {
  const header = [
    'Sr No',
    'Deductee Code',
    'PAN of Deductee',
    'Name of Deductee',
    'Section',
    'Date of Payment or Credit',
    'Amount Paid or Credited',
    'TDS',
    'Surcharge',
    'Education Cess',
    'Total Tax Deducted',
    'Date of Deduction',
    'Rate of Deduction (%)',
    'Reason for Higher Deduction',
    'Payout Reference',
  ];
  const lines = entries.map((e, i) => {
    const pan = e.panStatus === 'VALID' && e.pan ? e.pan : 'PANNOTAVBL';
    const code = pan[3] === 'C' ? '01' : '02';
    const day = isoDay(e.deductedOn);
    return [
      i + 1,
      code,
      pan,
      e.vendorName,
      e.section,
      day,
      amount(e.base),
      amount(e.amount),
      amount(0),
      amount(0),
      amount(e.amount),
      day,
      e.ratePercent.toFixed(2),
      pan === 'PANNOTAVBL' || e.panStatus !== 'VALID' ? 'C' : '',
      `zevar_payout_${e.payoutId}`,
    ]
      .map(csvCell)
      .join(',');
  });
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}
