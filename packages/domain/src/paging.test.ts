import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boundedPages,
  catalogueSearchTextSchema,
  isCatalogueSearchable,
  MAX_SEARCH_WORDS,
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  PAGING_MESSAGES,
  pageQuerySchema,
  pagesWithin,
  searchTextSchema,
  searchWords,
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

describe('catalogue-wide search text (decisions 0086, 0095)', () => {
  it('is text with a word of at least three letters or digits, each of which gives trigrams of its own', () => {
    for (const text of ['ring', '22K', 'रानी', 'M. Iyer', 'BENCH-20', 'सोने का', 'a b c ring'])
      expect(isCatalogueSearchable(text), text).toBe(true);
    // Text of short words alone gives the trigram index only padded trigrams ('  b'), which every
    // product with a word beginning with 'b' has: refused since 0095 ('a b', 'ने का हा' were accepted).
    for (const text of [
      'zq',
      'q',
      '%%%',
      '___',
      '',
      '- -',
      '9',
      'a b',
      'ने का हा',
      'से ब',
      '%zq%',
      'z-q',
      'ab-c',
    ])
      expect(isCatalogueSearchable(text), text).toBe(false);
  });

  it('matches words: each once whatever its case, short ones and ones inside another left out', () => {
    expect(searchWords('Handcrafted jewellery')).toEqual(['handcrafted', 'jewellery']);
    expect(searchWords('jewellery Handcrafted jewellery JEWELLERY')).toEqual(['jewellery', 'handcrafted']);
    expect(searchWords('jewellery-handcrafted')).toEqual(['jewellery', 'handcrafted']);
    expect(searchWords('gold golden 9k a GOLD')).toEqual(['golden']);
    expect(searchWords('सोने का हार')).toEqual(['सोने', 'हार']);
    expect(searchWords('ben bench enc nch')).toEqual(['bench']);
    expect(searchWords('%_%')).toEqual([]);
  });

  it('takes at most six words', () => {
    expect(catalogueSearchTextSchema.safeParse('one two three four five six').success).toBe(true);
    const many = catalogueSearchTextSchema.safeParse('one two three four five six seven');
    expect(many.error?.issues[0]?.message).toBe(PAGING_MESSAGES.searchTooManyWords);
    expect(PAGING_MESSAGES.searchTooManyWords).toBe(`Search for at most ${MAX_SEARCH_WORDS} words`);
    // Repeated words count once.
    expect(catalogueSearchTextSchema.safeParse('ring '.repeat(20)).success).toBe(true);
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
