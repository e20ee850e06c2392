import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { zonedIsoDate } from '@zevar/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { Spinner } from '../../../components/Spinner';
import { businessTimeZone } from '../../../lib/business-timezone';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDate, formatInr } from '../../../lib/format';
import { LINE_STATUS_LABELS } from './payout-labels';
import { settlementApi } from './settlement-api';

const thisMonth = () => zonedIsoDate(new Date(), businessTimeZone()).slice(0, 7);

/** A reseller's monthly statement as the admin sees it (the same figures the reseller sees), with its PDF. */
export function StatementPanel({
  vendorId,
  vendorName,
  onClose,
}: {
  vendorId: number;
  vendorName: string;
  onClose: () => void;
}) {
  const [month, setMonth] = useState(thisMonth);
  const statement = useQuery({
    queryKey: ['settlement', 'statement', vendorId, month],
    queryFn: () => settlementApi.statement(vendorId, month),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
  const s = statement.data;
  const titleId = `statement-${vendorId}`;
  const figures: [string, number][] = s
    ? [
        ['Opening balance', s.openingBalance],
        ['Commission earned', s.earned],
        ['Reversals', -s.reversals],
        ['Released from hold', s.released],
        ['Held at month end', s.heldAtEnd],
        ['TDS deducted', -s.tds],
        ['GST on commission', s.gst],
        ['Paid', -s.paid],
        ['Closing balance', s.closingBalance],
      ]
    : [];
  return (
    <article aria-labelledby={titleId} className="card space-y-4 p-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id={titleId} className="text-xl font-semibold">
          Statement of {vendorName}
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm font-medium">
            Month
            <input
              type="month"
              className="input mt-1"
              value={month}
              max={thisMonth()}
              onChange={(e) => setMonth(e.target.value)}
            />
          </label>
          <DownloadButton download={() => settlementApi.downloadStatement(vendorId, month)}>
            Download PDF
          </DownloadButton>
          <button type="button" className="btn-outline" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      {statement.isPending && statement.fetchStatus !== 'idle' && <Spinner label="Loading statement..." />}
      {statement.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessageOr(statement.error, 'Failed to load the statement')}
        </p>
      )}
      {s && (
        <>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-2 border-b border-sand py-1">
                <dt className="text-taupe">{label}</dt>
                <dd className={`tabular-nums ${label === 'Closing balance' ? 'font-semibold' : ''}`}>
                  {formatInr(value)}
                </dd>
              </div>
            ))}
          </dl>
          {s.closingBalance < 0 && (
            <p className="text-sm font-semibold text-red-700">
              The reseller owes {formatInr(-s.closingBalance)}: it is netted against the next payout.
            </p>
          )}
          <div>
            <h4 className="font-semibold">Orders</h4>
            {s.orders.length === 0 ? (
              <p className="text-sm text-taupe">No orders this month</p>
            ) : (
              <ul className="divide-y divide-sand text-sm">
                {s.orders.map((o) => (
                  <li key={o.orderNumber} className="flex flex-wrap justify-between gap-2 py-1">
                    <span>
                      {o.orderNumber} · {formatDate(o.at)}
                      {o.releasedOn ? ` · released ${formatDate(o.releasedOn)}` : ' · held'}
                    </span>
                    <span className="tabular-nums">
                      {formatInr(o.commission)}
                      {o.reversed > 0 ? ` (reversed ${formatInr(o.reversed)})` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h4 className="font-semibold">Payouts</h4>
            {s.payouts.length === 0 ? (
              <p className="text-sm text-taupe">No payouts this month</p>
            ) : (
              <ul className="divide-y divide-sand text-sm">
                {s.payouts.map((p) => (
                  <li key={p.payoutId} className="flex flex-wrap justify-between gap-2 py-1">
                    <span>
                      {formatDate(p.at)} · {LINE_STATUS_LABELS[p.status]}
                      {p.reference ? ` · ${p.reference}` : ''}
                    </span>
                    <span className="tabular-nums">
                      {formatInr(p.net)} (TDS {formatInr(p.tds)}, GST {formatInr(p.gst)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </article>
  );
}
