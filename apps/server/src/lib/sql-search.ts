import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `%`, `_` and `\` are literal in a user's search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on a column or expression (served by a trigram index where one exists). */
export function textContains(column: SQL | AnyPgColumn, text: string): SQL {
  return sql`${column} ilike ${likePattern(text)}`;
}
