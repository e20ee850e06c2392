import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { QUOTE_TEXT, quoteCheckoutResponse, quoteSchema, safeString, type Quote } from '@zevar/domain';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime, formatInr } from '../../lib/format';
import { setStoredVendorSlug } from '../../lib/storage';

/** 'Xh Ym Zs' left until `until` (ticks every second). */
function useCountdown(until: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  const left = Math.max(0, new Date(until).getTime() - now);
  const h = Math.floor(left / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return { left, text: `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s` };
}

function Lines({ quote }: { quote: Quote }) {
  return (
    <ul className="divide-y">
      {quote.lines.map((l) => (
        <li key={l.sku} className="flex gap-3 py-3">
          {l.image && (
            <img
              src={`/api/image/${encodeURIComponent(l.image)}`}
              alt=""
              className="h-20 w-20 rounded object-cover"
              width={80}
              height={80}
            />
          )}
          <div className="flex-1 text-sm">
            <p className="font-medium">{l.name}</p>
            <p className="text-taupe">
              {l.quantity} × {formatInr(l.price)}
              {l.listPrice !== l.price && <span className="ml-2 line-through">{formatInr(l.listPrice)}</span>}
            </p>
            <p className="text-xs text-taupe">
              {l.priceBreakup.metal &&
                `${l.priceBreakup.metal.purity} ${l.priceBreakup.metal.name} ${l.priceBreakup.metal.netWeightGrams} g: ${formatInr(l.priceBreakup.metal.value)} · `}
              {l.priceBreakup.making && `Making ${formatInr(l.priceBreakup.making.value)} · `}
              GST {formatInr(l.priceBreakup.gst.value)}
            </p>
          </div>
          <p className="text-sm font-medium">{formatInr(l.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

/** /q/<code>: a reseller's quote, held until its validity ends, bought at its prices (issue 26 item 1). */
export default function QuotePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const quote = useQuery({
    queryKey: ['quote', code],
    queryFn: () => api.post(`/quotes/${encodeURIComponent(code)}/open`, undefined, { schema: quoteSchema }),
    retry: false,
  });
  // The quote opens in its reseller's shop: the header (name, logo) and the cart are that shop's.
  const quoteShop = quote.data?.vendorSlug;
  useEffect(() => {
    if (quoteShop) setStoredVendorSlug(quoteShop);
  }, [quoteShop]);
  const countdown = useCountdown(quote.data?.validUntil);
  const buy = useMutation({
    mutationFn: () =>
      api.post(`/quotes/${encodeURIComponent(code)}/checkout`, undefined, { schema: quoteCheckoutResponse }),
    onSuccess: (c) => void navigate(`/${encodeURIComponent(c.vendorSlug)}/checkout/${c.checkoutId}`),
  });
  const buyToday = useMutation({
    mutationFn: async (q: Quote) =>
      api.post(
        `/checkout`,
        (q.today?.lines ?? []).map((l) => ({
          productSku: l.productSku,
          quantity: l.quantity,
          price: l.price,
        })),
        { schema: z.object({ checkoutId: safeString() }), query: { vendorSlug: q.vendorSlug } },
      ),
    onSuccess: (c, q) => void navigate(`/${encodeURIComponent(q.vendorSlug)}/checkout/${c.checkoutId}`),
  });

  if (quote.isPending) return <p className="p-6 text-center text-taupe">Loading your quote...</p>;
  if (quote.isError)
    return (
      <p role="alert" className="p-6 text-center">
        {errorMessage(quote.error)}
      </p>
    );
  const q = quote.data;
  const expired = q.status === 'expired' || (countdown !== null && countdown.left === 0);
  return (
    <main className="mx-auto max-w-2xl space-y-4 p-4">
      <header>
        <p className="text-sm text-taupe">A quote from</p>
        <h1 className="text-2xl font-semibold">{q.shopName}</h1>
      </header>
      {q.note && <p className="card p-3 text-sm italic">{q.note}</p>}
      <section className="card p-4">
        <Lines quote={q} />
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Today&apos;s price</dt>
            <dd>{formatInr(q.subtotal)}</dd>
          </div>
          {q.discount > 0 && (
            <div className="flex justify-between text-green-800">
              <dt>Your discount</dt>
              <dd>−{formatInr(q.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between text-lg font-semibold">
            <dt>Quoted price</dt>
            <dd>{formatInr(q.total)}</dd>
          </div>
        </dl>
      </section>
      {q.status === 'converted' ? (
        <p role="status" className="card p-4 text-center">
          {QUOTE_TEXT.converted}
        </p>
      ) : expired ? (
        <section role="status" className="card space-y-3 p-4 text-center">
          <p className="font-semibold">{QUOTE_TEXT.expired}</p>
          <p className="text-sm">{QUOTE_TEXT.expiredOffer}</p>
          {q.today && q.today.lines.length > 0 && (
            <>
              <p className="text-lg font-semibold">Today&apos;s price: {formatInr(q.today.total)}</p>
              <button type="button" className="btn-primary w-full" onClick={() => buyToday.mutate(q)}>
                Buy at today&apos;s price
              </button>
            </>
          )}
        </section>
      ) : (
        <section className="card space-y-3 p-4 text-center">
          <p className="text-sm">
            Price held until {formatDateTime(q.validUntil)}
            {countdown && (
              <>
                {' '}
                · <span aria-label="Time left">{countdown.text}</span> left
              </>
            )}
          </p>
          <button
            type="button"
            className="btn-primary w-full"
            disabled={buy.isPending}
            onClick={() => buy.mutate()}
          >
            {QUOTE_TEXT.buyNow}
          </button>
          {buy.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(buy.error)}
            </p>
          )}
        </section>
      )}
    </main>
  );
}
