import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payouts, users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): payouts with the display name of the vendor they were paid to (a
 * join on the users module's table, for the payout lists and detail). Reads only.
 */

export type PayoutWithVendor = { payout: typeof payouts.$inferSelect; vendorName: string };

const withVendorName = {
  payout: payouts,
  vendorName: sql<string>`coalesce(${users.businessName}, ${users.name})`,
};

/** Newest first (at most 1000), of one vendor or of all. */
export async function listPayoutsWithVendor(db: DbOrTx, vendorId?: number): Promise<PayoutWithVendor[]> {
  return db
    .select(withVendorName)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.vendorId))
    .where(vendorId ? eq(payouts.vendorId, vendorId) : undefined)
    .orderBy(desc(payouts.payoutDate), desc(payouts.id))
    .limit(1000);
}

export async function findPayoutWithVendor(db: DbOrTx, id: number): Promise<PayoutWithVendor | undefined> {
  const where: SQL = eq(payouts.id, id);
  const [row] = await db
    .select(withVendorName)
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.vendorId))
    .where(where);
  return row;
}
