import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Plan } from '@zevar/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { users, vendorBankChanges } from '../../db/schema';

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

/** `••••1234 HDFC0001234`: an account as the bank-change history keeps it. */
export function maskAccount(account: string | null, ifsc: string | null): string {
  const last4 = account ? account.slice(-4) : '';
  return `${account ? `••••${last4}` : '(none)'}${ifsc ? ` ${ifsc}` : ''}`;
}

export type VendorBank = {
  bankName: string | null;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
};

/**
 * Writes the vendor's payout bank details (the KYC module, when a reseller submits KYC). A changed
 * account or IFSC replacing earlier details is recorded in vendor_bank_changes and marks the account
 * changed, so payouts wait for an admin (the bank-change rule); the first details given are no change.
 */
export async function setVendorBankIn(
  tx: Tx,
  vendorId: number,
  bank: VendorBank,
  actorId: number,
  now: Date,
): Promise<{ changed: boolean }> {
  const [before] = await tx.select().from(users).where(eq(users.id, vendorId));
  if (!before) return { changed: false };
  const replaced =
    (before.accountNumber || before.ifscCode) &&
    (before.accountNumber !== bank.accountNumber || before.ifscCode !== bank.ifscCode);
  if (replaced) {
    await tx.insert(vendorBankChanges).values({
      vendorId,
      changedBy: actorId,
      changedAt: now,
      oldAccount: maskAccount(before.accountNumber, before.ifscCode),
      newAccount: maskAccount(bank.accountNumber, bank.ifscCode),
    });
  }
  await tx
    .update(users)
    .set({
      bankName: bank.bankName ?? before.bankName,
      accountHolderName: bank.accountHolderName,
      accountNumber: bank.accountNumber,
      ifscCode: bank.ifscCode,
      ...(replaced ? { bankChangedAt: now } : {}),
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, vendorId));
  return { changed: Boolean(replaced) };
}

/** An admin confirmed the vendor's current bank account: every unconfirmed change is confirmed. */
export async function confirmVendorBankIn(
  tx: Tx,
  vendorId: number,
  adminId: number,
  now: Date,
): Promise<void> {
  await tx.update(users).set({ bankConfirmedAt: now }).where(eq(users.id, vendorId));
  await tx
    .update(vendorBankChanges)
    .set({ confirmedBy: adminId, confirmedAt: now })
    .where(and(eq(vendorBankChanges.vendorId, vendorId), isNull(vendorBankChanges.confirmedAt)));
}
