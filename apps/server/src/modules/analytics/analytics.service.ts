import {
  TOP_PRODUCTS,
  analyticsPeriod,
  bucketDaily,
  conversionPercent,
  orderTotals,
  paiseToRupees,
  zonedDayStart,
  zonedIsoDate,
  type AnalyticsQuery,
  type ResellerAnalytics,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { liveOrdersOfQuotes } from '../orders';
import {
  earningsByDay,
  ordersIn,
  productNames,
  quotesMadeIn,
  salesByProduct,
  viewsIn,
} from './analytics.read-model';

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A reseller's analytics over a period of business days (docs/decisions/0061): views from the page
 * view counts, quotes sent and bought, orders and commission from the earnings ledger (what was
 * credited to the reseller, net of reversals), grouped by day, week or month.
 */
export function createAnalyticsService(ctx: AppContext) {
  return async function analyticsOf(
    vendorId: number,
    query: AnalyticsQuery & { bucket: ResellerAnalytics['bucket'] },
  ): Promise<ResellerAnalytics> {
    const timeZone = ctx.config.BUSINESS_TIMEZONE;
    const { from, to } = analyticsPeriod(query, zonedIsoDate(ctx.now(), timeZone));
    const period = {
      from,
      to,
      timeZone,
      start: zonedDayStart(from, timeZone),
      end: zonedDayStart(nextDay(to), timeZone),
    };
    const db = ctx.db;
    const [views, earnings, orders, sales, made] = await Promise.all([
      viewsIn(db, vendorId, period),
      earningsByDay(db, vendorId, period),
      ordersIn(db, vendorId, period),
      salesByProduct(db, vendorId, period),
      quotesMadeIn(db, vendorId, period),
    ]);
    const live = await liveOrdersOfQuotes(
      db,
      made.map((q) => q.id),
    );

    const viewsOf = (kind: string) => views.filter((v) => v.kind === kind).reduce((s, v) => s + v.views, 0);
    const bySubject = (kind: string) => {
      const out = new Map<string, number>();
      for (const v of views) if (v.kind === kind) out.set(v.subject, (out.get(v.subject) ?? 0) + v.views);
      return out;
    };
    const productViews = bySubject('product');
    const quoteViews = bySubject('quote');

    const daily = new Map<string, { day: string; views: number; orders: number; commission: number }>();
    const dayRow = (day: string) => {
      let row = daily.get(day);
      if (!row) daily.set(day, (row = { day, views: 0, orders: 0, commission: 0 }));
      return row;
    };
    for (const v of views) dayRow(v.day).views += v.views;
    for (const e of earnings) {
      const row = dayRow(e.day);
      row.orders += e.orders;
      row.commission += e.commissionPaise;
    }
    const series = bucketDaily(
      [...daily.values()],
      ['views', 'orders', 'commission'],
      { from, to },
      query.bucket,
    ).map((b) => ({ ...b, commission: paiseToRupees(b.commission) }));

    // Top products: by commission, then by views; a product viewed but not sold is listed too.
    const products = new Map<
      number,
      { productId: number; name: string; views: number; units: number; commissionPaise: number }
    >();
    for (const s of sales) {
      if (s.productId === null) continue;
      products.set(s.productId, {
        productId: s.productId,
        name: s.name,
        views: productViews.get(String(s.productId)) ?? 0,
        units: s.units,
        commissionPaise: s.commissionPaise,
      });
    }
    const viewedOnly = [...productViews.keys()]
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && !products.has(id));
    const names = await productNames(db, viewedOnly);
    for (const id of viewedOnly) {
      const name = names.get(id);
      if (name)
        products.set(id, {
          productId: id,
          name,
          views: productViews.get(String(id)) ?? 0,
          units: 0,
          commissionPaise: 0,
        });
    }
    const topProducts = [...products.values()]
      .sort((a, b) => b.commissionPaise - a.commissionPaise || b.views - a.views || a.productId - b.productId)
      .slice(0, TOP_PRODUCTS)
      .map(({ commissionPaise, ...p }) => ({ ...p, commission: paiseToRupees(commissionPaise) }));

    const quoteRows = made.map((q) => ({
      code: q.code,
      createdAt: q.createdAt.toISOString(),
      views: quoteViews.get(q.id) ?? 0,
      converted: live.get(q.id)?.paid ?? false,
      total: paiseToRupees(
        orderTotals(
          q.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0),
          0,
        ).finalPaise,
      ),
    }));
    const allViews = viewsOf('shop') + viewsOf('product') + viewsOf('quote');
    return {
      from,
      to,
      bucket: query.bucket,
      totals: {
        shopViews: viewsOf('shop'),
        productViews: viewsOf('product'),
        quoteViews: viewsOf('quote'),
        quotesSent: made.length,
        quotesConverted: quoteRows.filter((q) => q.converted).length,
        orders,
        conversionRate: conversionPercent(orders, allViews),
        commission: paiseToRupees(earnings.reduce((s, e) => s + e.commissionPaise, 0)),
      },
      series,
      topProducts,
      quotes: quoteRows,
    };
  };
}
