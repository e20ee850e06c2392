import type { Payout } from '@zevar/domain';
import { formatDate, formatInr } from '../lib/format';

const COLUMNS = [
  'Date',
  'Amount',
  'Products Sold',
  'Orders',
  'Gross Sales',
  'Reversals',
  'Net Sales',
  'Account Number',
  'Bank Name',
  'Account Holder Name',
  'IFSC Code',
] as const;

/**
 * A vendor's payouts, newest first as the server sends them; amounts in rupees (INR). The spec's
 * 'Revenue' column is named for what it holds: gross sales, then reversals and net sales beside it.
 */
export function PayoutHistoryTable({ payouts, caption }: { payouts: readonly Payout[]; caption?: string }) {
  if (payouts.length === 0) {
    return <p className="card px-6 py-10 text-center text-taupe">No payout history found</p>;
  }
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[68rem] text-left text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-cream text-xs tracking-wider text-taupe uppercase">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand">
          {payouts.map((p) => (
            <tr key={p.id}>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(p.payoutDate)}</td>
              <td className="px-4 py-3 font-semibold whitespace-nowrap">{formatInr(p.amount)}</td>
              <td className="px-4 py-3">{p.productCount}</td>
              <td className="px-4 py-3">{p.orderCount}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatInr(p.revenue)}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {p.reversals > 0 ? `${formatInr(p.reversals)} (${p.reversedUnits} pcs)` : formatInr(0)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{formatInr(p.netSales)}</td>
              <td className="px-4 py-3">{p.bankDetails.accountNumber ?? '—'}</td>
              <td className="px-4 py-3">{p.bankDetails.bankName ?? '—'}</td>
              <td className="px-4 py-3">{p.bankDetails.accountHolderName ?? '—'}</td>
              <td className="px-4 py-3">{p.bankDetails.ifscCode ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
