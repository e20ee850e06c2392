import type { AdminSectionKey, AdminToday } from '@zevar/domain';
import { formatDate, formatDateTime, formatInr } from '../../../lib/format';

/** One tile of the admin home: a figure, what it counts, and the list it opens. */
export type TodayTile = {
  key: string;
  label: string;
  figure: string;
  detail?: string;
  /** Something is waiting (the tile stands out). */
  attention: boolean;
  section: AdminSectionKey;
  filter?: Record<string, string>;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The tiles the server's figures make, in reading order (groups the viewer may not see are absent). */
export function todayTiles(t: AdminToday): TodayTile[] {
  const tiles: TodayTile[] = [];
  const add = (tile: TodayTile) => tiles.push(tile);
  if (t.sales) {
    add({
      key: 'sales-today',
      label: 'Sales today',
      figure: formatInr(t.sales.today.amount),
      detail: plural(t.sales.today.orders, 'order', 'orders'),
      attention: false,
      section: 'orders',
    });
    add({
      key: 'sales-month',
      label: 'Sales this month',
      figure: formatInr(t.sales.month.amount),
      detail: plural(t.sales.month.orders, 'order', 'orders'),
      attention: false,
      section: 'orders',
    });
  }
  if (t.fulfilment) {
    const f = t.fulfilment;
    add({
      key: 'to-pack',
      label: 'Orders to pack',
      figure: String(f.toPack),
      attention: f.toPack > 0,
      section: 'fulfilment',
      filter: { queue: 'TO_PACK' },
    });
    add({
      key: 'to-ship',
      label: 'Parcels to ship',
      figure: String(f.toShip),
      attention: f.toShip > 0,
      section: 'fulfilment',
      filter: { queue: 'TO_SHIP' },
    });
    add({
      key: 'exceptions',
      label: 'Shipment exceptions',
      figure: String(f.exceptions),
      attention: f.exceptions > 0,
      section: 'fulfilment',
      filter: { queue: 'EXCEPTIONS' },
    });
  }
  if (t.stock) {
    add({
      key: 'low-stock',
      label: 'Low stock',
      figure: String(t.stock.low),
      detail: 'Active products',
      attention: t.stock.low > 0,
      section: 'products',
      filter: { stock: 'low', status: 'active' },
    });
    add({
      key: 'out-of-stock',
      label: 'Out of stock',
      figure: String(t.stock.out),
      detail: 'Active products',
      attention: t.stock.out > 0,
      section: 'products',
      filter: { stock: 'out', status: 'active' },
    });
  }
  if (t.rates) {
    add({
      key: 'rates',
      label: 'Metal rates',
      figure: t.rates.fresh ? 'Entered today' : 'Not entered today',
      detail: t.rates.lastEnteredAt
        ? `Last entered ${formatDateTime(t.rates.lastEnteredAt)}`
        : 'No rate entered yet',
      attention: !t.rates.fresh,
      section: 'metals',
    });
  }
  if (t.returns)
    add({
      key: 'returns',
      label: 'Returns to decide',
      figure: String(t.returns.toDecide),
      attention: t.returns.toDecide > 0,
      section: 'return-requests',
      filter: { status: 'REQUESTED' },
    });
  if (t.refunds)
    add({
      key: 'refunds',
      label: 'Refunds to retry',
      figure: String(t.refunds.failed),
      detail: `${t.refunds.pending} waiting for the gateway`,
      attention: t.refunds.failed > 0,
      section: 'orders',
      filter: { paymentStatus: 'REFUND_FAILED' },
    });
  if (t.payouts)
    add({
      key: 'payouts',
      label: 'Vendor payouts due',
      figure: formatInr(t.payouts.payable),
      detail: plural(t.payouts.vendors, 'vendor', 'vendors'),
      attention: t.payouts.vendors > 0,
      section: 'payout-runs',
    });
  if (t.payouts && (t.payouts.tdsDue > 0 || t.payouts.tdsOverdue > 0))
    add({
      key: 'tds',
      label: 'TDS to deposit',
      figure: formatInr(t.payouts.tdsDue),
      detail:
        t.payouts.tdsOverdue > 0
          ? `${formatInr(t.payouts.tdsOverdue)} overdue`
          : t.payouts.tdsDueOn
            ? `by ${formatDate(t.payouts.tdsDueOn)}`
            : undefined,
      attention: t.payouts.tdsOverdue > 0,
      section: 'tds',
    });
  if (t.mail)
    add({
      key: 'mail',
      label: 'Failing mail',
      figure: String(t.mail.failing),
      attention: t.mail.failing > 0,
      section: 'jobs',
    });
  if (t.jobs)
    add({
      key: 'jobs',
      label: 'Failed jobs',
      figure: String(t.jobs.failed),
      attention: t.jobs.failed > 0,
      section: 'jobs',
    });
  return tiles;
}

/** The address a tile opens: the dashboard with the section and its filter. */
export function tileHref(tile: Pick<TodayTile, 'section' | 'filter'>): string {
  const params = new URLSearchParams({ section: tile.section, ...tile.filter });
  return `/admin/dashboard?${params.toString()}`;
}
