import { z } from 'zod';
import { safeString } from './primitives';

/** Zero-based page query. Strings from the query string are coerced; bad values are a 400, never a 500. */
export function pageQuerySchema(defaultSize = 10, maxSize = 100) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
}
/** Largest id a PostgreSQL integer column holds; a larger id is a 400, never a database error. */
export const MAX_DB_ID = 2_147_483_647;
/**
 * A database id in a path, query string or body: a JSON integer or decimal digits only ('0x10',
 * '1e3', ' 1' and 'true' are 400, not ids 16, 1000 or 1).
 */
export const dbIdSchema = z
  .union([
    z.number(),
    safeString()
      .regex(/^[0-9]{1,10}$/, 'Must be a whole number')
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_DB_ID));
export const idParamsSchema = z.object({ id: dbIdSchema });

export const pageQuery = pageQuerySchema();
export type PageQuery = z.infer<typeof pageQuery>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
  });
}
export type Paged<T> = {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
};

/**
 * How deep a public listing may be paged (issue 21): a page must start within the first
 * `MAX_RESULT_WINDOW` results, and within the first `MAX_SEARCH_RESULTS` of a text search. Deeper
 * pages cost the database more with every page and serve no shopper; narrowing the filters does.
 */
export const MAX_RESULT_WINDOW = 10_000;
export const MAX_SEARCH_RESULTS = 1_000;
/** Most words a catalogue-wide search matches (`searchWords`: each one is a condition the database checks). */
export const MAX_SEARCH_WORDS = 6;
/** Longest search text a listing accepts. */
export const MAX_SEARCH_LENGTH = 100;
export const PAGING_MESSAGES = {
  tooDeep: (window: number) =>
    `Only the first ${String(window).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} results can be paged through: narrow the search or filters`,
  searchTooLong: `Search text can be at most ${MAX_SEARCH_LENGTH} characters`,
  searchTooShort: 'Search for at least 3 letters or digits',
  searchTooManyWords: `Search for at most ${MAX_SEARCH_WORDS} words`,
} as const;

/** Search text of a listing: trimmed, at most `MAX_SEARCH_LENGTH` characters (400 beyond). */
export const searchTextSchema = safeString().trim().max(MAX_SEARCH_LENGTH, PAGING_MESSAGES.searchTooLong);

/** A word as the trigram index sees it: letters, digits and combining marks (Indic vowel signs). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/**
 * The words a catalogue-wide search matches (decision 0095): the text's words (letters, digits and
 * combining marks, as pg_trgm splits them) of at least three characters, each once (letter case
 * aside), leaving out a word that another one contains (`gold` in `golden`). A product matches when
 * its name, SKU or tagline contains every one of them, in any order: a phrase with its words swapped
 * or repeated matches what its words match, and each word gives the trigram index trigrams of its
 * own. Shorter words ('a', '9k') add no trigram and are not matched; text of them alone is refused.
 */
export function searchWords(text: string): string[] {
  const words = [...new Set([...text.matchAll(WORD)].map((m) => m[0].toLowerCase()))].filter(
    (w) => [...w].length >= 3,
  );
  return words.filter(
    (w, i) => !words.some((other, j) => j !== i && other.includes(w) && (other !== w || j < i)),
  );
}
/**
 * Whether a search over the whole catalogue can use the trigram indexes: it has a word of at least
 * three letters or digits (`searchWords`). Text without one ('zq', '%', 'a b') reads every product,
 * or every product that has some word beginning with 'b' (decisions 0086, 0095). A category's search
 * reads that category only and takes any text.
 */
export function isCatalogueSearchable(text: string): boolean {
  return searchWords(text).length > 0;
}
/**
 * Search text over the whole catalogue: as `searchTextSchema`, and (unless empty: no search) text the
 * trigram indexes can serve (`isCatalogueSearchable`; 400 otherwise, `PAGING_MESSAGES.searchTooShort`)
 * in at most `MAX_SEARCH_WORDS` words (`PAGING_MESSAGES.searchTooManyWords`).
 */
export const catalogueSearchTextSchema = searchTextSchema
  .refine((text) => text === '' || isCatalogueSearchable(text), PAGING_MESSAGES.searchTooShort)
  .refine((text) => searchWords(text).length <= MAX_SEARCH_WORDS, PAGING_MESSAGES.searchTooManyWords);

/** The deepest page a listing of `size` answers: the one that starts within `window`. */
export function pagesWithin(window: number, size: number): number {
  return Math.ceil(window / size);
}

/**
 * Adds the depth bound to a page query: the page must start within the result window (the
 * search window when the query carries a search, or always with `search: true`).
 */
export function boundedPages<S extends z.ZodType<{ page: number; size: number; search?: string }>>(
  schema: S,
  opts: { search?: boolean } = {},
) {
  return schema.superRefine((q, ctx) => {
    const window = opts.search || q.search ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
    if (q.page * q.size >= window) {
      ctx.addIssue({ code: 'custom', path: ['page'], message: PAGING_MESSAGES.tooDeep(window) });
    }
  });
}

/**
 * A page of results. `window`: the listing is bounded (`boundedPages`), so `totalPages` counts only
 * the pages a client may fetch (an infinite scroll stops there) while `totalElements` stays the
 * count (which a bounded listing may itself cap at the window).
 */
export function toPaged<T>(content: T[], totalElements: number, q: PageQuery, window?: number): Paged<T> {
  const pages = Math.ceil(totalElements / q.size);
  return {
    content,
    totalElements,
    totalPages: window === undefined ? pages : Math.min(pages, pagesWithin(window, q.size)),
    size: q.size,
    number: q.page,
  };
}
