import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { emailOutbox, type OutboxAttachment } from '../../db/schema';
import type { MailAttachment, Mailer } from './mailer';
import { builtOnce, type Placeholders } from '../../db/built-once';

export const MAX_ATTEMPTS = 8;
const SENDING_AT_ONCE = 5;

/** Queues a message once per dedupe key; a second call with the same key does nothing. */
export async function queueEmail(
  db: DbOrTx,
  message: {
    dedupeKey: string;
    to: string;
    subject: string;
    html: string;
    attachments?: OutboxAttachment[];
  },
): Promise<boolean> {
  const rows = await insertEmail(db, {
    dedupeKey: message.dedupeKey,
    to: message.to,
    subject: message.subject,
    html: message.html,
    attachments: message.attachments ?? [],
  });
  return rows.length > 0;
}

// The statements every mail goes through, built once (decision 0102).
const insertEmail = builtOnce(
  (db, p: Placeholders<'dedupeKey' | 'to' | 'subject' | 'html' | 'attachments'>) =>
    db
      .insert(emailOutbox)
      .values({
        dedupeKey: p.dedupeKey,
        toAddress: p.to,
        subject: p.subject,
        html: p.html,
        attachments: p.attachments,
      })
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id }),
);

/** Claims up to `batch` due mails: their next attempt pushed to `until`. */
const claimDue = builtOnce((db, p: Placeholders<'now' | 'batch' | 'until'>) => {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'PENDING'), lte(emailOutbox.nextAttemptAt, p.now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(p.batch)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: p.until })
    .where(inArray(emailOutbox.id, due))
    .returning();
});

const markSent = builtOnce((db, p: Placeholders<'ids' | 'sentAt'>) =>
  db
    .update(emailOutbox)
    .set({
      status: 'SENT',
      sentAt: p.sentAt,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: null,
    })
    .where(sql`${emailOutbox.id} = any(${p.ids})`),
);

/** Minutes to wait before attempt n+1: 1, 2, 4 ... capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

type Deps = {
  db: Db;
  mailer: Mailer;
  from: string;
  now: () => Date;
  log?: { warn: (o: object, m: string) => void };
  /** Renders an attachment kept by reference (a failure is a failed attempt, retried like any other). */
  attachment?: (a: OutboxAttachment) => Promise<MailAttachment>;
};

/**
 * Sends every due message, `batch` at a time, taking batches while the last one was full and for at
 * most `budgetMs` (one batch at least); failures are retried with backoff until MAX_ATTEMPTS. Returns
 * how many were sent. One batch per run sent at most 20 mails every MAIL_DELIVERY_SECONDS (15 s), 1.3
 * a second, while paid orders queue a confirmation each at tens a second (decision 0093).
 */
export async function deliverDueEmails(deps: Deps, batch = 20, budgetMs = 5_000): Promise<number> {
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const { taken, sent: sentNow } = await deliverBatch(deps, batch);
    sent += sentNow;
    if (taken < batch || performance.now() - started >= budgetMs) return sent;
  }
}

/** One mail's attempt: handed over, or the error it failed with. */
async function attempt(deps: Deps, mail: typeof emailOutbox.$inferSelect): Promise<string | null> {
  try {
    const attachments = await Promise.all(
      mail.attachments.map((a) => {
        if (!deps.attachment) throw new Error('no renderer for outbox attachments');
        return deps.attachment(a);
      }),
    );
    await deps.mailer.send({
      from: deps.from,
      to: mail.toAddress,
      subject: mail.subject,
      html: mail.html,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Claims up to `batch` due mails in one statement (their next attempt pushed out, so a second worker
 * does not send them too; rows another worker is claiming are skipped), sends them five at a time, and
 * marks the sent ones in one statement.
 */
async function deliverBatch(deps: Deps, batch: number): Promise<{ taken: number; sent: number }> {
  const now = deps.now();
  const claimed = await claimDue(deps.db, {
    now,
    batch,
    until: new Date(now.getTime() + 10 * 60_000),
  });
  claimed.sort((a, b) => a.id - b.id);
  // Five of the batch's mails at a time (nodemailer's own pool size): each waits on the database, its
  // invoice and the mailer in turns, and one at a time a busy event loop (paid orders being answered)
  // let a run send only a few.
  const errors: Array<string | null> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SENDING_AT_ONCE, claimed.length) }, async () => {
      while (next < claimed.length) {
        const i = next++;
        errors[i] = await attempt(deps, claimed[i]!);
      }
    }),
  );
  const sentIds: number[] = [];
  for (const [i, mail] of claimed.entries()) {
    const error = errors[i]!;
    if (error === null) {
      sentIds.push(mail.id);
      continue;
    }
    const attempts = mail.attempts + 1;
    deps.log?.warn({ emailId: mail.id, attempts, error }, 'email delivery failed');
    await deps.db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: error.slice(0, 500),
        status: attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING',
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      })
      .where(eq(emailOutbox.id, mail.id));
  }
  if (sentIds.length > 0) await markSent(deps.db, { ids: sentIds, sentAt: deps.now() });
  return { taken: claimed.length, sent: sentIds.length };
}
