import { useQuery } from '@tanstack/react-query';
import type { MetalRate } from '@zevar/domain';
import { formatDateTime, formatInr } from '../../../lib/format';
import { embedded, storefrontApi } from '../storefront-api';

/** The rates a shopper looks for first: gold 24K and 22K, silver 999 (per gram). */
const SHOWN: Array<{ metal: string; purity: string; label: string }> = [
  { metal: 'gold', purity: '24K', label: 'Gold 24K' },
  { metal: 'gold', purity: '22K', label: 'Gold 22K' },
  { metal: 'silver', purity: '999', label: 'Silver 999' },
];

export function pickTodaysRates(rates: MetalRate[]) {
  const shown = SHOWN.flatMap((s) => {
    const r = rates.find((x) => x.metal.toLowerCase() === s.metal && x.purity === s.purity);
    return r ? [{ label: s.label, rate: r.ratePerGram, lastUpdated: r.lastUpdated }] : [];
  });
  const latest = shown.reduce<string | null>(
    (acc, r) => (acc === null || r.lastUpdated > acc ? r.lastUpdated : acc),
    null,
  );
  return { shown, latest };
}

/** Storefront home: today's gold and silver rates per gram with the time of the last update. */
export function TodaysRates() {
  // The server embeds the rates in the home page's HTML, so the strip is there in the first paint.
  const rates = useQuery({
    queryKey: ['metal-rates'],
    queryFn: storefrontApi.metalRates,
    initialData: () => embedded('metalRates'),
  });
  const { shown, latest } = pickTodaysRates(rates.data ?? []);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="todays-rates" className="rounded-lg border border-sand bg-cream px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="todays-rates" className="font-sans text-base font-semibold tracking-normal">
          Today’s rates
        </h2>
        {latest && <p className="text-xs text-taupe">Updated {formatDateTime(latest)}</p>}
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        {shown.map((r) => (
          <div key={r.label} className="min-w-0">
            <dt className="text-taupe">{r.label}</dt>
            <dd className="font-semibold tabular-nums">
              {formatInr(r.rate)}
              <span className="font-normal text-taupe">/g</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
