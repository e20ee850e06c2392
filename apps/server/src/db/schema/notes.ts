import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './commerce';
import { users } from './users';

/*
 * Internal notes (issue 23 item 7): staff write them on an order and on a customer; they are never
 * part of an answer to a shopper or a vendor. Append-only: a note is corrected by another note.
 */

/** A note on an order (orders module). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it (kept when the account goes). */
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A note on a customer (customers module): the customer is the digest of email and phone that
 * groups their orders (`md5(lower(trim(email)) || '|' || trim(phone))`).
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerKey: text('customer_key').notNull(),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_key_idx').on(t.customerKey, t.createdAt)],
);
