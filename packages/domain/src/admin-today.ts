import { z } from 'zod';
import { hasPermission, type AdminRole } from './roles';

/**
 * The admin home's "Today" tiles (issue 23 item 6): what needs doing today, each group of figures
 * shown only to the roles that may act on it and linking to the list that holds those items.
 */
const TODAY_GROUPS = [
  'sales',
  'fulfilment',
  'stock',
  'rates',
  'returns',
  'refunds',
  'payouts',
  'mail',
  'jobs',
] as const;
export type TodayGroup = (typeof TODAY_GROUPS)[number];

/** Who may see each group (any of the roles; SUPER_ADMIN passes every check). */
export const TODAY_GROUP_PERMISSIONS: Record<TodayGroup, readonly AdminRole[]> = {
  sales: ['MANAGE_ORDERS', 'VIEW_DETAILS'],
  fulfilment: ['MANAGE_ORDERS', 'VIEW_DETAILS'],
  stock: ['MANAGE_PRODUCTS'],
  rates: ['MANAGE_PRODUCTS'],
  returns: ['MANAGE_ORDERS'],
  refunds: ['MANAGE_ORDERS'],
  payouts: ['MANAGE_VENDORS'],
  mail: ['SUPER_ADMIN'],
  jobs: ['SUPER_ADMIN'],
};

function maySeeTodayGroup(roles: readonly string[], group: TodayGroup): boolean {
  return TODAY_GROUP_PERMISSIONS[group].some((role) => hasPermission(roles, role));
}

/** The groups the roles may see, in tile order. */
export function todayGroupsFor(roles: readonly string[]): TodayGroup[] {
  return TODAY_GROUPS.filter((group) => maySeeTodayGroup(roles, group));
}

const count = z.number().int().min(0);
const period = z.object({ orders: count, amount: z.number() });

export const adminTodaySchema = z.object({
  /** The business day the figures are for ('2026-11-26'), in the business timezone. */
  businessDate: z.string(),
  asOf: z.string(),
  /** Orders paid in the day and in the month so far (by payment time), with their totals in rupees. */
  sales: z.object({ today: period, month: period }).optional(),
  /** The fulfilment desk's queues: orders to pack, parcels to ship, shipments with an exception. */
  fulfilment: z.object({ toPack: count, toShip: count, exceptions: count }).optional(),
  /** Active products with low stock (1 to the low-stock mark) and with none. */
  stock: z.object({ low: count, out: count }).optional(),
  /** When a metal rate was last entered; fresh when that was today in the business timezone. */
  rates: z.object({ lastEnteredAt: z.string().nullable(), fresh: z.boolean() }).optional(),
  /** Return requests waiting for a decision. */
  returns: z.object({ toDecide: count }).optional(),
  /** Orders whose refund failed at the gateway (to ask again) and those waiting for the gateway. */
  refunds: z.object({ failed: count, pending: count }).optional(),
  /**
   * Vendors with a payable balance and the sum payable, in rupees; and the TDS deducted and not yet
   * deposited: the amount, the earliest deposit due day among it, and the part past its due day.
   */
  payouts: z
    .object({
      vendors: count,
      payable: z.number(),
      tdsDue: z.number(),
      tdsDueOn: z.string().nullable(),
      tdsOverdue: z.number(),
    })
    .optional(),
  /** Mail failing to send (failed, or waiting after a failed attempt). */
  mail: z.object({ failing: count }).optional(),
  /** Background job runs that failed after every retry. */
  jobs: z.object({ failed: count }).optional(),
});
export type AdminToday = z.infer<typeof adminTodaySchema>;
