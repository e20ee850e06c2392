import { and, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import { toPaged, type OutboxMessage, type OutboxQuery, type Paged } from '@zevar/domain';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

/** The outbox as admins see it (Background Jobs): failing, waiting and sent mail, retry and resend. */
type Row = typeof emailOutbox.$inferSelect;

const toDto = (r: Row): OutboxMessage => ({
  id: r.id,
  dedupeKey: r.dedupeKey,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

const VIEW: Record<OutboxQuery['view'], SQL | undefined> = {
  ALL: undefined,
  FAILING: or(
    eq(emailOutbox.status, 'FAILED'),
    and(eq(emailOutbox.status, 'PENDING'), gt(emailOutbox.attempts, 0)),
  ),
  WAITING: eq(emailOutbox.status, 'PENDING'),
  SENT: eq(emailOutbox.status, 'SENT'),
};

/** Mail the Failing view lists, for the admin home (issue 23 item 6). */
export async function failingMailCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(VIEW.FAILING);
  return row?.n ?? 0;
}

export const OUTBOX_TEXT = {
  alreadySent: 'This mail was sent: resend it instead',
  notSent: 'This mail has not been sent yet: retry it instead',
} as const;

export function createOutboxAdmin(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const one = async (id: number) => {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw notFound('Mail');
    return row;
  };
  return {
    async page(q: OutboxQuery): Promise<Paged<OutboxMessage>> {
      const where = VIEW[q.view];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.id))
          .limit(q.size)
          .offset(q.page * q.size),
        db.select({ n: count() }).from(emailOutbox).where(where),
      ]);
      return toPaged(rows.map(toDto), total?.n ?? 0, q);
    },

    /** Failing or waiting mail goes out on the next delivery run, with a fresh set of tries. */
    async retry(id: number): Promise<OutboxMessage> {
      const row = await one(id);
      if (row.status === 'SENT') throw conflict(OUTBOX_TEXT.alreadySent);
      const [updated] = await db
        .update(emailOutbox)
        .set({ status: 'PENDING', attempts: 0, nextAttemptAt: deps.now() })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, row.status)))
        .returning();
      return toDto(updated ?? (await one(id)));
    },

    /** A sent mail (an order's confirmation the customer lost) is queued again as a new message. */
    async resend(id: number): Promise<OutboxMessage> {
      const row = await one(id);
      if (row.status !== 'SENT') throw conflict(OUTBOX_TEXT.notSent);
      const [copy] = await db
        .insert(emailOutbox)
        .values({
          dedupeKey: `${row.dedupeKey}:resent:${deps.now().getTime()}`,
          toAddress: row.toAddress,
          subject: row.subject,
          html: row.html,
          attachments: row.attachments,
          nextAttemptAt: deps.now(),
        })
        .returning();
      return toDto(copy!);
    },
  };
}
