import { and, count, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/** Payment states of an order whose payment was taken (refunded later or not). */
export const PAID_PAYMENT_STATUSES = ['CAPTURED', 'REFUND_PENDING', 'REFUNDED', 'REFUND_FAILED'] as const;

export type SalesFigures = {
  today: { orders: number; amountPaise: number };
  month: { orders: number; amountPaise: number };
};

/**
 * Orders paid since the start of the business month and since the start of the business day (by
 * payment time), with their totals in paise: one query (the admin home, issue 23 item 6).
 */
export async function salesFigures(db: DbOrTx, dayStart: Date, monthStart: Date): Promise<SalesFigures> {
  const since = dayStart < monthStart ? dayStart : monthStart;
  const today = sql`${orders.paymentDate} >= ${dayStart}`;
  const month = sql`${orders.paymentDate} >= ${monthStart}`;
  const [row] = await db
    .select({
      todayOrders: sql<number>`count(*) filter (where ${today})`.mapWith(Number),
      todayPaise: sql<number>`coalesce(sum(${orders.finalAmountPaise}) filter (where ${today}), 0)`.mapWith(
        Number,
      ),
      monthOrders: sql<number>`count(*) filter (where ${month})`.mapWith(Number),
      monthPaise: sql<number>`coalesce(sum(${orders.finalAmountPaise}) filter (where ${month}), 0)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]),
        isNotNull(orders.paymentDate),
        gte(orders.paymentDate, since),
      ),
    );
  return {
    today: { orders: row?.todayOrders ?? 0, amountPaise: row?.todayPaise ?? 0 },
    month: { orders: row?.monthOrders ?? 0, amountPaise: row?.monthPaise ?? 0 },
  };
}

/** Orders whose refund the gateway failed (an admin asks again) and those waiting for the gateway. */
export async function refundsWaiting(db: DbOrTx): Promise<{ failed: number; pending: number }> {
  const rows = await db
    .select({ status: orders.paymentStatus, n: count() })
    .from(orders)
    .where(inArray(orders.paymentStatus, ['REFUND_FAILED', 'REFUND_PENDING']))
    .groupBy(orders.paymentStatus);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { failed: of('REFUND_FAILED'), pending: of('REFUND_PENDING') };
}
