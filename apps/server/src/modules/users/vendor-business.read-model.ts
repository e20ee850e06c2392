import { and, count, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, payouts, subscriptions } from '../../db/schema';
import { ledgerTotal } from '../earnings';

/*
 * Read model (docs/decisions/0015): what business a vendor still has (orders, unsettled commission, a
 * running paid subscription), read across those modules' tables before a hard delete. Reads only.
 */

/**
 * Why a vendor cannot be hard-deleted: its orders, its commission not yet settled (either way), or a
 * paid subscription still running. Deleting would orphan that business; the admin deactivates instead.
 */
export async function vendorBusiness(db: DbOrTx, vendorId: number, now: Date): Promise<string[]> {
  const [[placed], earned, [paid], [running]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.vendorId, vendorId)),
    ledgerTotal(db, vendorId),
    db
      .select({ total: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number) })
      .from(payouts)
      .where(
        and(eq(payouts.vendorId, vendorId), notInArray(payouts.status, ['FAILED', 'REVERSED', 'CANCELLED'])),
      ),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.vendorId, vendorId),
          eq(subscriptions.status, 'ACTIVE'),
          gt(subscriptions.amountPaise, 0),
          gt(subscriptions.endDate, now),
        ),
      ),
  ]);
  const reasons: string[] = [];
  if ((placed?.n ?? 0) > 0) reasons.push('orders');
  if (earned !== (paid?.total ?? 0)) reasons.push('unpaid commission');
  if ((running?.n ?? 0) > 0) reasons.push('an active paid subscription');
  return reasons;
}

export function cannotDeleteMessage(reasons: string[]): string {
  const list = reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}` : reasons[0];
  return `This vendor has ${list}, so it cannot be deleted. Deactivate the vendor instead.`;
}
