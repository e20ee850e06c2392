import type { Statement } from '@zevar/domain';
import { StackedCell, StackedRow, StackedTable } from '../../components/StackedTable';
import { formatDate, formatInr } from '../../lib/format';
import { PAYOUT_STATUS_TEXT } from './settlement-api';

/** A balance that may be negative: shown as owed by the reseller. */
export function balanceText(rupees: number): string {
  return rupees < 0 ? `${formatInr(-rupees)} owed` : formatInr(rupees);
}

/** When an order's commission is (or was) released, relative to `now`. */
function releaseText(releasedOn: string | null, now: Date): string {
  if (!releasedOn) return 'Held until delivered';
  return new Date(releasedOn).getTime() <= now.getTime()
    ? `Released ${formatDate(releasedOn)}`
    : `Held until ${formatDate(releasedOn)}`;
}

/**
 * One month of a reseller's statement (issue 24 item 7): the figures from opening to closing balance,
 * then the orders and the payouts. Tables stack into cards on a phone.
 */
export function StatementView({ statement: s, now }: { statement: Statement; now: Date }) {
  const figures: [string, string][] = [
    ['Opening balance', balanceText(s.openingBalance)],
    ['Commission earned', formatInr(s.earned)],
    [
      'Reversals (refunds, cancellations, returns)',
      s.reversals > 0 ? `− ${formatInr(s.reversals)}` : formatInr(0),
    ],
    ['Released from hold', formatInr(s.released)],
    ['Still held at month end', formatInr(s.heldAtEnd)],
    ['TDS deducted', formatInr(s.tds)],
    ['GST on commission', formatInr(s.gst)],
    ['Paid to your bank', formatInr(s.paid)],
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="statement-summary" className="card p-4 sm:p-6">
        <h3 id="statement-summary" className="sr-only">
          Summary
        </h3>
        <dl className="divide-y divide-sand text-sm">
          {figures.map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4 py-2">
              <dt className="text-taupe">{term}</dt>
              <dd className="text-right font-medium whitespace-nowrap">{value}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 pt-3 text-base">
            <dt className="font-semibold">Closing balance</dt>
            <dd
              className={`text-right font-semibold whitespace-nowrap ${s.closingBalance < 0 ? 'text-red-700' : ''}`}
            >
              {balanceText(s.closingBalance)}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="statement-orders" className="space-y-2">
        <h3 id="statement-orders" className="text-lg font-semibold">
          Orders and commission
        </h3>
        {s.orders.length === 0 ? (
          <p className="card p-4 text-taupe">No orders this month.</p>
        ) : (
          <StackedTable
            headers={['Order', 'Date', 'Commission', 'Reversed', 'Hold']}
            minWidth="sm:min-w-[40rem]"
          >
            {s.orders.map((o) => (
              <StackedRow key={o.orderNumber}>
                <StackedCell label="Order" className="font-medium">
                  {o.orderNumber}
                </StackedCell>
                <StackedCell label="Date">{formatDate(o.at)}</StackedCell>
                <StackedCell label="Commission">{formatInr(o.commission)}</StackedCell>
                <StackedCell label="Reversed">
                  {o.reversed > 0 ? `− ${formatInr(o.reversed)}` : '—'}
                </StackedCell>
                <StackedCell label="Hold">{releaseText(o.releasedOn, now)}</StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </section>

      <section aria-labelledby="statement-payouts" className="space-y-2">
        <h3 id="statement-payouts" className="text-lg font-semibold">
          Payouts
        </h3>
        {s.payouts.length === 0 ? (
          <p className="card p-4 text-taupe">No payouts this month.</p>
        ) : (
          <StackedTable
            headers={['Date', 'Commission', 'TDS', 'GST', 'Net paid', 'Status', 'Reference']}
            minWidth="sm:min-w-[48rem]"
          >
            {s.payouts.map((p) => (
              <StackedRow key={p.payoutId}>
                <StackedCell label="Date">{formatDate(p.at)}</StackedCell>
                <StackedCell label="Commission">{formatInr(p.commission)}</StackedCell>
                <StackedCell label="TDS">{p.tds > 0 ? `− ${formatInr(p.tds)}` : formatInr(0)}</StackedCell>
                <StackedCell label="GST">{formatInr(p.gst)}</StackedCell>
                <StackedCell label="Net paid" className="font-semibold">
                  {formatInr(p.net)}
                </StackedCell>
                <StackedCell label="Status">{PAYOUT_STATUS_TEXT[p.status]}</StackedCell>
                <StackedCell label="Reference" className="break-all">
                  {p.reference ?? '—'}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </section>
    </div>
  );
}
