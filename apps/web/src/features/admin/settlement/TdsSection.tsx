import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { financialYearOf, maskPan, type TdsEntry } from '@zevar/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { businessTimeZone } from '../../../lib/business-timezone';
import { formatDate, formatInr } from '../../../lib/format';
import { SETTLEMENT_MSG, settlementApi, type TdsQuarter } from './settlement-api';
import { TdsDeposits } from './TdsDeposits';

const QUARTERS: { key: TdsQuarter; label: string }[] = [
  { key: 'Q1', label: 'Q1 (April–June)' },
  { key: 'Q2', label: 'Q2 (July–September)' },
  { key: 'Q3', label: 'Q3 (October–December)' },
  { key: 'Q4', label: 'Q4 (January–March)' },
];

/** This financial year and the four before it, newest first ('2026-27', '2025-26', ...). */
function recentYears(): string[] {
  const start = Number(financialYearOf(new Date(), businessTimeZone()).slice(0, 4));
  return Array.from(
    { length: 5 },
    (_, i) => `${start - i}-${String((start - i + 1) % 100).padStart(2, '0')}`,
  );
}

/** The resellers in the ledger, once each, in the order they first appear. */
function resellersOf(entries: TdsEntry[]): { vendorId: number; vendorName: string; amount: number }[] {
  const by = new Map<number, { vendorId: number; vendorName: string; amount: number }>();
  for (const e of entries) {
    const r = by.get(e.vendorId) ?? { vendorId: e.vendorId, vendorName: e.vendorName, amount: 0 };
    r.amount += e.amount;
    by.set(e.vendorId, r);
  }
  return [...by.values()];
}

/** TDS (issue 24 item 6): every deduction by financial year and quarter, the quarterly return and certificates. */
export default function TdsSection() {
  const years = recentYears();
  const [fy, setFy] = useState(years[0]!);
  const [quarter, setQuarter] = useState<TdsQuarter | ''>('');
  const entries = useQuery({
    queryKey: ['tds', fy, quarter],
    queryFn: () => settlementApi.tdsEntries(fy, quarter || undefined),
  });
  useLoadFailureDialog(entries.isError, SETTLEMENT_MSG.tdsLoadFailed);
  const rows = entries.data ?? [];
  const total = rows.reduce((sum, e) => sum + e.amount, 0);

  return (
    <section aria-labelledby="tds-title" className="space-y-4">
      <h2 id="tds-title" className="text-2xl font-semibold">
        TDS
      </h2>
      <p className="text-sm text-taupe">
        Tax deducted at source on resellers’ commission, per financial year and quarter. Deposit it by the 7th
        of the next month and file the quarterly return from the CSV.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Financial year
          <select className="input mt-1" value={fy} onChange={(e) => setFy(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium">
          Quarter
          <select
            className="input mt-1"
            value={quarter}
            onChange={(e) => setQuarter(e.target.value as TdsQuarter | '')}
          >
            <option value="">Whole year</option>
            {QUARTERS.map((q) => (
              <option key={q.key} value={q.key}>
                {q.label}
              </option>
            ))}
          </select>
        </label>
        <DownloadButton
          disabled={!quarter}
          download={() => settlementApi.downloadTdsReturn(fy, quarter as TdsQuarter)}
        >
          Download quarterly return (CSV)
        </DownloadButton>
        {!quarter && <span className="text-xs text-taupe">Choose a quarter to download its return</span>}
      </div>
      <TdsDeposits fy={fy} />
      {/* The ledger under its own heading: with nothing deducted, its empty line and the deposits' are
          two sections' answers, not one message said twice. */}
      <h3 id="tds-deductions-title" className="text-xl font-semibold">
        Deductions
      </h3>
      {entries.isPending && <PageSpinner label="Loading TDS ledger..." />}
      {entries.data?.length === 0 && (
        <p className="card p-6 text-center text-taupe">{SETTLEMENT_MSG.tdsEmpty}</p>
      )}
      {rows.length > 0 && (
        <>
          <StackedTable
            headers={['Reseller', 'PAN', 'Section', 'Rate', 'Commission', 'TDS', 'Payout', 'Deducted on']}
            minWidth="sm:min-w-[820px]"
          >
            {rows.map((e) => (
              <StackedRow key={e.id}>
                <StackedCell label="Reseller">
                  <span className="font-semibold">{e.vendorName}</span>
                </StackedCell>
                <StackedCell label="PAN">
                  {e.pan ? maskPan(e.pan) : 'No PAN'}
                  {e.panStatus !== 'VALID' && (
                    <span className="block text-xs text-red-700">{e.panStatus}</span>
                  )}
                </StackedCell>
                <StackedCell label="Section">{e.section}</StackedCell>
                <StackedCell label="Rate">{e.ratePercent} %</StackedCell>
                <StackedCell label="Commission">
                  <span className="tabular-nums">{formatInr(e.base)}</span>
                </StackedCell>
                <StackedCell label="TDS">
                  <strong className="tabular-nums">{formatInr(e.amount)}</strong>
                </StackedCell>
                <StackedCell label="Payout">#{e.payoutId}</StackedCell>
                <StackedCell label="Deducted on">
                  {formatDate(e.deductedOn)} ({e.quarter})
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <p className="text-right text-sm">
            Total deducted: <strong className="tabular-nums">{formatInr(total)}</strong>
          </p>
          <section aria-labelledby="certificates-title" className="space-y-2">
            <h3 id="certificates-title" className="text-xl font-semibold">
              Certificates
            </h3>
            <ul className="divide-y divide-sand rounded-lg border border-sand bg-white">
              {resellersOf(rows).map((r) => (
                <li key={r.vendorId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <span>
                    {r.vendorName} · {formatInr(r.amount)}
                  </span>
                  <DownloadButton
                    download={() =>
                      settlementApi.downloadTdsCertificate(r.vendorId, fy, quarter || undefined)
                    }
                  >
                    Certificate PDF<span className="sr-only"> of {r.vendorName}</span>
                  </DownloadButton>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
