import {
  paiseToRupees,
  rupeesToPaise,
  todayGroupsFor,
  zonedDayStart,
  zonedIsoDate,
  type AdminToday,
  type TodayGroup,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { failedJobCount } from '../jobs';
import { failingMailCount } from '../mail';
import { lastRateEnteredAt } from '../metals';
import { refundsWaiting, salesFigures } from '../orders';
import { createSettlementService, createTdsChallans } from '../payouts';
import { stockCounts } from '../products';
import { returnsToDecide } from '../returns';
import { deskCounts } from '../shipping';

type Figures = Omit<AdminToday, 'businessDate' | 'asOf'>;

/**
 * The admin home's figures (issue 23 item 6): each group read by its owning module, only the groups
 * the viewer may see, days and months in the business timezone. A bounded number of queries (about
 * a dozen with every group), never one per order, product or vendor.
 */
export function createTodayService(ctx: AppContext) {
  const { db, config } = ctx;
  const tz = config.BUSINESS_TIMEZONE;
  const settlement = createSettlementService(ctx);
  const tds = createTdsChallans(ctx);

  function readers(now: Date, businessDate: string): { [G in TodayGroup]: () => Promise<Figures[G]> } {
    return {
      sales: async () => {
        const dayStart = zonedDayStart(businessDate, tz);
        const monthStart = zonedDayStart(`${businessDate.slice(0, 8)}01`, tz);
        const f = await salesFigures(db, dayStart, monthStart);
        return {
          today: { orders: f.today.orders, amount: paiseToRupees(f.today.amountPaise) },
          month: { orders: f.month.orders, amount: paiseToRupees(f.month.amountPaise) },
        };
      },
      fulfilment: () => deskCounts(db, new Date(now.getTime() - config.SHIPMENT_STALE_DAYS * 86_400_000)),
      stock: () => stockCounts(db),
      rates: async () => {
        const last = await lastRateEnteredAt(db);
        return {
          lastEnteredAt: last ? last.toISOString() : null,
          fresh: last !== null && zonedIsoDate(last, tz) === businessDate,
        };
      },
      returns: async () => ({ toDecide: await returnsToDecide(db) }),
      refunds: () => refundsWaiting(db),
      payouts: async () => {
        const [{ vendors }, tax] = await Promise.all([settlement.balances(), tds.dueFigures()]);
        const due = vendors.filter((v) => v.payable > 0);
        const paise = due.reduce((sum, v) => sum + rupeesToPaise(v.payable), 0);
        return {
          vendors: due.length,
          payable: paiseToRupees(paise),
          tdsDue: paiseToRupees(tax.duePaise),
          tdsDueOn: tax.dueOn,
          tdsOverdue: paiseToRupees(tax.overduePaise),
        };
      },
      mail: async () => ({ failing: await failingMailCount(db) }),
      jobs: async () => ({ failed: await failedJobCount(db) }),
    };
  }

  async function today(roles: readonly string[]): Promise<AdminToday> {
    const now = ctx.now();
    const businessDate = zonedIsoDate(now, tz);
    const read = readers(now, businessDate);
    const groups = todayGroupsFor(roles);
    const values = await Promise.all(groups.map((g) => read[g]()));
    const figures: Figures = {};
    groups.forEach((g, i) => Object.assign(figures, { [g]: values[i] }));
    return { businessDate, asOf: now.toISOString(), ...figures };
  }

  return { today };
}
