import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CustomerSort } from '@zevar/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { InternalNotes } from '../../../components/notes/InternalNotes';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDateTime, formatInr } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { customersApi, type CustomerListState } from './customers-api';

const CUSTOMERS_TEXT = {
  title: 'Customers',
  intro: 'Shoppers behind paid orders, by email and phone. Open a customer to see their orders and notes.',
  search: 'Search customers...',
  empty: 'No customers found.',
  loading: 'Loading customers...',
} as const;

const SORTS: Array<[CustomerSort, string]> = [
  ['lastOrder', 'Last order'],
  ['spent', 'Total spent'],
  ['orders', 'Orders'],
  ['name', 'Name'],
];
const ORDER_HEADERS = ['Order #', 'Date', 'Status', 'Payment', 'Total'] as const;
const HEADERS = ['Name', 'Email', 'Phone', 'Orders', 'Total spent', 'Last order', 'Returns'] as const;

/** The admin's customers (issue 23 item 7): searched, sorted and paged on the server; CSV export. */
export default function CustomersSection() {
  const [state, setState] = useState<CustomerListState>({ search: '', sort: 'lastOrder', direction: 'desc' });
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const search = useDebounced(state.search, 300);
  const effective = { ...state, search };
  useEffect(() => setPage(0), [search, state.sort, state.direction]);
  const list = useQuery({
    queryKey: ['customers', effective, page],
    queryFn: () => customersApi.list(effective, page),
    placeholderData: keepPreviousData,
  });

  if (open) return <CustomerDetail customerKey={open} onBack={() => setOpen(null)} />;
  const data = list.data;
  return (
    <section aria-labelledby="customers-title" className="space-y-4">
      <h2 id="customers-title" className="text-2xl font-semibold">
        {CUSTOMERS_TEXT.title}
      </h2>
      <p className="text-sm text-taupe">{CUSTOMERS_TEXT.intro}</p>
      <div className="flex flex-wrap items-end gap-2">
        <input
          className="input min-w-0 flex-1 sm:max-w-xs"
          type="search"
          aria-label="Search customers"
          placeholder={CUSTOMERS_TEXT.search}
          maxLength={100}
          value={state.search}
          onChange={(e) => setState((s) => ({ ...s, search: e.target.value }))}
        />
        <select
          className="input"
          aria-label="Sort customers by"
          value={state.sort}
          onChange={(e) => setState((s) => ({ ...s, sort: e.target.value as CustomerSort }))}
        >
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select
          className="input"
          aria-label="Sort direction"
          value={state.direction}
          onChange={(e) => setState((s) => ({ ...s, direction: e.target.value as 'asc' | 'desc' }))}
        >
          <option value="desc">Highest / newest first</option>
          <option value="asc">Lowest / oldest first</option>
        </select>
        <DownloadButton download={() => customersApi.download(effective)}>Export CSV</DownloadButton>
      </div>
      {list.isPending && <PageSpinner label={CUSTOMERS_TEXT.loading} />}
      {list.isError && (
        <p role="alert" className="card p-4 text-red-700">
          {errorMessage(list.error)}
        </p>
      )}
      {data && data.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">{CUSTOMERS_TEXT.empty}</p>
      )}
      {data && data.content.length > 0 && (
        <StackedTable headers={HEADERS} minWidth="sm:min-w-[48rem]">
          {data.content.map((c) => (
            <StackedRow key={c.key}>
              <StackedCell label="Name">
                <button
                  type="button"
                  className="font-medium text-gold-700 underline"
                  onClick={() => setOpen(c.key)}
                >
                  {c.name}
                </button>
              </StackedCell>
              <StackedCell label="Email" className="break-all">
                {c.email}
              </StackedCell>
              <StackedCell label="Phone">{c.phone}</StackedCell>
              <StackedCell label="Orders">{c.orders}</StackedCell>
              <StackedCell label="Total spent">{formatInr(c.totalSpent)}</StackedCell>
              <StackedCell label="Last order">{formatDate(c.lastOrderAt)}</StackedCell>
              <StackedCell label="Returns">{c.returns}</StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} />}
    </section>
  );
}

function CustomerDetail({ customerKey, onBack }: { customerKey: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const key = ['customers', 'detail', customerKey];
  const detail = useQuery({ queryKey: key, queryFn: () => customersApi.detail(customerKey) });
  const d = detail.data;
  return (
    <section aria-labelledby="customer-title" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-outline" onClick={onBack}>
          Back
        </button>
        <h2 id="customer-title" className="text-2xl font-semibold break-words">
          {d ? d.customer.name : 'Customer'}
        </h2>
      </div>
      {detail.isPending && <PageSpinner label="Loading customer..." />}
      {detail.isError && (
        <p role="alert" className="card p-4 text-red-700">
          {errorMessage(detail.error)}
        </p>
      )}
      {d && (
        <>
          <dl className="card grid gap-3 p-4 text-sm sm:grid-cols-3">
            <Fact label="Email" value={d.customer.email} />
            <Fact label="Phone" value={d.customer.phone} />
            <Fact label="Orders" value={String(d.customer.orders)} />
            <Fact label="Total spent" value={formatInr(d.customer.totalSpent)} />
            <Fact label="Last order" value={formatDateTime(d.customer.lastOrderAt)} />
            <Fact label="Returns" value={String(d.customer.returns)} />
          </dl>
          <StackedTable headers={ORDER_HEADERS} minWidth="sm:min-w-[36rem]">
            {d.orders.map((o) => (
              <StackedRow key={o.orderNumber}>
                <StackedCell label="Order #" className="break-all">
                  {o.orderNumber}
                </StackedCell>
                <StackedCell label="Date">{formatDate(o.orderDate)}</StackedCell>
                <StackedCell label="Status">{words(o.status)}</StackedCell>
                <StackedCell label="Payment">{words(o.paymentStatus)}</StackedCell>
                <StackedCell label="Total">{formatInr(o.total)}</StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <InternalNotes
            notes={d.notes}
            mayWrite={d.mayWriteNotes}
            onAdd={async (body) => {
              await customersApi.addNote(customerKey, body);
              await queryClient.invalidateQueries({ queryKey: key });
            }}
          />
        </>
      )}
    </section>
  );
}

/** 'REFUND_PENDING' as 'Refund pending'. */
function words(value: string): string {
  const text = value.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-taupe uppercase">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
