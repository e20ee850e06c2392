import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { trackingCodes } from '../../db/schema';

/** Minutes a tracking code stays valid. */
export const CODE_MINUTES = 10;
/** Wrong codes tried before a code is spent. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes one order may be sent per hour (no mail bombing a buyer through the form). */
export const MAX_CODES_PER_HOUR = 3;

/** How many codes the order was sent since `since`. */
export async function codesSentSince(db: DbOrTx, orderId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingCodes)
    .where(and(eq(trackingCodes.orderId, orderId), gte(trackingCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** A new code for the order; the order's earlier codes are spent, so only the latest one works. */
export async function recordCodeIn(tx: Tx, orderId: string, codeHash: string, now: Date) {
  await tx
    .update(trackingCodes)
    .set({ spentAt: now })
    .where(and(eq(trackingCodes.orderId, orderId), isNull(trackingCodes.spentAt)));
  const [row] = await tx
    .insert(trackingCodes)
    .values({ orderId, codeHash, expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000), createdAt: now })
    .returning({ id: trackingCodes.id });
  return row!.id;
}

/** The order's code that can still be used at `now`, if any. */
export async function liveCodeOf(db: DbOrTx, orderId: string, now: Date) {
  const [row] = await db
    .select({ id: trackingCodes.id, codeHash: trackingCodes.codeHash })
    .from(trackingCodes)
    .where(
      and(
        eq(trackingCodes.orderId, orderId),
        isNull(trackingCodes.spentAt),
        gt(trackingCodes.expiresAt, now),
        lt(trackingCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(trackingCodes.createdAt), desc(trackingCodes.id))
    .limit(1);
  return row;
}

/**
 * Spends the code for the right answer. False when it was spent meanwhile (a parallel request, the
 * last wrong try): one code opens tracking once.
 */
export async function spendCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(trackingCodes)
    .set({ spentAt: now })
    .where(
      and(
        eq(trackingCodes.id, id),
        isNull(trackingCodes.spentAt),
        lt(trackingCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: trackingCodes.id });
  return rows.length > 0;
}

/** Counts a wrong try in one statement, so parallel guesses cannot pass the limit; the last one spends the code. */
export async function countWrongTry(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(trackingCodes)
    .set({
      attempts: sql`${trackingCodes.attempts} + 1`,
      spentAt: sql`case when ${trackingCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(trackingCodes.id, id), isNull(trackingCodes.spentAt)));
}
