import type { User } from '@zevar/domain';

/** Payout History tab (being built). */
export default function PayoutHistoryTab({ vendor }: { vendor: User }) {
  return (
    <div className="card px-6 py-12 text-center">
      <p className="eyebrow">Coming soon</p>
      <p className="mt-3 text-taupe">
        Payouts made to {vendor.bussinessName ?? vendor.name} will be listed here.
      </p>
    </div>
  );
}
