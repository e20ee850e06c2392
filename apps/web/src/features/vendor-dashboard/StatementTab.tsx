import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User, VendorPosition } from '@zevar/domain';
import { DownloadButton } from '../../components/DownloadButton';
import { PageSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';
import { formatInr } from '../../lib/format';
import { StatementView } from './StatementView';
import { TdsCertificates } from './TdsCertificates';
import { fetchStatement } from '../../lib/statement-api';
import { fetchPosition, monthLabel, positionQueryKey, recentMonths } from './settlement-api';

/** How many months back the picker offers. */
const MONTHS_SHOWN = 24;

/**
 * Statement tab (issue 24 item 7): the balance now (held, payable or owed) and why payouts are on
 * hold, then a month's statement with its PDF, and the TDS deducted with its certificates.
 */
export default function StatementTab({ vendor, now = new Date() }: { vendor: User; now?: Date }) {
  const months = recentMonths(now, MONTHS_SHOWN);
  const [month, setMonth] = useState(months[0]!);
  const pickerId = useId();
  const position = useQuery({
    queryKey: positionQueryKey(vendor.id),
    queryFn: () => fetchPosition(vendor.id),
  });
  const statement = useQuery({
    queryKey: ['settlement', vendor.id, 'statement', month],
    queryFn: () => fetchStatement(vendor.id, month),
  });

  return (
    <section aria-labelledby="statement-title" className="space-y-6">
      <h2 id="statement-title" className="text-2xl font-semibold">
        Statement
      </h2>
      {position.data ? (
        <BalanceCards position={position.data} />
      ) : position.isError ? (
        <p role="alert" className="text-red-800">
          Failed to load your balance: {errorMessage(position.error)}
        </p>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={pickerId} className="label">
            Month
          </label>
          <select id={pickerId} className="input" value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </div>
        <DownloadButton
          disabled={!statement.data}
          download={() =>
            downloadFile(
              `/settlement/vendor/${vendor.id}/statement.pdf`,
              `statement-${month}-${vendor.id}.pdf`,
              { query: { month } },
            )
          }
        >
          Download PDF
        </DownloadButton>
      </div>

      {statement.isError ? (
        <p role="alert" className="card p-4 text-red-800">
          Failed to load the statement: {errorMessage(statement.error)}
        </p>
      ) : statement.data ? (
        <StatementView statement={statement.data} now={now} />
      ) : (
        <PageSpinner label="Loading the statement..." />
      )}

      <TdsCertificates vendorId={vendor.id} now={now} />
    </section>
  );
}

function BalanceCards({ position: p }: { position: VendorPosition }) {
  const owes = p.owed > 0;
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="card p-4">
          <dt className="text-sm text-taupe">Held</dt>
          <dd className="text-2xl font-semibold">{formatInr(p.held)}</dd>
          <dd className="mt-1 text-xs text-taupe">
            Commission on orders not yet delivered, or delivered and still inside the hold period.
          </dd>
        </div>
        <div className={`card p-4 ${owes ? 'border-red-300 bg-red-50' : ''}`}>
          <dt className="text-sm text-taupe">{owes ? 'Owed by you' : 'Payable'}</dt>
          <dd className={`text-2xl font-semibold ${owes ? 'text-red-700' : ''}`}>
            {formatInr(owes ? p.owed : p.payable)}
          </dd>
          <dd className="mt-1 text-xs text-taupe">
            {owes
              ? 'Commission reversed after it was paid: it is taken from your next payouts.'
              : 'Released from hold and waiting for the next payout.'}
          </dd>
        </div>
      </dl>
      {p.payoutsHeldBecause && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Payouts on hold:</strong> {p.payoutsHeldBecause}
        </p>
      )}
    </div>
  );
}
