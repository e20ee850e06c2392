import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  PAYMENT_LINK_STATUSES,
  PAYMENT_LINK_TEXT,
  pagedPaymentLinksSchema,
  paymentLinkSchema,
  quoteSchema,
  type PaymentLinkStatus,
  type Quote,
} from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { api, errorMessage } from '../../../lib/api';
import { formatDateTime, formatInr } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { OpenLinkActions, PaymentLinkDialog } from '../../../components/payment-links/PaymentLinks';

export const PAYMENT_LINKS_PAGE_SIZE = 20;
const LIST_KEY = ['admin-payment-links'] as const;

const TEXT = {
  title: 'Payment links',
  intro:
    'Links resellers and staff sent buyers to pay a quote. A paid link becomes an order credited to the quote’s reseller.',
  search: 'Quote code or buyer’s phone',
  quoteCode: 'Quote code',
  findQuote: 'Create payment link',
  loading: 'Loading payment links...',
  allStatuses: 'All statuses',
  shop: 'Shop',
} as const;

const HEADERS = ['Quote', 'Shop', 'Buyer', 'Amount', 'Expires', 'Status', 'Order', ''] as const;

type Filters = { search: string; status: PaymentLinkStatus | ''; vendor: string };

/** The admin's payment links (issue 26 item 2): every reseller's, paged and filtered on the server. */
export default function PaymentLinksSection() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ search: '', status: '', vendor: '' });
  const [page, setPage] = useState(0);
  const search = useDebounced(filters.search.trim(), 300);
  const vendor = useDebounced(filters.vendor.trim().toLowerCase(), 300);
  useEffect(() => setPage(0), [search, vendor, filters.status]);
  const query = {
    page,
    size: PAYMENT_LINKS_PAGE_SIZE,
    search: search || undefined,
    vendor: vendor || undefined,
    status: filters.status || undefined,
  };
  const list = useQuery({
    queryKey: [...LIST_KEY, query],
    queryFn: () => api.get('/admin/payment-links', { query, schema: pagedPaymentLinksSchema }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: (id: string) =>
      api.post(`/admin/payment-links/${encodeURIComponent(id)}/cancel`, undefined, {
        schema: paymentLinkSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LIST_KEY }),
  });
  const data = list.data;
  return (
    <section aria-labelledby="payment-links-title" className="space-y-4">
      <h2 id="payment-links-title" className="text-2xl font-semibold">
        {TEXT.title}
      </h2>
      <p className="text-sm text-taupe">{TEXT.intro}</p>
      <CreateForQuote />
      <div className="flex flex-wrap items-end gap-2">
        <input
          className="input min-w-0 flex-1 sm:max-w-xs"
          type="search"
          aria-label="Search payment links"
          placeholder={TEXT.search}
          maxLength={100}
          value={filters.search}
          onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
        />
        <select
          className="input"
          aria-label="Status"
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as Filters['status'] }))}
        >
          <option value="">{TEXT.allStatuses}</option>
          {PAYMENT_LINK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_LINK_TEXT.statusLabel[s]}
            </option>
          ))}
        </select>
        <input
          className="input min-w-0 sm:max-w-[12rem]"
          aria-label={TEXT.shop}
          placeholder="Shop (e.g. asha-jewellers)"
          maxLength={100}
          value={filters.vendor}
          onChange={(e) => setFilters((f) => ({ ...f, vendor: e.target.value }))}
        />
      </div>
      {cancel.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(cancel.error)}
        </p>
      )}
      {cancel.isSuccess && (
        <p role="status" className="text-sm text-green-800">
          {PAYMENT_LINK_TEXT.cancelled}
        </p>
      )}
      {list.isPending && <PageSpinner label={TEXT.loading} />}
      {list.isError && (
        <p role="alert" className="card p-4 text-red-700">
          {errorMessage(list.error)}
        </p>
      )}
      {data && data.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">{PAYMENT_LINK_TEXT.empty}</p>
      )}
      {data && data.content.length > 0 && (
        <StackedTable headers={HEADERS} minWidth="sm:min-w-[56rem]">
          {data.content.map((l) => (
            <StackedRow key={l.id}>
              <StackedCell label="Quote" className="break-all">
                <a
                  className="text-gold-700 underline"
                  href={`/q/${l.quoteCode}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {l.quoteCode}
                </a>
              </StackedCell>
              <StackedCell label="Shop" className="break-all">
                {l.vendorSlug}
              </StackedCell>
              <StackedCell label="Buyer">
                {l.buyerName}
                <span className="block text-taupe">{l.buyerPhone}</span>
              </StackedCell>
              <StackedCell label="Amount">{formatInr(l.amount)}</StackedCell>
              <StackedCell label="Expires">{formatDateTime(l.expiresAt)}</StackedCell>
              <StackedCell label="Status">
                <strong>{PAYMENT_LINK_TEXT.statusLabel[l.status]}</strong>
                {l.paidAt && <span className="block text-taupe">{formatDateTime(l.paidAt)}</span>}
              </StackedCell>
              <StackedCell label="Order" className="break-all">
                {l.orderNumber ?? '—'}
              </StackedCell>
              <StackedCell label="Actions">
                <OpenLinkActions
                  link={l}
                  shopName={l.vendorSlug}
                  cancelling={cancel.isPending}
                  onCancel={() => cancel.mutate(l.id)}
                />
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {data && <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} />}
    </section>
  );
}

/** Staff make a link for any reseller's quote: the quote is looked up by its code, then the reseller's dialog. */
function CreateForQuote() {
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const find = useMutation({
    mutationFn: (c: string) => api.get(`/quotes/${encodeURIComponent(c)}`, { schema: quoteSchema }),
    onSuccess: setQuote,
  });
  return (
    <form
      className="card flex flex-wrap items-end gap-2 p-3"
      aria-label={TEXT.findQuote}
      onSubmit={(e) => {
        e.preventDefault();
        const c = code.trim().replace(/^.*\/q\//, '');
        if (c) find.mutate(c);
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col text-sm sm:max-w-xs">
        {TEXT.quoteCode}
        <input
          className="input mt-1"
          required
          maxLength={200}
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={find.isPending}>
        {TEXT.findQuote}
      </button>
      {find.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(find.error)}
        </p>
      )}
      {quote && (
        <PaymentLinkDialog
          quote={quote}
          scope="admin"
          listKey={LIST_KEY}
          onClose={() => {
            setQuote(null);
            setCode('');
          }}
        />
      )}
    </form>
  );
}
