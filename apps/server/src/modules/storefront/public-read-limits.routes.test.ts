import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { MAX_RESULT_WINDOW, MAX_SEARCH_RESULTS, PAGING_MESSAGES, type PagedProductList } from '@zevar/domain';
import { createTestApp, databaseUrlOf, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { products } from '../../db/schema';
import { ALL_CACHE_TAGS } from '../../lib/cache/invalidation';

/* Issue 21 item 4 and issue 25 item 2: no public request is expensive for a stranger. */

let t: TestApp;
let shop: string;
beforeAll(async () => {
  t = await createTestApp();
  shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const paged = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PagedProductList;
};

describe('bounds on public listings', () => {
  it('refuses a search longer than 100 characters with 400, naming the field', async () => {
    const long = 'a'.repeat(101);
    const cat = await createCategory(t.db, { name: `Long ${uid()}` });
    for (const url of [
      `/api/products/paged?search=${long}`,
      `/api/products/search?keyword=${long}`,
      `/api/products/search/${long}?vendorSlug=${shop}`,
      `/api/products/category/${cat.id}?vendorSlug=${shop}&search=${long}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION' });
      expect(JSON.stringify(res.json().issues), url).toContain(PAGING_MESSAGES.searchTooLong);
    }
    // 100 characters are still a search.
    expect((await get(`/api/products/paged?search=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('refuses a search of the whole catalogue that gives the trigram index nothing (it would read every product), not one within a category', async () => {
    const cat = await createCategory(t.db, { name: `Short ${uid()}` });
    const word = `Zq${uid()}`;
    await createProduct(t.db, { categoryId: cat.id, name: `Tiny ${word}` });
    for (const text of ['zq', 'q', '%25%25%25', '9', '__', '%20%20zq%20']) {
      for (const url of [
        `/api/products/paged?search=${text}`,
        `/api/products/search?keyword=${text}`,
        `/api/products/search/${text}?vendorSlug=${shop}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ code: 'VALIDATION' });
        expect(JSON.stringify(res.json().issues), url).toContain(PAGING_MESSAGES.searchTooShort);
      }
      // Within a category any text is a search (it reads that category's entries only).
      expect(
        (await get(`/api/products/category/${cat.id}?vendorSlug=${shop}&search=${text}`)).statusCode,
      ).toBe(200);
    }
    // Text with a trigram is a search, and finds the product.
    for (const url of [
      `/api/products/paged?search=${word}`,
      `/api/products/search?keyword=${word.toUpperCase()}`,
      `/api/products/search/${word.toLowerCase()}?vendorSlug=${shop}`,
      `/api/products/paged?search=zq${word.slice(2, 3)}`,
    ]) {
      expect(
        (await paged(url)).content.map((p) => p.name),
        url,
      ).toContain(`Tiny ${word}`);
    }
    // No search at all is still the plain listing.
    expect((await get('/api/products/paged?search=')).statusCode).toBe(200);
    // A page past the end (inside the window) is empty and still says how many there are.
    const past = await paged(`/api/products/paged?search=${word}&size=10&page=3`);
    expect([past.content.length, past.totalElements, past.number]).toEqual([0, 1, 3]);
  });

  it('refuses a page that starts past the result window with 400 (the search window for a search)', async () => {
    const cat = await createCategory(t.db, { name: `Deep ${uid()}` });
    const tooDeep = [
      `/api/products/paged?size=25&page=${MAX_RESULT_WINDOW / 25}`,
      `/api/products?vendorSlug=${shop}&size=10&page=${MAX_RESULT_WINDOW / 10}`,
      `/api/products/vendorPlan/PREMIUM?size=10&page=${MAX_RESULT_WINDOW / 10}`,
      `/api/products/category/${cat.id}?vendorSlug=${shop}&size=10&page=${MAX_RESULT_WINDOW / 10}`,
      `/api/products/category?categoryId=${cat.id}&size=10&page=${MAX_RESULT_WINDOW / 10}`,
      `/api/products/metalType?metalTypeId=1&size=10&page=${MAX_RESULT_WINDOW / 10}`,
      `/api/products/paged?search=ring&size=10&page=${MAX_SEARCH_RESULTS / 10}`,
      `/api/products/search?keyword=ring&size=10&page=${MAX_SEARCH_RESULTS / 10}`,
      `/api/products/search/ring?vendorSlug=${shop}&size=10&page=${MAX_SEARCH_RESULTS / 10}`,
      `/api/products/category/${cat.id}?vendorSlug=${shop}&size=10&search=ring&page=${MAX_SEARCH_RESULTS / 10}`,
    ];
    for (const url of tooDeep) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const window = url.includes('search') ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
      expect(res.json().issues, url).toEqual([{ path: 'page', message: PAGING_MESSAGES.tooDeep(window) }]);
    }
    // The last page that starts inside the window is still answered.
    expect(
      (await get(`/api/products/category/${cat.id}?vendorSlug=${shop}&size=10&page=999`)).statusCode,
    ).toBe(200);
    expect(PAGING_MESSAGES.tooDeep(MAX_RESULT_WINDOW)).toBe(
      'Only the first 10,000 results can be paged through: narrow the search or filters',
    );
  });
});

describe('substring search', () => {
  it('finds products by any part of the name, SKU or tagline, in Devanagari too', async () => {
    const tag = uid();
    const cat = await createCategory(t.db, { name: `Haar ${tag}` });
    const hindi = await createProduct(t.db, {
      name: `सोने का हार ${tag}`,
      slug: `sone-ka-haar-${tag}`,
      tagline: 'हाथ से बना',
      categoryId: cat.id,
    });
    const latin = await createProduct(t.db, {
      name: `Kundan Choker ${tag}`,
      sku: `KC-${tag}-77`,
      tagline: 'Festive polki set',
      categoryId: cat.id,
    });
    const ids = (page: PagedProductList) => page.content.map((p) => p.id).sort();
    const q = encodeURIComponent;
    // Every word of three characters or more, in any order and any of the three (decision 0095).
    expect(ids(await paged(`/api/products/paged?search=${q('सोने का')}`))).toEqual([hindi.id]);
    expect(ids(await paged(`/api/products/paged?search=${q('बना हाथ')}`))).toEqual([hindi.id]);
    expect(ids(await paged(`/api/products/paged?search=${q(`${tag}-77 kc`)}`))).toEqual(
      [hindi.id, latin.id].sort(),
    );
    expect(ids(await paged(`/api/products/paged?search=${q(`choker kc-${tag}`)}`))).toEqual([latin.id]);
    expect(ids(await paged(`/api/products/paged?search=IVE POL`))).toContain(latin.id);
    expect(ids(await paged(`/api/products/paged?search=polki festive`))).toContain(latin.id);
    expect(ids(await paged(`/api/products/paged?search=${tag}`))).toEqual([hindi.id, latin.id].sort());
    // Storefront searches match the name only, case-insensitively, with LIKE's wildcards taken literally.
    expect(ids(await paged(`/api/products/search/${q(`का हार ${tag}`)}?vendorSlug=${shop}`))).toEqual([
      hindi.id,
    ]);
    expect(ids(await paged(`/api/products/category/${cat.id}?vendorSlug=${shop}&search=CHOKER`))).toEqual([
      latin.id,
    ]);
    expect(
      (await paged(`/api/products/category/${cat.id}?vendorSlug=${shop}&search=%25`)).totalElements,
    ).toBe(0);
    expect((await paged(`/api/products/category/${cat.id}?vendorSlug=${shop}&search=_`)).totalElements).toBe(
      0,
    );
  });
});

describe('listing totals', () => {
  it('follow every product write: created, archived, moved, re-tiered and deleted', async () => {
    const basic = (await createVendor(t.app, t.db, { plan: 'BASIC' })).slug;
    const parent = await createCategory(t.db, { name: `Totals ${uid()}` });
    const child = await createCategory(t.db, { name: `Totals child ${uid()}`, parentId: parent.id });
    const other = await createCategory(t.db, { name: `Totals other ${uid()}` });
    let size = 1;
    // Writes straight to the table pass no invalidation, and every size of a listing shares one kept
    // listing (decision 0094): the cache is emptied before each read.
    const total = async (categoryId: number, vendor = shop) => {
      await t.app.publicCache.invalidate(ALL_CACHE_TAGS);
      return (await paged(`/api/products/category/${categoryId}?vendorSlug=${vendor}&size=${size++}`))
        .totalElements;
    };
    const a = await createProduct(t.db, { categoryId: parent.id });
    const b = await createProduct(t.db, { categoryId: child.id });
    const c = await createProduct(t.db, { categoryId: child.id, plan: 'PREMIUM' });
    expect(await total(parent.id)).toBe(3);
    expect(await total(parent.id, basic)).toBe(2);
    expect(await total(child.id)).toBe(2);

    await t.db.update(products).set({ status: 'archived' }).where(eq(products.id, a.id));
    expect(await total(parent.id)).toBe(2);
    await t.db.update(products).set({ categoryId: other.id }).where(eq(products.id, b.id));
    expect(await total(parent.id)).toBe(1);
    expect(await total(other.id)).toBe(1);
    await t.db.update(products).set({ plan: 'FREE' }).where(eq(products.id, c.id));
    expect(await total(parent.id, basic)).toBe(1);
    // Price and stock changes leave the totals alone; an archived product coming back counts again.
    await t.db.update(products).set({ stock: 0, pricePaise: 1 }).where(eq(products.id, c.id));
    await t.db.update(products).set({ status: 'active' }).where(eq(products.id, a.id));
    expect(await total(parent.id)).toBe(2);
    await t.db.delete(products).where(eq(products.id, b.id));
    expect(await total(other.id)).toBe(0);

    // The whole shop's listing is summed from the same counts and agrees with a plain count.
    const all = await paged(`/api/products?vendorSlug=${basic}&size=${size++}`);
    const visible = await t.database.executeSql(
      `select count(*)::int as n from products p join categories c on c.id = p.category_id
       left join categories pc on pc.id = c.parent_id
       where p.status = 'active' and p.plan in ('FREE', 'BASIC') and c.plan in ('FREE', 'BASIC')
         and (pc.id is null or pc.plan in ('FREE', 'BASIC'))`,
    );
    expect(all.totalElements).toBe((visible.rows[0] as { n: number }).n);
  });

  it('stop totalPages at the result window while a search counts at most its window', async () => {
    const cat = await createCategory(t.db, { name: `Window ${uid()}` });
    await createProduct(t.db, { categoryId: cat.id });
    const page = await paged(`/api/products/category/${cat.id}?vendorSlug=${shop}&size=60`);
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1 });
  });
});

describe('statement timeout', () => {
  it('answers 503 in the error shape when a public read runs past PUBLIC_READ_TIMEOUT_MS', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip(); // PGlite cannot cancel a statement
    const timed = await createTestApp({ env: { PUBLIC_READ_TIMEOUT_MS: '300' } });
    const vendor = (await createVendor(timed.app, timed.db, { plan: 'PREMIUM' })).slug;
    const locker = new pg.Client({ connectionString: databaseUrlOf(timed.database) });
    await locker.connect();
    try {
      // Another session holds the products table: a read waits for it until its timeout cancels it.
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      for (const url of [
        `/api/products/paged?search=${uid()}`,
        `/api/products/search/${uid()}?vendorSlug=${vendor}`,
      ]) {
        const res = await timed.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toEqual({
          code: 'UNAVAILABLE',
          message: 'The service is busy. Please try again in a few seconds.',
        });
        expect(res.headers['retry-after']).toBe('5');
      }
      await locker.query('rollback');
      // The timeout is only on public reads' connections, and they work again at once.
      expect(
        (await timed.app.inject({ method: 'GET', url: `/api/products/paged?search=${uid()}` })).statusCode,
      ).toBe(200);
    } finally {
      await locker.end();
      await timed.close();
    }
  });
});
