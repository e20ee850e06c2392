import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Images uploaded by anonymous shoppers (review photos), until a record uses them or the daily sweep
 * deletes them unused (decision 0035). Catalogue uploads need a permission and are not listed here.
 */
export const anonymousUploads = pgTable(
  'anonymous_uploads',
  {
    name: text('name').primaryKey(),
    uploadedAt: tstz('uploaded_at').notNull(),
  },
  (t) => [index('anonymous_uploads_uploaded_idx').on(t.uploadedAt)],
);
