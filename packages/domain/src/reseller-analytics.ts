import { z } from 'zod';
import { dbIdSchema } from './paging';
import { isoDaySchema, safeString } from './primitives';

/**
 * Reseller analytics (issue 26 item 4, docs/decisions/0061): page views counted on the server (no
 * tracker, no personal data: daily counts only), quotes sent and bought, orders and commission, over a
 * chosen period in the business timezone, grouped by day, week (from Monday) or month.
 */

export const VIEW_KINDS = ['shop', 'product', 'quote'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The longest period one request may cover (a year and a day: a leap year fits). */
export const MAX_ANALYTICS_DAYS = 366;
export const DEFAULT_ANALYTICS_DAYS = 30;
export const TOP_PRODUCTS = 10;

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  loadFailed: 'Your analytics could not be loaded',
  empty: 'No views or sales in this period yet.',
  periodTooLong: `Choose a period of at most ${MAX_ANALYTICS_DAYS} days`,
  fromAfterTo: 'The start date must be on or before the end date',
  privacy: 'Counted on our server: no trackers, and nothing about your buyers is stored, only daily counts.',
} as const;

const dayNumber = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / 86_400_000);
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

export const analyticsQuerySchema = z
  .object({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    bucket: z.enum(ANALYTICS_BUCKETS).default('day'),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_TEXT.fromAfterTo });
    else if (daysBetween(q.from, q.to) > MAX_ANALYTICS_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXT.periodTooLong });
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const adminVendorAnalyticsParams = z.object({ vendorId: dbIdSchema });

/** The period asked for, or the last DEFAULT_ANALYTICS_DAYS days up to `today` (a missing bound follows the other). */
export function analyticsPeriod(
  q: { from?: string; to?: string },
  today: string,
): { from: string; to: string } {
  const to =
    q.to ??
    (q.from ? dayOf(Math.min(dayNumber(today), dayNumber(q.from) + DEFAULT_ANALYTICS_DAYS - 1)) : today);
  const from = q.from ?? dayOf(dayNumber(to) - DEFAULT_ANALYTICS_DAYS + 1);
  return { from, to };
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's first day. */
export function bucketStart(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  const weekday = (n + 3) % 7; // 1970-01-01 was a Thursday: Monday is 0
  return dayOf(n - weekday);
}

/** The buckets covering a period, in order: each one's first day (the first may start before `from`). */
export function bucketsOf(from: string, to: string, bucket: AnalyticsBucket): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const start = bucketStart(dayOf(n), bucket);
    if (out.at(-1) !== start) out.push(start);
  }
  return out;
}

/**
 * Adds daily figures up into the period's buckets (every bucket present, empty ones at zero). Days
 * outside the period are left out.
 */
export function bucketDaily<K extends string>(
  daily: ReadonlyArray<{ day: string } & Record<K, number>>,
  keys: readonly K[],
  period: { from: string; to: string },
  bucket: AnalyticsBucket,
): Array<{ start: string } & Record<K, number>> {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const rows = new Map(bucketsOf(period.from, period.to, bucket).map((s) => [s, zero()]));
  for (const d of daily) {
    if (d.day < period.from || d.day > period.to) continue;
    const row = rows.get(bucketStart(d.day, bucket));
    if (row) for (const k of keys) row[k] += d[k];
  }
  return [...rows.entries()].map(([start, v]) => ({ start, ...v }));
}

/** Orders per hundred views, to one decimal; null without views. */
export function conversionPercent(orders: number, views: number): number | null {
  if (views <= 0) return null;
  return Math.round((orders * 1000) / views) / 10;
}

export const resellerAnalyticsSchema = z.object({
  from: safeString(),
  to: safeString(),
  bucket: z.enum(ANALYTICS_BUCKETS),
  totals: z.object({
    shopViews: z.number().int(),
    productViews: z.number().int(),
    quoteViews: z.number().int(),
    quotesSent: z.number().int(),
    quotesConverted: z.number().int(),
    orders: z.number().int(),
    /** Orders per hundred views (shop, product and quote pages); null without views. */
    conversionRate: z.number().nullable(),
    /** Commission earned net of reversals, rupees. */
    commission: z.number(),
  }),
  series: z.array(
    z.object({
      start: safeString(),
      views: z.number().int(),
      orders: z.number().int(),
      commission: z.number(),
    }),
  ),
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      name: safeString(),
      views: z.number().int(),
      units: z.number().int(),
      commission: z.number(),
    }),
  ),
  quotes: z.array(
    z.object({
      code: safeString(),
      createdAt: safeString(),
      views: z.number().int(),
      converted: z.boolean(),
      total: z.number(),
    }),
  ),
});
export type ResellerAnalytics = z.infer<typeof resellerAnalyticsSchema>;
