import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_RESULTS, PAGING_MESSAGES, type PagedProductList } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createVendor, uid } from '../../../test/factories';
import { products } from '../../db/schema';

/*
 * Decision 0095 (issue 21 item 4): a catalogue-wide search matches every word, in any order, and
 * finds its matches in bounded work: a walk of the first products in id order, a longer walk when
 * matches are common, the trigram indexes past the walk when they are rare. Each answer here is
 * compared with a plain reading of the products inserted (more than the first walk, so every step
 * is taken), page by page.
 */

const WORDS = [
  'Lotus',
  'Royal',
  'Heritage',
  'Temple',
  'Kundan',
  'Polki',
  'Meenakari',
  'Jaipur',
  'Rani',
  'Nakshi',
  'Peacock',
  'Moti',
];
const KINDS = [
  'Necklace',
  'Jhumka',
  'Ring',
  'Bangle',
  'Anklet',
  'Mangalsutra',
  'Choker',
  'Kada',
  'Stud',
  'Haar',
];
const COUNT = 3_000;

let t: TestApp;
let shop: string;
let tag: string;
let rows: Array<{ id: number; name: string; sku: string; tagline: string | null }>;
beforeAll(async () => {
  t = await createTestApp();
  shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
  tag = uid();
  const cat = await createCategory(t.db, { name: `Search walk ${tag}` });
  const values = Array.from({ length: COUNT }, (_, i) => {
    const name = `S${tag} ${WORDS[i % 12]} ${KINDS[(i >> 3) % 10]} ${i}${i % 97 === 0 ? ` Rare${tag}` : ''}`;
    return {
      sku: `SW-${tag}-${i}`,
      name,
      slug: `sw-${tag}-${i}`,
      tagline: `Handcrafted${tag} jewellery${tag}`,
      pricePaise: 150_000,
      originalPricePaise: 200_000,
      stock: 10,
      categoryId: cat.id,
      plan: 'FREE' as const,
      vendorCommissionPaise: 10_000,
      images: [],
    };
  });
  rows = [];
  for (let i = 0; i < COUNT; i += 1_000)
    rows.push(
      ...(await t.db
        .insert(products)
        .values(values.slice(i, i + 1_000))
        .returning({ id: products.id, name: products.name, sku: products.sku, tagline: products.tagline })),
    );
}, 120_000);
afterAll(async () => t?.close());

const paged = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PagedProductList;
};

/** The ids a plain reading gives: every word in one of `fields`, in id order, the first window. */
function expected(words: string[], fields: Array<'name' | 'sku' | 'tagline'>, order: 'asc' | 'desc') {
  return rows
    .filter((r) =>
      words.every((w) => fields.some((f) => (r[f] ?? '').toLowerCase().includes(w.toLowerCase()))),
    )
    .map((r) => r.id)
    .sort((a, b) => (order === 'asc' ? a - b : b - a))
    .slice(0, MAX_SEARCH_RESULTS);
}

/** Every page of a search (size 100), its ids in order, and the total it gives. */
async function allPages(url: (page: number) => string) {
  const first = await paged(url(0));
  const ids = first.content.map((p) => p.id);
  for (let page = 1; page < first.totalPages; page++)
    ids.push(...(await paged(url(page))).content.map((p) => p.id));
  return { ids, total: first.totalElements };
}

describe('catalogue-wide search, word by word', () => {
  // [search text, words it must match]: a phrase with its words swapped, a word every inserted
  // product has (the first walk fills the window), one in twelve (the walk goes on), one in 97
  // (the indexes past the walk), two common words never together, and a repeated, mixed-case phrase.
  const cases = (): Array<[string, string[]]> => [
    [`jewellery${tag} Handcrafted${tag}`, [`jewellery${tag}`, `handcrafted${tag}`]],
    [`s${tag}`, [`s${tag}`]],
    [`lotus S${tag}`, ['lotus', `s${tag}`]],
    [`necklace LOTUS s${tag}`, ['necklace', 'lotus', `s${tag}`]],
    [`rare${tag}`, [`rare${tag}`]],
    [`lotus royal s${tag}`, ['lotus', 'royal', `s${tag}`]],
    [`jewellery${tag} jewellery${tag} jewellery${tag} a 9`, [`jewellery${tag}`]],
  ];

  it('answers /products/paged and /products/search with every match newest first, as a plain reading does', async () => {
    for (const [text, words] of cases()) {
      const want = expected(words, ['name', 'sku', 'tagline'], 'desc');
      const q = encodeURIComponent(text);
      for (const url of [
        (page: number) => `/api/products/paged?search=${q}&size=100&page=${page}`,
        (page: number) => `/api/products/search?keyword=${q}&size=100&page=${page}`,
      ]) {
        const got = await allPages(url);
        expect(got.total, text).toBe(want.length);
        expect(got.ids, text).toEqual(want);
      }
    }
    // The swapped phrase finds what its words find (a phrase match found none of the 3,000).
    expect(expected([`jewellery${tag}`, `handcrafted${tag}`], ['tagline'], 'desc')).toHaveLength(
      MAX_SEARCH_RESULTS,
    );
  }, 120_000);

  it('answers the storefront search (names) with every match in id order, as a plain reading does', async () => {
    for (const [text, words] of cases()) {
      const want = expected(words, ['name'], 'asc');
      const got = await allPages(
        (page) => `/api/products/search/${encodeURIComponent(text)}?vendorSlug=${shop}&size=100&page=${page}`,
      );
      expect(got.total, text).toBe(want.length);
      expect(got.ids, text).toEqual(want);
    }
  }, 120_000);

  it('answers a search within a category tree, and refuses text without a word of three characters or too many words', async () => {
    const [first] = rows;
    const cat = (await paged(`/api/products/paged?search=${encodeURIComponent(first!.sku)}`)).content[0]!
      .category.id;
    const want = expected(['lotus', `s${tag}`], ['name', 'sku', 'tagline'], 'desc');
    const got = await allPages(
      (page) => `/api/products/paged?categoryId=${cat}&search=lotus%20s${tag}&size=100&page=${page}`,
    );
    expect(got.ids).toEqual(want);
    for (const text of ['a b', 'q b', '9k 22', '%25zq%25', 'one two three four five six seven']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products/paged?search=${text.replace(/ /g, '%20')}`,
      });
      expect(res.statusCode, text).toBe(400);
      expect(JSON.stringify(res.json().issues), text).toContain(
        text.startsWith('one') ? PAGING_MESSAGES.searchTooManyWords : PAGING_MESSAGES.searchTooShort,
      );
    }
  });
});
