import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchWords } from '@zevar/domain';

/** `%`, `_` and `\` are literal in a user's search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on a column or expression (served by a trigram index where one exists). */
export function textContains(column: SQL | AnyPgColumn, text: string): SQL {
  return sql`${column} ilike ${likePattern(text)}`;
}

/**
 * A catalogue-wide search (decision 0095): every word of `text` (`searchWords`) is contained in one
 * of `columns`, in any order. Each word is its own `ILIKE '%word%'`, served by the columns' trigram
 * indexes with that word's trigrams alone, so a common phrase with its words swapped no longer has
 * every product rechecked for a phrase none has. Undefined when the text has no such word.
 */
export function everyWordIn(columns: Array<SQL | AnyPgColumn>, text: string): SQL | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => or(...columns.map((c) => textContains(c, w)))!));
}
