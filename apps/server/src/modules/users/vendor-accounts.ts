import { and, eq, sql } from 'drizzle-orm';
import type { Plan } from '@zevar/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The vendor's plan tier (what their storefront shows), set by the subscriptions module when a paid
 * plan starts or the last one ends, inside the transaction that gated that change
 * (docs/decisions/0015-module-table-ownership.md).
 */
export async function setVendorPlanIn(tx: DbOrTx, vendorId: number, plan: Plan, now: Date): Promise<void> {
  await tx.update(users).set({ plan, updatedAt: now }).where(eq(users.id, vendorId));
}

/** A vendor's account row (plan, names, bank details), or undefined when the id is not a vendor's. */
export async function findVendorAccount(db: DbOrTx, vendorId: number) {
  const [vendor] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, vendorId), eq(users.type, 'VENDOR')));
  return vendor;
}

/** Locks the vendor's row until the caller's transaction ends (serialises the vendor's payouts). */
export async function lockVendorIn(tx: Tx, vendorId: number): Promise<void> {
  await tx.execute(sql`select id from ${users} where ${users.id} = ${vendorId} for update`);
}
