import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_LINK_TEXT,
  QUOTE_TEXT,
  pagedCatalogueProductsSchema,
  quoteListSchema,
  quoteSchema,
  quoteShareText,
  whatsAppShareUrl,
  type Quote,
  type User,
} from '@zevar/domain';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime, formatInr } from '../../lib/format';
import {
  PaymentLinkDialog,
  PaymentLinksList,
  vendorLinksKey,
} from '../../components/payment-links/PaymentLinks';

type Line = { productId: number; name: string; price: number; quantity: number };

const STATUS_LABELS: Record<Quote['status'], string> = {
  sent: 'Sent',
  opened: 'Opened',
  converted: 'Converted',
  expired: 'Expired',
};

const quoteUrl = (code: string) => `${window.location.origin}/q/${code}`;

function ShareLinks({ quote }: { quote: Quote }) {
  const url = quoteUrl(quote.code);
  const text = quoteShareText({
    shopName: quote.shopName,
    total: formatInr(quote.total),
    validUntil: formatDateTime(quote.validUntil),
    url,
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a className="break-all text-sm underline" href={url} target="_blank" rel="noreferrer">
        {url}
      </a>
      <a className="btn-primary text-sm" href={whatsAppShareUrl(text)} target="_blank" rel="noreferrer">
        {QUOTE_TEXT.shareWhatsApp}
      </a>
    </div>
  );
}

/** Quotes tab (issue 26 item 1): price pieces for one buyer, share the link, follow its status. */
export default function QuotesTab({ vendor }: { vendor: User }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [discount, setDiscount] = useState('0');
  const [validityHours, setValidityHours] = useState('24');
  const [note, setNote] = useState('');
  const [made, setMade] = useState<Quote | null>(null);
  const [linkFor, setLinkFor] = useState<Quote | null>(null);
  const products = useQuery({
    queryKey: ['quote-products', vendor.id, search],
    queryFn: () =>
      api.get('/vendor/products', {
        schema: pagedCatalogueProductsSchema,
        query: { page: 0, size: 8, search: search.trim() || undefined },
      }),
  });
  const quotes = useQuery({
    queryKey: ['vendor-quotes', vendor.id],
    queryFn: () => api.get('/vendor/quotes', { schema: quoteListSchema }),
  });
  const create = useMutation({
    mutationFn: () =>
      api.post(
        '/vendor/quotes',
        {
          items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          discount: Number(discount) || 0,
          validityHours: Number(validityHours) || 24,
          note,
        },
        { schema: quoteSchema },
      ),
    onSuccess: (quote) => {
      setMade(quote);
      setLines([]);
      setDiscount('0');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['vendor-quotes', vendor.id] });
    },
  });
  const add = (p: { id: number; name: string; price: number }) =>
    setLines((ls) =>
      ls.some((l) => l.productId === p.id)
        ? ls
        : [...ls, { productId: p.id, name: p.name, price: p.price, quantity: 1 }],
    );
  const listTotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);

  return (
    <section aria-labelledby="vendor-quotes-title" className="space-y-6">
      <h2 id="vendor-quotes-title" className="text-2xl font-semibold">
        Quotes
      </h2>
      <form
        className="card space-y-4 p-4"
        aria-label="New quote"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <h3 className="text-lg font-semibold">New quote</h3>
        <label className="block text-sm">
          Find a piece
          <input
            className="input mt-1 w-full"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search your products"
          />
        </label>
        {products.data && (
          <ul className="divide-y rounded border" aria-label="Products you can quote">
            {products.data.content.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 p-2 text-sm">
                <span>
                  {p.name} · {formatInr(p.price)}
                </span>
                <button
                  type="button"
                  className="btn-secondary shrink-0 text-sm"
                  aria-label={`Add ${p.name}`}
                  onClick={() => add(p)}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <ul className="space-y-2" aria-label="Pieces in this quote">
            {lines.map((l) => (
              <li key={l.productId} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="flex-1">{l.name}</span>
                <label>
                  Quantity{' '}
                  <input
                    className="input w-16"
                    type="number"
                    min={1}
                    max={99}
                    value={l.quantity}
                    onChange={(e) =>
                      setLines((ls) =>
                        ls.map((x) =>
                          x.productId === l.productId
                            ? { ...x, quantity: Math.max(1, Number(e.target.value) || 1) }
                            : x,
                        ),
                      )
                    }
                  />
                </label>
                <button
                  type="button"
                  className="text-sm underline"
                  onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
                >
                  Remove
                </button>
              </li>
            ))}
            <li className="text-sm text-taupe">Today&apos;s price: {formatInr(listTotal)}</li>
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm">
            Discount (₹, from your commission)
            <input
              className="input mt-1 w-full"
              type="number"
              min={0}
              step="0.01"
              value={discount}
              onChange={(e) => setDiscount(e.target.value)}
            />
          </label>
          <label className="block text-sm">
            Valid for (hours)
            <input
              className="input mt-1 w-full"
              type="number"
              min={1}
              max={168}
              value={validityHours}
              onChange={(e) => setValidityHours(e.target.value)}
            />
          </label>
        </div>
        <label className="block text-sm">
          Note for the buyer
          <textarea
            className="input mt-1 w-full"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        {create.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(create.error)}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={lines.length === 0 || create.isPending}>
          Create quote
        </button>
        {made && (
          <div role="status" className="space-y-2 rounded bg-ivory p-3">
            <p className="font-medium">
              {QUOTE_TEXT.created}: {formatInr(made.total)}, valid until {formatDateTime(made.validUntil)}
            </p>
            <ShareLinks quote={made} />
          </div>
        )}
      </form>

      <div className="space-y-2">
        <h3 className="text-lg font-semibold">Your quotes</h3>
        {quotes.isError && (
          <p role="alert" className="text-red-700">
            {QUOTE_TEXT.listFailed}: {errorMessage(quotes.error)}
          </p>
        )}
        {quotes.isPending && <p className="text-sm text-taupe">Loading quotes...</p>}
        {quotes.data?.length === 0 && <p className="card p-6 text-center text-taupe">{QUOTE_TEXT.empty}</p>}
        <ul className="space-y-3">
          {quotes.data?.map((q) => (
            <li key={q.code} className="card space-y-1 p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {q.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}
                </span>
                <span>
                  {formatInr(q.total)} · <strong>{STATUS_LABELS[q.status]}</strong>
                </span>
              </p>
              <p className="text-taupe">
                Valid until {formatDateTime(q.validUntil)}
                {q.orderNumber ? ` · Order ${q.orderNumber}` : ''}
              </p>
              {q.status !== 'converted' && q.status !== 'expired' && (
                <div className="flex flex-wrap items-center gap-2">
                  <ShareLinks quote={q} />
                  <button type="button" className="btn-secondary text-sm" onClick={() => setLinkFor(q)}>
                    {PAYMENT_LINK_TEXT.create}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
      <PaymentLinksList vendorId={vendor.id} shopName={quotes.data?.[0]?.shopName ?? vendor.name} />
      {linkFor && (
        <PaymentLinkDialog
          quote={linkFor}
          listKey={vendorLinksKey(vendor.id)}
          onClose={() => setLinkFor(null)}
        />
      )}
    </section>
  );
}
