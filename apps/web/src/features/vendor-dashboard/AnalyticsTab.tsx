import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_BUCKETS,
  ANALYTICS_TEXT,
  resellerAnalyticsSchema,
  type AnalyticsBucket,
  type ResellerAnalytics,
  type User,
} from '@zevar/domain';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatInr, toIsoDate } from '../../lib/format';
import { PageSpinner } from '../../components/Spinner';

const BUCKET_LABELS: Record<AnalyticsBucket, string> = { day: 'By day', week: 'By week', month: 'By month' };
const PERIODS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** '5 Mar' for a bucket's first day (the chart's axis). */
const shortDay = (day: string) => formatDate(`${day}T12:00:00Z`).replace(/ \d{4}$/, '');

/** Analytics tab (issue 26 item 4): views, quotes, orders and commission over a chosen period. */
export default function AnalyticsTab({ vendor, now = new Date() }: { vendor: User; now?: Date }) {
  const [days, setDays] = useState<number>(30);
  const [bucket, setBucket] = useState<AnalyticsBucket>('day');
  const periodId = useId();
  const bucketId = useId();
  const to = toIsoDate(now);
  const from = daysBefore(to, days - 1);
  const analytics = useQuery({
    queryKey: ['analytics', vendor.id, from, to, bucket],
    queryFn: () =>
      api.get(`/analytics/vendor/${vendor.id}`, {
        schema: resellerAnalyticsSchema,
        query: { from, to, bucket },
      }),
  });

  return (
    <section aria-labelledby="vendor-analytics-title" className="space-y-6">
      <h2 id="vendor-analytics-title" className="text-2xl font-semibold">
        {ANALYTICS_TEXT.title}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={periodId} className="label">
            Period
          </label>
          <select
            id={periodId}
            className="input"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={bucketId} className="label">
            Group
          </label>
          <select
            id={bucketId}
            className="input"
            value={bucket}
            onChange={(e) => setBucket(e.target.value as AnalyticsBucket)}
          >
            {ANALYTICS_BUCKETS.map((b) => (
              <option key={b} value={b}>
                {BUCKET_LABELS[b]}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-taupe">
          {formatDate(`${from}T12:00:00Z`)} – {formatDate(`${to}T12:00:00Z`)}
        </p>
      </div>

      {analytics.isError ? (
        <p role="alert" className="card p-4 text-red-800">
          {ANALYTICS_TEXT.loadFailed}: {errorMessage(analytics.error)}
        </p>
      ) : analytics.data ? (
        <AnalyticsView data={analytics.data} />
      ) : (
        <PageSpinner label="Loading your analytics..." />
      )}
      <p className="text-xs text-taupe">{ANALYTICS_TEXT.privacy}</p>
    </section>
  );
}

function AnalyticsView({ data }: { data: ResellerAnalytics }) {
  const t = data.totals;
  const empty =
    t.shopViews + t.productViews + t.quoteViews + t.quotesSent + t.orders === 0 && t.commission === 0;
  const tiles = [
    { label: 'Shop views', value: t.shopViews.toLocaleString('en-IN') },
    { label: 'Product views', value: t.productViews.toLocaleString('en-IN') },
    { label: 'Quote views', value: t.quoteViews.toLocaleString('en-IN') },
    { label: 'Quotes sent', value: t.quotesSent.toLocaleString('en-IN') },
    { label: 'Quotes converted', value: t.quotesConverted.toLocaleString('en-IN') },
    { label: 'Orders', value: t.orders.toLocaleString('en-IN') },
    { label: 'Conversion rate', value: t.conversionRate === null ? '—' : `${t.conversionRate}%` },
    { label: 'Commission', value: formatInr(t.commission) },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.label} className="card p-3">
            <dt className="text-xs text-taupe">{tile.label}</dt>
            <dd className="text-lg font-semibold" data-testid={`analytics-${tile.label}`}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      {empty && <p className="card p-6 text-center text-taupe">{ANALYTICS_TEXT.empty}</p>}
      <div className="card space-y-2 p-4">
        <h3 className="text-lg font-semibold">Commission over time</h3>
        <CommissionChart series={data.series} />
      </div>
      <div className="card space-y-2 p-4">
        <h3 className="text-lg font-semibold">Top products</h3>
        {data.topProducts.length === 0 ? (
          <p className="text-sm text-taupe">No product views or sales in this period.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-taupe">
                <th className="py-1 font-medium">Product</th>
                <th className="py-1 pl-3 text-right font-medium">Views</th>
                <th className="py-1 pl-3 text-right font-medium">Sold</th>
                <th className="py-1 pl-3 text-right font-medium">Commission</th>
              </tr>
            </thead>
            <tbody>
              {data.topProducts.map((p) => (
                <tr key={p.productId} className="border-t border-sand">
                  <td className="py-1 pr-2 break-words">{p.name}</td>
                  <td className="py-1 pl-3 text-right tabular-nums">{p.views}</td>
                  <td className="py-1 pl-3 text-right tabular-nums">{p.units}</td>
                  <td className="py-1 pl-3 text-right tabular-nums">{formatInr(p.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data.quotes.length > 0 && (
        <div className="card space-y-2 p-4">
          <h3 className="text-lg font-semibold">Quotes in this period</h3>
          <ul className="divide-y divide-sand text-sm">
            {data.quotes.map((q) => (
              <li key={q.code} className="flex flex-wrap justify-between gap-2 py-1">
                <span>
                  {formatDate(q.createdAt)} · {formatInr(q.total)}
                </span>
                <span>
                  {q.views} {q.views === 1 ? 'view' : 'views'} ·{' '}
                  {q.converted ? 'Converted' : 'Not bought yet'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

const CHART = { width: 640, height: 160 };

/**
 * Commission per bucket as bars (a hand-made SVG: a few rectangles need no chart library). The bars
 * stretch to the width; the figures and dates around them are page text, so they stay readable on a
 * phone and never clip.
 */
export function CommissionChart({ series }: { series: ResellerAnalytics['series'] }) {
  const max = Math.max(0, ...series.map((b) => b.commission));
  const step = CHART.width / Math.max(1, series.length);
  const barW = Math.max(1, step * 0.7);
  const total = series.reduce((s, b) => s + b.commission, 0);
  const first = series[0];
  const last = series[series.length - 1];
  // An empty frame with 'Highest ₹0.00' read as a chart that failed to draw: say there is nothing.
  if (max === 0) return <p className="text-sm text-taupe">No commission in this period.</p>;
  return (
    <figure className="space-y-1">
      <p className="text-xs text-taupe">
        Highest <span className="tabular-nums">{formatInr(max)}</span>
      </p>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        className="h-40 w-full border-b border-sand"
        role="img"
        aria-label={`Commission over time: ${formatInr(total)} in ${series.length} ${series.length === 1 ? 'period' : 'periods'}, highest ${formatInr(max)}`}
      >
        {series.map((b, i) => {
          const h = max > 0 ? (Math.max(0, b.commission) / max) * CHART.height : 0;
          return (
            <rect
              key={b.start}
              x={i * step + (step - barW) / 2}
              y={CHART.height - h}
              width={barW}
              height={h}
              className="fill-gold-700"
              data-testid="commission-bar"
            >
              <title>{`${shortDay(b.start)}: ${formatInr(b.commission)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <figcaption className="flex justify-between text-xs text-taupe">
          <span>{shortDay(first.start)}</span>
          {last !== first && <span>{shortDay(last.start)}</span>}
        </figcaption>
      )}
    </figure>
  );
}
