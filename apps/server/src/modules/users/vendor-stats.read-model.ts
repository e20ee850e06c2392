import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { productVisibleOnPlan, type Plan } from '@zevar/domain';
import type { Db } from '../../db/client';
import { categories, orders, payouts, products, subscriptions, vendorEarnings } from '../../db/schema';

const parentCategories = alias(categories, 'parent_category');
import type { VendorStats } from './user-mapper';

/*
 * Read model (docs/decisions/0015): a vendor's figures for the admin and vendor screens, aggregated over
 * other modules' tables (products, orders, the earnings ledger, payouts, subscriptions) in a fixed
 * number of grouped queries, whatever the number of vendors. Reads only.
 */

const PAID = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'] as const;
const toIso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

/**
 * Statistics of many vendors in five grouped queries, whatever their number: products visible on
 * each plan (the domain's plan rule over product, category and parent plans), paid orders, commission earned and the last payout.
 */
export async function loadVendorStats(
  db: Db,
  vendors: { id: number; plan: Plan }[],
): Promise<Map<number, VendorStats>> {
  const result = new Map<number, VendorStats>();
  if (!vendors.length) return result;
  const ids = vendors.map((v) => v.id);
  const [perPlan, orderAgg, earningAgg, payoutAgg] = await Promise.all([
    db
      .select({
        plan: products.plan,
        categoryPlan: categories.plan,
        parentCategoryPlan: parentCategories.plan,
        n: sql<number>`count(*)::int`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(parentCategories, eq(parentCategories.id, categories.parentId))
      .where(eq(products.status, 'active'))
      .groupBy(products.plan, categories.plan, parentCategories.plan),
    db
      .select({
        vendorId: orders.vendorId,
        n: sql<number>`count(*)::int`,
        last: sql<Date | null>`max(${orders.createdAt})`,
      })
      .from(orders)
      .where(and(inArray(orders.vendorId, ids), inArray(orders.status, [...PAID])))
      .groupBy(orders.vendorId),
    db
      .select({
        vendorId: vendorEarnings.vendorId,
        total: sql<number>`coalesce(sum(${vendorEarnings.amountPaise}), 0)`.mapWith(Number),
        sales: sql<number>`coalesce(sum(${vendorEarnings.revenuePaise}), 0)`.mapWith(Number),
      })
      .from(vendorEarnings)
      .where(inArray(vendorEarnings.vendorId, ids))
      .groupBy(vendorEarnings.vendorId),
    db
      .select({
        vendorId: payouts.vendorId,
        last: sql<Date | null>`max(${payouts.payoutDate})`,
        paid: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number),
      })
      .from(payouts)
      // A failed, reversed or cancelled payout paid nothing (issue 24).
      .where(
        and(inArray(payouts.vendorId, ids), notInArray(payouts.status, ['FAILED', 'REVERSED', 'CANCELLED'])),
      )
      .groupBy(payouts.vendorId),
  ]);
  const orderOf = new Map(orderAgg.map((r) => [r.vendorId, r]));
  const earnedOf = new Map(earningAgg.map((r) => [r.vendorId, r]));
  const payoutOf = new Map(payoutAgg.map((r) => [r.vendorId, r]));
  for (const v of vendors) {
    const o = orderOf.get(v.id);
    const earnedPaise = earnedOf.get(v.id)?.total ?? 0;
    const paidPaise = payoutOf.get(v.id)?.paid ?? 0;
    result.set(v.id, {
      productCount: perPlan.reduce((sum, r) => sum + (productVisibleOnPlan(v.plan, r) ? r.n : 0), 0),
      orderCount: o?.n ?? 0,
      revenue: earnedPaise / 100,
      commissionPaidOut: paidPaise / 100,
      owedBack: Math.max(0, paidPaise - earnedPaise) / 100,
      sales: (earnedOf.get(v.id)?.sales ?? 0) / 100,
      lastOrderDate: toIso(o?.last),
      lastPayOutDate: toIso(payoutOf.get(v.id)?.last),
    });
  }
  return result;
}

/** Recent subscriptions of many vendors in one query, newest first. */
/**
 * A vendor's latest subscriptions. Whether one is running is read from its dates against `now`: an
 * activated subscription past its end date reads as EXPIRED (the stored status is never flipped by
 * the clock, so a wall-clock jump cannot end a subscription for good).
 */
export async function loadSubscriptions(db: Db, vendorIds: number[], now: Date) {
  if (!vendorIds.length) return new Map<number, (typeof subscriptions.$inferSelect)[]>();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.vendorId, vendorIds))
    .orderBy(desc(subscriptions.createdAt));
  const byVendor = new Map<number, (typeof subscriptions.$inferSelect)[]>();
  for (const r of rows) {
    const list = byVendor.get(r.vendorId) ?? [];
    const ended = r.status === 'ACTIVE' && (r.endDate === null || r.endDate <= now);
    if (list.length < 20) list.push(ended ? { ...r, status: 'EXPIRED' } : r);
    byVendor.set(r.vendorId, list);
  }
  return byVendor;
}
