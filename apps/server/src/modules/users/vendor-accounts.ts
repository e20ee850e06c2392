import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** The stored plan tier of each of these vendors. */
export async function vendorPlansOf(db: DbOrTx, vendorIds: number[]): Promise<Map<number, Plan>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, plan: users.plan })
    .from(users)
    .where(and(inArray(users.id, vendorIds), eq(users.type, 'VENDOR')));
  return new Map(rows.map((r) => [r.id, r.plan]));
}
