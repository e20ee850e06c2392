import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boundedPages,
  catalogueSearchTextSchema,
  isCatalogueSearchable,
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  PAGING_MESSAGES,
  pageQuerySchema,
  pagesWithin,
  searchTextSchema,
  toPaged,
} from './paging';

const listing = boundedPages(pageQuerySchema(15, 100).extend({ search: searchTextSchema.optional() }));

describe('bounded listings', () => {
  it('accept a page exactly when it starts inside the window (the search window with a search)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        (page, size, searching) => {
          const query = { page: String(page), size: String(size), ...(searching ? { search: 'ring' } : {}) };
          const window = searching ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
          const parsed = listing.safeParse(query);
          expect(parsed.success).toBe(page * size < window);
          if (!parsed.success) {
            expect(parsed.error.issues).toEqual([
              expect.objectContaining({ path: ['page'], message: PAGING_MESSAGES.tooDeep(window) }),
            ]);
          }
        },
      ),
    );
  });

  it('refuse search text past 100 characters with its message', () => {
    const parsed = listing.safeParse({ search: 'x'.repeat(101) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Search text can be at most 100 characters');
    expect(listing.parse({ search: `  ${'x'.repeat(100)}  ` }).search).toHaveLength(100);
  });

  it('count only the pages a client may fetch, keeping the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), (total, size) => {
        const page = toPaged([], total, { page: 0, size }, MAX_RESULT_WINDOW);
        expect(page.totalElements).toBe(total);
        expect(page.totalPages).toBe(Math.min(Math.ceil(total / size), pagesWithin(MAX_RESULT_WINDOW, size)));
        // The last page it names is one the schema accepts.
        if (page.totalPages > 0)
          expect(listing.safeParse({ page: page.totalPages - 1, size }).success).toBe(true);
      }),
    );
  });
});

describe('catalogue-wide search text (decision 0086)', () => {
  it('is text the trigram indexes can serve: at least one trigram, as pg_trgm takes them', () => {
    // As pg_trgm takes trigrams from ILIKE '%text%': words padded at boundaries inside the text.
    // (Checked against PostgreSQL's plans: each 'true' one is an index scan, each 'false' one a
    // scan of the whole trigram index.)
    for (const text of [
      'ring',
      '22K',
      'रानी',
      'M. Iyer',
      'BENCH-20',
      'ने का हा',
      'से ब',
      'a b',
      'ab-c',
      'z-q',
      '%zq%',
      'zq-',
    ])
      expect(isCatalogueSearchable(text), text).toBe(true);
    for (const text of ['zq', 'q', '%%%', '___', '', '- -', '9'])
      expect(isCatalogueSearchable(text), text).toBe(false);
  });

  it('is a 400 with its message below that, and no search when empty', () => {
    const short = catalogueSearchTextSchema.safeParse('zq');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(PAGING_MESSAGES.searchTooShort);
    expect(catalogueSearchTextSchema.parse('  ring  ')).toBe('ring');
    expect(catalogueSearchTextSchema.parse('')).toBe('');
    expect(catalogueSearchTextSchema.safeParse('a'.repeat(101)).success).toBe(false);
  });
});
