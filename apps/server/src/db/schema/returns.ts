import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * The operator's returns policy (issue 22 item 7c, docs/decisions/0039), owned by `modules/returns`:
 * one row (id 1), absent until the first save (the specification's "no returns" then). Versioned like
 * the other admin records (decision 0023): a save names the version it started from.
 */
export const returnsPolicy = pgTable(
  'returns_policy',
  {
    id: integer('id').primaryKey().default(1),
    kind: text('kind', { enum: ['NONE', 'WINDOW'] }).notNull(),
    days: integer('days'),
    maxValuePaise: bigint('max_value_paise', { mode: 'number' }),
    excludedCategoryIds: jsonb('excluded_category_ids').$type<number[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: tstz('updated_at'),
  },
  (t) => [
    check('returns_policy_single_row', sql`${t.id} = 1`),
    check('returns_policy_window_days', sql`${t.kind} = 'NONE' or ${t.days} between 1 and 365`),
  ],
);
