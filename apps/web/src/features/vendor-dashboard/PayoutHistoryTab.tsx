import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { payoutSchema, type User } from '@zevar/domain';
import { PayoutHistoryTable } from '../../components/PayoutHistoryTable';
import { PageSpinner } from '../../components/Spinner';
import { api } from '../../lib/api';

export const payoutsQueryKey = (vendorId: number) => ['vendor-payouts', vendorId] as const;

/** GET /api/vendor-payouts/vendor/{vendorId}. */
export function fetchPayouts(vendorId: number) {
  return api.get(`/vendor-payouts/vendor/${vendorId}`, { schema: z.array(payoutSchema) });
}

/** Payout History tab. A load failure is only logged (spec §8) and shows the empty table. */
export default function PayoutHistoryTab({ vendor }: { vendor: User }) {
  const payouts = useQuery({
    queryKey: payoutsQueryKey(vendor.id),
    queryFn: async () => {
      try {
        return await fetchPayouts(vendor.id);
      } catch (err) {
        console.error('Failed to load payout history', err);
        return [];
      }
    },
  });
  if (!payouts.data) return <PageSpinner label="Loading payout history..." />;
  return (
    <section aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="mb-4 text-2xl font-semibold">
        Payout History
      </h2>
      <PayoutHistoryTable payouts={payouts.data} caption="Payout history" />
    </section>
  );
}
