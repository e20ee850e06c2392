import { and, eq, lt, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { checkouts } from '../../db/schema';

/*
 * The checkout module's writes for the other modules (docs/decisions/0015): payments completes a
 * checkout when its order is paid and expires the ones left open.
 */

/** A paid order's checkout is done, in the transaction that confirmed the payment. */
export async function completeCheckoutIn(tx: Tx, checkoutId: string): Promise<void> {
  await tx.update(checkouts).set({ status: 'COMPLETED' }).where(eq(checkouts.id, checkoutId));
}

/** Open checkouts past their window become EXPIRED; returns how many. */
export async function expireStaleCheckouts(db: DbOrTx, now: Date): Promise<number> {
  const expired = await db
    .update(checkouts)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(and(eq(checkouts.status, 'PENDING'), lt(checkouts.expirationTime, now)))
    .returning({ id: checkouts.id });
  return expired.length;
}

/**
 * Locks the checkout row (a checkout's order attempts are serialised on it) and answers its status and
 * cart key as they are now: a payment that completed it after the caller's first read is seen here.
 */
export async function lockCheckoutIn(tx: Tx, checkoutId: string) {
  const [row] = await tx
    .select({ status: checkouts.status, cartKey: checkouts.cartKey })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for('update');
  return row;
}

/** The other checkouts made from the same browser cart. */
export async function siblingCheckoutsIn(tx: Tx, cartKey: string, exceptId: string) {
  return tx
    .select({ id: checkouts.id, status: checkouts.status })
    .from(checkouts)
    .where(and(eq(checkouts.cartKey, cartKey), ne(checkouts.id, exceptId)));
}
