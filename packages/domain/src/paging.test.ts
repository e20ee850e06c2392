import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boundedPages,
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
