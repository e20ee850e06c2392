import { asc, eq } from 'drizzle-orm';
import type { InternalNote } from '@zevar/domain';
import type { Db } from '../../db/client';
import { orderNotes, orders } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recordChangeIn } from '../audit';

type NoteRow = typeof orderNotes.$inferSelect;
type NoteAuthor = { id: number; name: string };

const toInternalNote = (r: Pick<NoteRow, 'id' | 'body' | 'authorName' | 'createdAt'>): InternalNote => ({
  id: r.id,
  body: r.body,
  author: r.authorName,
  at: r.createdAt.toISOString(),
});

async function orderIdOf(db: Db, orderNumber: string): Promise<string> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw notFound('Order');
  return row.id;
}

/**
 * Staff's internal notes on an order (issue 23 item 7): oldest first, each with who wrote it and
 * when. Only admin routes read them; no shopper or vendor answer carries them.
 */
export function createOrderNotes(db: Db) {
  async function list(orderNumber: string): Promise<InternalNote[]> {
    const orderId = await orderIdOf(db, orderNumber);
    const rows = await db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    return rows.map(toInternalNote);
  }

  /** Adds a note and its audit record in one transaction. */
  async function add(orderNumber: string, body: string, author: NoteAuthor): Promise<InternalNote> {
    const orderId = await orderIdOf(db, orderNumber);
    const row = await db.transaction(async (tx) => {
      const [note] = await tx
        .insert(orderNotes)
        .values({ orderId, body, authorId: author.id, authorName: author.name })
        .returning();
      await recordChangeIn(tx, {
        action: 'note',
        entityType: 'order',
        entityId: orderNumber,
        after: { note: body },
      });
      return note!;
    });
    return toInternalNote(row);
  }

  return { list, add };
}
