import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_STATUSES, RETURN_TEXT, type ReturnStatus } from '@zevar/domain';
import { Pagination } from '../Pagination';
import { useDialog } from '../dialog/dialog-context';
import { errorMessage } from '../../lib/api';
import { ReturnCard } from './ReturnCard';
import { returnRequestsApi } from '../../lib/return-requests-api';

const STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: 'To decide',
  APPROVED: 'Approved (pickup, inspection)',
  REJECTED: 'Rejected',
  ACCEPTED: 'Accepted',
  REFUSED: 'Refused',
};

function useRun(orderNumber?: string) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      await dialog.error('Error', errorMessage(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['return-requests'] });
      if (orderNumber) {
        await queryClient.invalidateQueries({ queryKey: ['order-shipments', orderNumber] });
        await queryClient.invalidateQueries({ queryKey: ['admin-order', orderNumber] });
      }
    }
  };
}

/** Every return request, newest first, filtered by status (issue 22 item 7c). */
export function ReturnRequestsList() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ReturnStatus | ''>('REQUESTED');
  const query = useQuery({
    queryKey: ['return-requests', 'list', page, status],
    queryFn: () => returnRequestsApi.list(page, status || undefined),
  });
  const run = useRun();
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm">
        Show
        <select
          className="input w-auto"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReturnStatus | '');
            setPage(0);
          }}
        >
          <option value="">All returns</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {query.isPending && <p className="text-sm text-taupe">Loading returns...</p>}
      {query.isError && <p className="text-sm text-red-700">Failed to load returns</p>}
      {query.data?.content.length === 0 && <p className="text-sm text-taupe">{RETURN_TEXT.empty}</p>}
      {query.data?.content.map((r) => (
        <ReturnCard key={r.id} r={r} run={run} showOrder />
      ))}
      {query.data && query.data.totalPages > 1 && (
        <Pagination page={page} totalPages={query.data.totalPages} onPageChange={setPage} />
      )}
    </div>
  );
}

/** The returns of one order, on its detail. */
export function OrderReturns({ orderNumber }: { orderNumber: string }) {
  const query = useQuery({
    queryKey: ['return-requests', 'order', orderNumber],
    queryFn: () => returnRequestsApi.ofOrder(orderNumber),
  });
  const run = useRun(orderNumber);
  if (!query.data || query.data.length === 0) return null;
  return (
    <section className="card space-y-3 p-4" aria-label="Returns">
      <h3 className="text-lg font-semibold">{RETURN_TEXT.adminTitle}</h3>
      {query.data.map((r) => (
        <ReturnCard key={r.id} r={r} run={run} showOrder={false} />
      ))}
    </section>
  );
}
