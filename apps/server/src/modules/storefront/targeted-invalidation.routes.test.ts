import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedProductList, Product } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { COMPRESS_THRESHOLD } from '../../lib/cache/public-cache';
import { products } from '../../db/schema';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import {
  createCategory,
  createMetal,
  createProduct,
  createPurity,
  createVendor,
  uid,
  purityVersion,
} from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';

/*
 * Decision 0036: a write invalidates the answers that show what it changed, and only those. Each
 * test reads answers into the cache, writes through the API, then checks that the changed answers
 * are new at once (a shopper never sees a stock, price or rating older than the write) and that an
 * unrelated answer is still served without a statement.
 */
describe('what a write invalidates', () => {
  let t: TestApp;
  let who: Callers;
  let shop: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const json = async <T>(url: string) => (await get(url)).json() as T;
  const productUrl = (p: { slug: string }) => `/api/products/name/${p.slug}?vendorSlug=${shop}`;
  const listUrl = (categoryId: number, sort = 'default') =>
    `/api/products/category/${categoryId}?vendorSlug=${shop}&size=15&sort=${sort}`;
  /** Reads `url` and says how many statements it cost (0: from the cache). */
  const statementsFor = async (url: string) => {
    const before = t.database.statements.count;
    expect((await get(url)).statusCode).toBe(200);
    return t.database.statements.count - before;
  };
  const listed = (page: PagedProductList, id: number) => page.content.find((p) => p.id === id);

  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
  });
  afterAll(async () => t.close());

  async function payFor(sku: string, quantity: number) {
    const init = await initiate(t.app, orderBody(shop, [{ productSku: sku, quantity }]));
    expect(init.statusCode, init.body).toBe(200);
    const signed = await sandboxPay(t.app, (init.json() as { razorpayOrderId: string }).razorpayOrderId);
    const confirmed = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  /** A stock adjustment by the products admin, as the back office sends it. */
  async function adjustStock(productId: number, change: number, reason: string) {
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/stock-adjustments`,
      headers: who.products,
      payload: { change, reason },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
  }

  it('shows a sale’s new stock at once on the product page and the cart; keeps its list while the band holds', async () => {
    const category = await createCategory(t.db);
    const sold = await createProduct(t.db, { categoryId: category.id, stock: 9 });
    const other = await createProduct(t.db, { categoryId: (await createCategory(t.db)).id, stock: 5 });
    const first = await get(productUrl(sold));
    expect((first.json() as Product).stock).toBe(9);
    const listBefore = await get(listUrl(category.id));
    expect(listed(listBefore.json() as PagedProductList, sold.id)).toMatchObject({ stockBand: 'in_stock' });
    expect(listed(listBefore.json() as PagedProductList, sold.id)).not.toHaveProperty('stock');
    expect(listed(listBefore.json() as PagedProductList, sold.id)).not.toHaveProperty('salesCount');
    await get(productUrl(other));
    await get(listUrl(other.categoryId));
    await get('/api/category/plan/premium');

    await payFor(sold.sku, 2);

    const after = await get(productUrl(sold));
    expect(after.json() as Product).toMatchObject({ stock: 7, salesCount: 2 });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    // 9 -> 7 is in stock either way: the list is the same answer, served from the cache.
    expect(await statementsFor(listUrl(category.id))).toBe(0);
    const listAfter = await get(listUrl(category.id));
    expect(listAfter.headers.etag).toBe(listBefore.headers.etag);
    expect(listAfter.body).toBe(listBefore.body);
    const quote = await t.app.inject({
      method: 'POST',
      url: `/api/cart/quote?vendorSlug=${shop}`,
      payload: [{ productId: sold.id, quantity: 1 }],
    });
    expect(quote.json().lines[0]).toMatchObject({ productId: sold.id, stock: 7 });
    // The sale did not touch these: still served from the cache.
    expect(await statementsFor(productUrl(other))).toBe(0);
    expect(await statementsFor(listUrl(other.categoryId))).toBe(0);
    expect(await statementsFor('/api/category/plan/premium')).toBe(0);
  });

  it('makes a sold product’s answer again from its kept rest and one small read, on its page and its variants’ (decision 0088)', async () => {
    const category = await createCategory(t.db);
    const group = `group-${uid()}`;
    // A long description: the answer is worth keeping compressed (over 1 KB).
    const description = 'Hand-set lotus petals in 22 karat gold. '.repeat(20);
    const sold = await createProduct(t.db, {
      categoryId: category.id,
      stock: 9,
      variantGroupId: group,
      description,
    });
    const sibling = await createProduct(t.db, { categoryId: category.id, stock: 8, variantGroupId: group });
    const variantIn = (p: Product) => p.linkedVariants.find((v) => v.id === sold.id);
    const read = (url: string, encoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const first = await read(productUrl(sold), 'identity');
    expect(first.json() as Product).toMatchObject({ stock: 9, salesCount: 0 });
    expect(variantIn(await json<Product>(productUrl(sibling)))?.stock).toBe(9);
    // A change no write announces (straight in the database): only a part read again would show it.
    await t.db.update(products).set({ tagline: 'Changed behind the cache' }).where(eq(products.id, sold.id));

    await payFor(sold.sku, 2);

    // The stock and sales count are read afresh (one statement); the rest is the kept one.
    expect(await statementsFor(productUrl(sold))).toBe(1);
    const plain = await read(productUrl(sold), 'identity');
    const fresh = plain.json() as Product;
    expect(fresh).toMatchObject({ stock: 7, salesCount: 2, tagline: (first.json() as Product).tagline });
    // The same JSON as the whole answer read again, field for field, in the same order.
    expect(plain.body).toBe(JSON.stringify({ ...(first.json() as Product), stock: 7, salesCount: 2 }));
    expect(plain.headers.etag).not.toBe(first.headers.etag);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const br = await read(productUrl(sold), 'br');
    const gz = await read(productUrl(sold), 'gzip');
    expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect([br.headers.etag, gz.headers.etag]).toEqual([plain.headers.etag, plain.headers.etag]);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: productUrl(sold),
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);
    // The sibling's page shows the sold variant's new stock at once, from its own kept rest.
    expect(await statementsFor(productUrl(sibling))).toBe(1);
    expect(variantIn(await json<Product>(productUrl(sibling)))?.stock).toBe(7);

    // A change of the rest (here the band: 7 -> 3 is few left) drops the kept rest too.
    await adjustStock(sold.id, -4, 'Damaged in transit');
    expect(await json<Product>(productUrl(sold))).toMatchObject({
      stock: 3,
      salesCount: 2,
      tagline: 'Changed behind the cache',
    });
  });

  it('answers another spelling of a product’s name, slug or SKU from the kept product and one small read, and shows every change at once (decision 0100)', async () => {
    const description = 'Hand-set lotus petals in 22 karat gold. '.repeat(20);
    const p = await createProduct(t.db, { stock: 9, description });
    const byName = (name: string) => `/api/products/name/${name}?vendorSlug=${shop}`;
    const bySlug = (slug: string) => `/api/products/slug/${slug}?vendorSlug=${shop}`;
    const bySku = (sku: string) => `/api/products/sku/${sku}?vendorSlug=${shop}`;
    const first = await get(byName(p.slug));
    expect(first.statusCode).toBe(200);
    expect(await statementsFor(bySlug(p.slug))).toBeGreaterThan(0);
    expect(await statementsFor(bySku(p.sku))).toBeGreaterThan(0);
    // A change no write announces (straight in the database): a spelling that read the product
    // again would show it; one made from the kept product does not.
    await t.db.update(products).set({ tagline: 'Changed behind the cache' }).where(eq(products.id, p.id));
    const spelled = byName(p.slug.toUpperCase());
    expect(await statementsFor(spelled)).toBe(1);
    const other = await get(spelled);
    // The same answer, byte for byte, under its own key.
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(first.headers.etag);
    expect(await statementsFor(spelled)).toBe(0);
    // Slug and SKU: each route's spellings share that route's kept product.
    for (const url of [bySlug(p.slug.toUpperCase()), bySku(p.sku.toLowerCase())]) {
      expect(await statementsFor(url)).toBe(1);
      expect(await json<Product>(url)).toMatchObject({
        id: p.id,
        tagline: (first.json() as Product).tagline,
      });
    }

    // A sale: every spelling, kept or new, shows the new stock and sales count at once.
    await payFor(p.sku, 2);
    for (const url of [
      byName(p.slug),
      spelled,
      byName(p.slug.toUpperCase().replace(/^./, (c) => c.toLowerCase())),
    ])
      expect(await json<Product>(url)).toMatchObject({ stock: 7, salesCount: 2 });

    // A change of the rest (the band: 7 -> 3 is few left) drops the kept product: every spelling,
    // kept or new, reads it again and shows the change made behind the cache too.
    await adjustStock(p.id, -4, 'Damaged in transit');
    for (const url of [
      spelled,
      byName(p.slug),
      byName(` ${p.slug.toUpperCase()} `),
      bySku(p.sku.toLowerCase()),
    ])
      expect(await json<Product>(url)).toMatchObject({ stock: 3, tagline: 'Changed behind the cache' });
    // Deleted: every spelling answers 404 at once.
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers: who.products });
    expect(del.statusCode, del.body).toBeLessThan(300);
    for (const url of [spelled, byName(p.slug.toLowerCase()), bySlug(p.slug)])
      expect((await get(url)).statusCode).toBe(404);
  });

  it('drops a list at once when a sale moves the product into few left, and again when it sells out', async () => {
    const category = await createCategory(t.db);
    const sold = await createProduct(t.db, { categoryId: category.id, stock: 6 });
    // Company on the page, so the answer is long enough to be kept compressed too (over 1 KB).
    for (let i = 0; i < 3; i++) await createProduct(t.db, { categoryId: category.id });
    const plain = { 'accept-encoding': 'identity' };
    const brotli = { 'accept-encoding': 'br' };
    const listOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: listUrl(category.id), headers });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const inStock = await listOf(plain);
    expect(inStock.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(listed(inStock.json() as PagedProductList, sold.id)?.stockBand).toBe('in_stock');

    await payFor(sold.sku, 2); // 6 -> 4: under the low-stock mark

    const fewLeft = await listOf(plain);
    expect(listed(fewLeft.json() as PagedProductList, sold.id)?.stockBand).toBe('few_left');
    expect(fewLeft.headers.etag).not.toBe(inStock.headers.etag);
    // The compressed form of the same entry is the same JSON, under the same ETag.
    const compressed = await listOf(brotli);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(fewLeft.headers.etag);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(fewLeft.body);
    // A client holding the in-stock answer is not told it is current.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: listUrl(category.id),
      headers: { 'if-none-match': inStock.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(200);

    await payFor(sold.sku, 3); // 4 -> 1: still few left, the list kept
    expect(await statementsFor(listUrl(category.id))).toBe(0);
    expect((await json<Product>(productUrl(sold))).stock).toBe(1);

    await payFor(sold.sku, 1); // sold out: never shown as buyable
    const soldOut = await listOf(plain);
    expect(listed(soldOut.json() as PagedProductList, sold.id)?.stockBand).toBe('out_of_stock');
    expect(soldOut.headers.etag).not.toBe(fewLeft.headers.etag);
    expect(brotliDecompressSync((await listOf(brotli)).rawPayload).toString()).toBe(soldOut.body);
  });

  it('takes a product that sells out off the in-stock lists at once, and puts it back when stock returns', async () => {
    const p = await createProduct(t.db, { stock: 1, sale: true });
    const saleUrl = `/api/products/sale?vendorSlug=${shop}&size=50`;
    expect(listed(await json<PagedProductList>(saleUrl), p.id)).toBeDefined();
    await payFor(p.sku, 1);
    expect(listed(await json<PagedProductList>(saleUrl), p.id)).toBeUndefined();
    expect((await json<Product>(productUrl(p))).stock).toBe(0);
    await adjustStock(p.id, 2, 'Goods received');
    expect(listed(await json<PagedProductList>(saleUrl), p.id)?.stockBand).toBe('few_left');
    expect((await json<Product>(productUrl(p))).stock).toBe(2);
  });

  it('reprices every cached answer showing a metal when its rate changes, and leaves other metals cached', async () => {
    const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
    const purity = await createPurity(t.db, gold, { rateMode: 'ENTERED' });
    const brass = await createMetal(t.db, { name: `Brass ${uid()}` });
    const category = await createCategory(t.db);
    const golden = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: gold.id,
      purityId: purity.id,
      metalWeightMg: 1_000,
      pricePaise: 618_000,
      categoryId: category.id,
    });
    const fixed = await createProduct(t.db, {
      metalId: brass.id,
      categoryId: (await createCategory(t.db)).id,
    });
    const cheapFirst = listUrl(category.id, 'price-asc');
    expect((await json<Product>(productUrl(golden))).price).toBe(6180);
    expect(listed(await json<PagedProductList>(listUrl(category.id)), golden.id)?.price).toBe(6180);
    expect(listed(await json<PagedProductList>(cheapFirst), golden.id)?.price).toBe(6180);
    await get(productUrl(fixed));

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/metals/${gold.id}/purities/${purity.id}`,
      headers: who.superAdmin,
      payload: {
        name: purity.name,
        fineness: 1000,
        rateMode: 'ENTERED',
        rate: 7000,
        confirmBigChange: true,
        version: await purityVersion(t.db, purity.id),
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await json<Product>(productUrl(golden))).price).toBe(7210);
    expect(listed(await json<PagedProductList>(listUrl(category.id)), golden.id)?.price).toBe(7210);
    expect(listed(await json<PagedProductList>(cheapFirst), golden.id)?.price).toBe(7210);
    const rates = await json<Array<{ purityId: number; ratePerGram: number }>>('/api/metal-rates');
    expect(rates.find((r) => r.purityId === purity.id)?.ratePerGram).toBe(7000);
    expect(await statementsFor(productUrl(fixed))).toBe(0);
  });

  it('shows a published review in the product’s rating and review list at once', async () => {
    const p = await createProduct(t.db);
    expect((await json<Product>(productUrl(p))).reviewCount).toBe(0);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: p.id, name: 'Meera', rating: 4, comment: 'Lovely work.', photos: [] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const review = sent.json() as { id: number };
    expect((await json<Product>(productUrl(p))).reviewCount).toBe(0);
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${review.id}/status`,
      headers: who.superAdmin,
      payload: { status: 'PUBLISHED' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await json<Product>(productUrl(p))).toMatchObject({ reviewCount: 1, averageRating: 4 });
    expect(await json<unknown[]>(`/api/reviews/product/${p.id}`)).toHaveLength(1);
  });

  it('keeps product answers cached when a coupon changes', async () => {
    const p = await createProduct(t.db);
    await get(productUrl(p));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: who.superAdmin,
      payload: {
        code: `C${uid()}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20),
        discount: 50,
        minimumTotalPrice: 1000,
        expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
        description: 'Festival',
        confirmLargeDiscount: true,
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await statementsFor(productUrl(p))).toBe(0);
  });

  it('builds a cold answer once for many requests that ask for it at the same moment', async () => {
    const p = await createProduct(t.db);
    await get(productUrl(await createProduct(t.db))); // the shop's plan is cached
    const before = t.database.statements.count;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(productUrl(p))));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(t.database.statements.count - before).toBeLessThanOrEqual(2);
  });
});
