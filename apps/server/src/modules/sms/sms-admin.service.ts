import { count, desc, eq } from 'drizzle-orm';
import { toPaged, type Paged, type SmsMessage, type SmsQuery } from '@zevar/domain';
import type { Db } from '../../db/client';
import { smsMessages } from '../../db/schema';

type Row = typeof smsMessages.$inferSelect;

const toDto = (r: Row): SmsMessage => ({
  id: r.id,
  reference: r.reference,
  provider: r.provider,
  to: r.toPhone,
  text: r.body,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** Text messages for super admins (and the sandbox's reader in tests), newest first. */
export async function pageSmsMessages(db: Db, q: SmsQuery): Promise<Paged<SmsMessage>> {
  const where = q.reference ? eq(smsMessages.reference, q.reference) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsMessages)
      .where(where)
      .orderBy(desc(smsMessages.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(smsMessages).where(where),
  ]);
  return toPaged(rows.map(toDto), total?.n ?? 0, q);
}
