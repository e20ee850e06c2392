import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { VIEW_KINDS } from '@zevar/domain';
import { users } from './users';

/**
 * Page views per reseller, kind, subject and business day (issue 26 item 4, docs/decisions/0061),
 * owned by `modules/analytics`: counts only, nothing about who viewed. Each server process counts in
 * memory and adds its counts here in batches (`views = views + excluded.views`), so several processes
 * add up.
 */
export const pageViews = pgTable(
  'page_views',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar day in the business timezone. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: VIEW_KINDS }).notNull(),
    /** The product's id or the quote's id; '' for the shop. */
    subject: text('subject').notNull().default(''),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day, t.kind, t.subject] })],
);
