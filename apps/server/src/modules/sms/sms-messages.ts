import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsMessages } from '../../db/schema';

/** A claim on a SENDING message older than this is taken over (its process died mid-call). */
export const STALE_CLAIM_MS = 2 * 60_000;

type Claim = { id: number } | { done: true } | { busy: true };

/**
 * Claims the message for `reference` so that exactly one caller sends it: a new reference is inserted
 * as SENDING; a FAILED one (or a claim gone stale) is taken over; a SENT one is done; a fresh claim by
 * someone else is busy. One conditional statement each, no read-then-write.
 */
export async function claimMessage(
  db: Db,
  now: Date,
  row: { reference: string; provider: 'sandbox' | 'msg91'; toPhone: string; body: string },
): Promise<Claim> {
  const [inserted] = await db
    .insert(smsMessages)
    .values({ ...row, status: 'SENDING', claimedAt: now })
    .onConflictDoNothing({ target: smsMessages.reference })
    .returning({ id: smsMessages.id });
  if (inserted) return inserted;
  const [taken] = await db
    .update(smsMessages)
    .set({ status: 'SENDING', claimedAt: now, attempts: sql`${smsMessages.attempts} + 1` })
    .where(
      and(
        eq(smsMessages.reference, row.reference),
        or(
          eq(smsMessages.status, 'FAILED'),
          and(
            eq(smsMessages.status, 'SENDING'),
            lt(smsMessages.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)),
          ),
        ),
      ),
    )
    .returning({ id: smsMessages.id });
  if (taken) return taken;
  const [existing] = await db
    .select({ status: smsMessages.status })
    .from(smsMessages)
    .where(eq(smsMessages.reference, row.reference));
  return existing?.status === 'SENT' ? { done: true } : { busy: true };
}

export async function markSent(db: Db, id: number, now: Date, providerId: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({ status: 'SENT', sentAt: now, providerId, lastError: null })
    .where(eq(smsMessages.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(smsMessages)
    .set({ status: 'FAILED', lastError: error.slice(0, 500) })
    .where(eq(smsMessages.id, id));
}
