import { and, asc, eq, isNull } from 'drizzle-orm';
import { paiseToRupees, type TdsEntry } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { tdsChallans, tdsEntries } from '../../db/schema';
import { namesOf } from './settlement.read-model';

/**
 * The TDS ledger (issue 24 item 6): deductions of payouts that went out (a failed, reversed or
 * cancelled payout's entry is cancelled and left out), per financial year, quarter and reseller.
 */
export async function tdsLedger(
  db: DbOrTx,
  filter: { fy: string; quarter?: 'Q1' | 'Q2' | 'Q3' | 'Q4'; vendorId?: number },
): Promise<TdsEntry[]> {
  const found = await db
    .select({ entry: tdsEntries, challan: tdsChallans })
    .from(tdsEntries)
    .leftJoin(tdsChallans, eq(tdsChallans.id, tdsEntries.challanId))
    .where(
      and(
        eq(tdsEntries.financialYear, filter.fy),
        filter.quarter ? eq(tdsEntries.quarter, filter.quarter) : undefined,
        filter.vendorId ? eq(tdsEntries.vendorId, filter.vendorId) : undefined,
        isNull(tdsEntries.cancelledAt),
      ),
    )
    .orderBy(asc(tdsEntries.deductedAt), asc(tdsEntries.id));
  const rows = found.map((f) => ({ ...f.entry, challan: f.challan }));
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
    challan: r.challan
      ? {
          id: r.challan.id,
          bsrCode: r.challan.bsrCode,
          challanSerial: r.challan.challanSerial,
          depositedOn: r.challan.depositedOn,
        }
      : null,
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
 * The deductee rows of the quarterly TDS return (the deductee annexure of Form 26Q under the 1961 Act)
 * as CSV, one row per deduction, in the order of the return's columns: deductee reference (ours: the
 * reseller's id), deductee code (01 company, 02 other, from the PAN's fourth letter), PAN
 * ('PANNOTAVBL' when none was given), name, section, date of payment or credit, amount paid or
 * credited (to the paisa: it is not rounded), rate, tax deducted (whole rupees, as deducted), tax
 * deposited, date of deduction, the challan it was deposited with (BSR code, date of deposit, challan
 * serial number; empty while not deposited), and the reason code 'C' for a deduction at the higher
 * rate for want of a valid PAN (missing or inoperative). Decision 0067.
 */
export function tdsReturnCsv(entries: TdsEntry[], isoDay: (iso: string) => string): string {
  const header = [
    'Sr No',
    'Deductee Reference No',
    'Deductee Code',
    'PAN of Deductee',
    'Name of Deductee',
    'Section Code',
    'Date of Payment or Credit',
    'Amount Paid or Credited',
    'Rate of Deduction (%)',
    'TDS',
    'Surcharge',
    'Education Cess',
    'Total Tax Deducted',
    'Total Tax Deposited',
    'Date of Deduction',
    'BSR Code',
    'Date of Deposit',
    'Challan Serial No',
    'Reason for Non or Lower or Higher Deduction',
    'Payout Reference',
  ];
  const lines = entries.map((e, i) => {
    const pan = e.panStatus === 'MISSING' || !e.pan ? 'PANNOTAVBL' : e.pan;
    const code = pan[3] === 'C' ? '01' : '02';
    const day = isoDay(e.deductedOn);
    return [
      i + 1,
      String(e.vendorId),
      code,
      pan,
      e.vendorName,
      e.section,
      day,
      amount(e.base),
      e.ratePercent.toFixed(2),
      amount(e.amount),
      amount(0),
      amount(0),
      amount(e.amount),
      amount(e.challan ? e.amount : 0),
      day,
      e.challan?.bsrCode ?? '',
      e.challan?.depositedOn ?? '',
      e.challan?.challanSerial ?? '',
      e.panStatus !== 'VALID' ? 'C' : '',
      `zevar_payout_${e.payoutId}`,
    ]
      .map(csvCell)
      .join(',');
  });
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}
