import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import KycForm from './KycForm';
import { KycStatusCard } from './KycStatusCard';
import { fetchKyc, fetchPosition, kycQueryKey, positionQueryKey } from './settlement-api';

/** How often a pending penny drop is asked about again while the tab is open. */
const PENDING_POLL_MS = 15_000;

/**
 * Payouts & KYC tab (issue 24 item 3): the reseller's KYC state and why payouts are on hold, and the
 * form to submit or change it.
 */
export default function KycTab({ vendor }: { vendor: User }) {
  const queryClient = useQueryClient();
  const kyc = useQuery({
    queryKey: kycQueryKey,
    queryFn: fetchKyc,
    refetchInterval: (q) => (q.state.data?.status === 'PENDING_VERIFICATION' ? PENDING_POLL_MS : false),
  });
  const position = useQuery({
    queryKey: positionQueryKey(vendor.id),
    queryFn: () => fetchPosition(vendor.id),
  });
  const [editing, setEditing] = useState(false);

  if (kyc.isError) {
    return (
      <p role="alert" className="card p-6 text-red-800">
        Failed to load your KYC: {errorMessage(kyc.error)}
      </p>
    );
  }
  if (kyc.data === undefined) return <PageSpinner label="Loading your KYC..." />;
  const current = kyc.data;
  const holdReason = position.data?.payoutsHeldBecause ?? null;

  return (
    <section aria-labelledby="kyc-title" className="space-y-6">
      <div>
        <h2 id="kyc-title" className="text-2xl font-semibold">
          Payouts &amp; KYC
        </h2>
        <p className="mt-1 text-taupe">
          We need your PAN and a verified bank account before your first payout. Tax (TDS) is deducted from
          commission as the Income-tax Act requires.
        </p>
      </div>
      {current && !editing ? (
        <KycStatusCard kyc={current} holdReason={holdReason} onEdit={() => setEditing(true)} />
      ) : (
        <div className="card space-y-4 p-6">
          {!current && holdReason && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <strong>Payouts on hold:</strong> {holdReason}
            </p>
          )}
          <KycForm
            vendor={vendor}
            kyc={current}
            onCancel={current ? () => setEditing(false) : undefined}
            onSaved={(saved) => {
              queryClient.setQueryData(kycQueryKey, saved);
              void queryClient.invalidateQueries({ queryKey: positionQueryKey(vendor.id) });
              void queryClient.invalidateQueries({ queryKey: ['user', vendor.id] });
              setEditing(false);
            }}
          />
        </div>
      )}
    </section>
  );
}
