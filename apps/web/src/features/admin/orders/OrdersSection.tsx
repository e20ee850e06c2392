import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ORDER_ADMIN_TEXT,
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  type OrderStatus,
  type PaymentStatus,
} from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { useDialog } from '../../../components/dialog/dialog-context';
import { OrderDetail } from './OrderDetail';
import { OrdersTable } from './OrdersTable';
import { ordersApi, statusLabel, type OrderFilters } from './orders-api';
import { useOrderUpdates } from './use-order-updates';
import { ReasonDialog } from '../../../components/dialog/ReasonDialog';
import { useDebounced } from '../../../lib/use-debounced';
import { useSectionPreset } from '../../../lib/section-preset';

function FiltersBar({
  filters,
  onChange,
  onDownload,
}: {
  filters: OrderFilters;
  onChange: (f: OrderFilters) => void;
  onDownload: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        type="search"
        className="input min-w-0 flex-1 basis-56"
        placeholder="Search orders..."
        aria-label="Search orders"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
      />
      <select
        className="input w-auto"
        aria-label="Filter by status"
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as OrderStatus | '' })}
      >
        <option value="">All Status</option>
        {ORDER_STATUS_VALUES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <select
        className="input w-auto"
        aria-label="Filter by payment status"
        value={filters.paymentStatus}
        onChange={(e) => onChange({ ...filters, paymentStatus: e.target.value as PaymentStatus | '' })}
      >
        <option value="">All Payments</option>
        {PAYMENT_STATUS_VALUES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <button type="button" className="btn-outline" onClick={onDownload}>
        Download
      </button>
    </div>
  );
}

/** Order manager: server-side search and filters, status/payment dropdowns, paging, detail view. */
export default function OrdersSection() {
  const dialog = useDialog();
  const presetPayment = useSectionPreset('paymentStatus', PAYMENT_STATUS_VALUES);
  const [filters, setFilters] = useState<OrderFilters>({
    search: '',
    status: '',
    paymentStatus: presetPayment ?? '',
  });
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const search = useDebounced(filters.search, 300);
  const effective = { ...filters, search };
  const listKey = ['admin-orders', effective, page] as const;
  const orders = useQuery({
    queryKey: listKey,
    queryFn: () => ordersApi.list(page, effective),
    placeholderData: keepPreviousData,
  });
  const updates = useOrderUpdates(['admin-orders']);

  useEffect(() => {
    if (orders.isError) void dialog.error('Error', ORDER_ADMIN_TEXT.loadFailed);
  }, [orders.isError, dialog]);

  const changeFilters = (next: OrderFilters) => {
    setFilters(next);
    setPage(0);
  };

  const download = async () => {
    try {
      await ordersApi.download(effective);
    } catch {
      void dialog.error('Error', 'Failed to download orders');
    }
  };

  if (viewing) return <OrderDetail orderNumber={viewing} onBack={() => setViewing(null)} />;

  const data = orders.data;
  return (
    <section className="space-y-4" aria-label="Orders">
      <FiltersBar filters={filters} onChange={changeFilters} onDownload={() => void download()} />
      {orders.isPending && <p className="card p-6 text-center text-taupe">{ORDER_ADMIN_TEXT.loading}</p>}
      {data && data.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">{ORDER_ADMIN_TEXT.empty}</p>
      )}
      {data && data.content.length > 0 && (
        <OrdersTable
          orders={data.content}
          actions={{
            busy: updates.busy,
            onStatus: (o, s) => void updates.setStatus(o, s),
            onPayment: (o, s) => void updates.setPayment(o, s),
            onView: (o) => setViewing(o.orderNumber),
          }}
        />
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} />}
      {updates.question && (
        <ReasonDialog
          title={updates.question.title}
          message={updates.question.consequence}
          reasonLabel={ORDER_ADMIN_TEXT.reasonLabel}
          requiredMessage={ORDER_ADMIN_TEXT.reasonRequired}
          confirmLabel={updates.question.confirmLabel}
          onAnswer={updates.question.answer}
        />
      )}
    </section>
  );
}
