import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { orders } from './commerce';

/**
 * One-time codes a buyer asks for to follow an order on /track (issue 22 item 5). Only a keyed hash
 * of the code is kept; a code expires, allows a few wrong tries, and is spent by the right one.
 */
export const trackingCodes = pgTable(
  'tracking_codes',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the order id and the code, keyed from the server secret. */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against this one; at the limit it is spent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    /** When the right code was given, or the wrong tries ran out; a spent code opens nothing. */
    spentAt: tstz('spent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_codes_order_idx').on(t.orderId, t.createdAt)],
);
