import { useState } from 'react';
import type { PayoutRun, PayoutRunLine } from '@zevar/domain';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { formatInr } from '../../../lib/format';
import { LINE_STATUS_LABELS, LINE_STATUS_TONE } from './payout-labels';

const HEADERS = [
  'Reseller',
  'Earnings',
  'Reversals netted',
  'TDS',
  'GST on commission',
  'Net',
  'Status',
  'Reference',
];

/** The lines of a payout run: what each reseller earned, had netted and deducted, is paid, and how it went. */
export function PayoutRunLines({
  run,
  busy,
  onUtr,
}: {
  run: PayoutRun;
  busy: boolean;
  onUtr: (payoutId: number, utr: string) => Promise<unknown>;
}) {
  if (run.lines.length === 0) return <p className="text-sm text-taupe">No reseller in this run</p>;
  return (
    <StackedTable headers={HEADERS} minWidth="sm:min-w-[900px]">
      {run.lines.map((line) => (
        <StackedRow key={line.payoutId}>
          <StackedCell label="Reseller">
            <span className="font-semibold">{line.vendorName}</span>
          </StackedCell>
          <StackedCell label="Earnings">
            <span className="tabular-nums">{formatInr(line.earnings)}</span>
          </StackedCell>
          <StackedCell label="Reversals">
            <span className="tabular-nums">
              {line.reversalsNetted > 0 ? `−${formatInr(line.reversalsNetted)}` : formatInr(0)}
            </span>
          </StackedCell>
          <StackedCell label="TDS">
            <span className="tabular-nums">{formatInr(line.tds)}</span>
            {line.tds > 0 && (
              <span className="block text-xs text-taupe">
                {line.tdsRatePercent} % u/s {line.tdsSection}
              </span>
            )}
          </StackedCell>
          <StackedCell label="GST">
            <span className="tabular-nums">{formatInr(line.gst)}</span>
          </StackedCell>
          <StackedCell label="Net">
            <strong className="tabular-nums">{formatInr(line.net)}</strong>
          </StackedCell>
          <StackedCell label="Status">
            <span
              className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${LINE_STATUS_TONE[line.status] ?? 'bg-sky-100 text-sky-900'}`}
            >
              {run.provider === 'manual' && line.status === 'QUEUED'
                ? 'Waiting for bank transfer'
                : LINE_STATUS_LABELS[line.status]}
            </span>
          </StackedCell>
          <StackedCell label="Reference">
            <LineReference line={line} manual={run.provider === 'manual'} busy={busy} onUtr={onUtr} />
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

function LineReference({
  line,
  manual,
  busy,
  onUtr,
}: {
  line: PayoutRunLine;
  manual: boolean;
  busy: boolean;
  onUtr: (payoutId: number, utr: string) => Promise<unknown>;
}) {
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string | null>(null);
  const waiting = manual && (line.status === 'QUEUED' || line.status === 'PROCESSING');
  if (waiting) {
    const id = `utr-${line.payoutId}`;
    return (
      <form
        className="flex flex-wrap items-start gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = utr.trim();
          if (!/^[A-Za-z0-9]{6,30}$/.test(value)) {
            setError('A UTR is 6 to 30 letters and digits');
            return;
          }
          setError(null);
          void onUtr(line.payoutId, value).catch(() => undefined);
        }}
      >
        <label htmlFor={id} className="sr-only">
          UTR for {line.vendorName}
        </label>
        <input
          id={id}
          className="input w-40"
          placeholder="UTR"
          value={utr}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setUtr(e.target.value)}
        />
        <button type="submit" className="btn-outline" disabled={busy}>
          Record UTR
        </button>
        {error && (
          <span id={`${id}-error`} className="w-full text-xs text-red-700">
            {error}
          </span>
        )}
      </form>
    );
  }
  return (
    <span className="text-xs break-all">
      {line.utr && <span className="block">UTR {line.utr}</span>}
      {line.failureReason && <span className="block text-red-700">{line.failureReason}</span>}
      {!line.utr && !line.failureReason && '—'}
    </span>
  );
}
