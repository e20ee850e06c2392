import { useQuery } from '@tanstack/react-query';
import { metalRatesHistorySchema, type MetalRatesHistory } from '@zevar/domain';
import { api } from '../lib/api';
import { formatDate, formatInr } from '../lib/format';

const DAY = 86_400_000;
const W = 320;
const H = 96;

/**
 * Daily points for one purity over the window: the rate at the window's start, then each change,
 * carried to today (a step line). Null purity is the metal's fine rate.
 */
export function ratePoints(h: MetalRatesHistory, purity: string | null, now: number) {
  const from = now - h.days * DAY;
  const start = h.start.find((s) => s.purity === purity);
  const changes = h.changes.filter((c) => c.purity === purity);
  const points: Array<{ t: number; rate: number }> = [];
  const first = start?.rate ?? changes[0]?.oldRate ?? changes[0]?.rate;
  if (first === undefined || first === null) return points;
  points.push({ t: from, rate: first });
  for (const c of changes) {
    const t = Date.parse(c.changedAt);
    points.push({ t, rate: points[points.length - 1]!.rate }, { t, rate: c.rate });
  }
  points.push({ t: now, rate: points[points.length - 1]!.rate });
  return points;
}

/** A small chart of a purity's rate over the last 30 days (plain SVG; loaded lazily). */
export default function RateChart({
  metalId,
  purity,
  label,
}: {
  metalId: number;
  purity: string;
  label: string;
}) {
  const history = useQuery({
    queryKey: ['metal-rates', 'history', metalId, 30],
    queryFn: () =>
      api.get('/metal-rates/history', {
        query: { metal: metalId, days: 30 },
        schema: metalRatesHistorySchema,
      }),
  });
  if (!history.data) return null;
  const now = Date.now();
  const points = ratePoints(history.data, purity, now);
  if (points.length < 2) return null;
  const rates = points.map((p) => p.rate);
  const lo = Math.min(...rates);
  const hi = Math.max(...rates);
  const span = hi - lo || 1;
  const t0 = points[0]!.t;
  const x = (t: number) => ((t - t0) / (now - t0 || 1)) * W;
  const y = (r: number) => H - 8 - ((r - lo) / span) * (H - 16);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.rate).toFixed(1)}`).join(' ');
  const last = rates[rates.length - 1]!;
  return (
    <figure className="rounded-lg border border-sand p-3" aria-label={`${label} rate, last 30 days`}>
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label} rate, last 30 days</span>
        <span className="tabular-nums">{formatInr(last)}/g</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-2 h-24 w-full"
        role="img"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="text-gold-600"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="flex justify-between text-xs text-taupe">
        <span>{formatDate(t0)}</span>
        <span>
          Low {formatInr(lo)} · High {formatInr(hi)}
        </span>
        <span>Today</span>
      </div>
    </figure>
  );
}
