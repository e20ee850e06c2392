import type { User } from '@zevar/domain';
import { formatDate, formatInr } from '../../lib/format';
import { currentPlan } from '../../lib/vendor-plan';

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="card p-5">
      <dt className="text-xs font-semibold tracking-widest text-taupe uppercase">{label}</dt>
      <dd className="mt-2 font-serif text-3xl font-semibold text-ink">{value}</dd>
      {note && <dd className="mt-2 text-xs text-gold-800">{note}</dd>}
    </div>
  );
}

/**
 * Total Products, Total Orders, Commission earned, Commission paid out, Owed back (only when refunds
 * reversed commission already paid out), Sales and Last Payout Date.
 * On the Free plan commission accrues but is payable only after upgrading, so it is not called earned
 * (docs/decisions/0012-money-ledger-refunds.md).
 */
export function StatCards({ vendor }: { vendor: User }) {
  const stats = vendor.vendorStats;
  const isFree = currentPlan(vendor) === 'FREE';
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard label="Total Products" value={String(stats?.productCount ?? 0)} />
      <StatCard label="Total Orders" value={String(stats?.orderCount ?? 0)} />
      <StatCard
        label={isFree ? 'Commission accrued' : 'Commission earned'}
        value={formatInr(stats?.revenue ?? 0)}
        note={isFree ? 'Upgrade your plan to start earning commission on your sales.' : undefined}
      />
      <StatCard label="Commission paid out" value={formatInr(stats?.commissionPaidOut ?? 0)} />
      {(stats?.owedBack ?? 0) > 0 && (
        <StatCard
          label="Owed back"
          value={formatInr(stats?.owedBack ?? 0)}
          note="Refunds reversed commission already paid out to you; it is taken from your next payouts."
        />
      )}
      <StatCard label="Sales" value={formatInr(stats?.sales ?? 0)} />
      <StatCard label="Last Payout Date" value={formatDate(stats?.lastPayOutDate) || 'No payouts yet'} />
    </dl>
  );
}
