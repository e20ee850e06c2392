import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  pagedProductListSchema,
  plansVisibleTo,
  toPaged,
  type PagedProductList,
  type Plan,
  type Product,
} from '@zevar/domain';
import { connectAgain, createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import {
  createCategory,
  createMetal,
  createProduct,
  createPurity,
  createVendor,
  purityVersion,
  uid,
} from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { products } from '../../db/schema';
import { gstBasisPoints } from '../metals';
import { createProductReads } from './product-reads.read-model';
import { searchKey } from './category-pages';

/*
 * Decision 0094: a category page is made from a kept listing (the sorted ids and total of a shop
 * plan, category, sort, sub-category and search text) and kept product cards. Every page, size and
 * spelling of a listing must be what the database gives, byte for byte, and every write that
 * changes what a page shows must show on every page of the listing at once, in every process.
 */
describe('category pages from a kept listing and kept cards', () => {
  let t: TestApp;
  let other: TestApp;
  let who: Callers;
  let premium: string;
  let free: string;

  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ database: connectAgain(t.database) });
    who = await createCallers(t.app, t.db);
    premium = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
    free = (await createVendor(t.app, t.db, { plan: 'FREE' })).slug;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
  /** Statements a read costs (0: answered from what is kept). */
  const statementsFor = async (url: string) => {
    const before = t.database.statements.count;
    const res = await get(t, url);
    expect(res.statusCode, res.body).toBe(200);
    return t.database.statements.count - before;
  };

  async function payFor(sku: string, quantity: number) {
    const init = await initiate(t.app, orderBody(premium, [{ productSku: sku, quantity }]));
    expect(init.statusCode, init.body).toBe(200);
    const signed = await sandboxPay(t.app, (init.json() as { razorpayOrderId: string }).razorpayOrderId);
    const confirmed = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('shares one listing across pages, sizes and letter case, and reads only the cards a page lacks, a block at a time', async () => {
    const category = await createCategory(t.db, { name: `Shared ${uid()}` });
    const tag = uid();
    const made = [];
    for (let i = 0; i < 64; i++)
      made.push(await createProduct(t.db, { name: `Lotus ${tag} ${i}`, categoryId: category.id, stock: 9 }));
    const url = (q: string) => `/api/products/category/${category.id}?vendorSlug=${premium}&${q}`;
    await get(t, `/api/products/recent?vendorSlug=${premium}`); // the shop, kept
    // A listing not kept, two of its pages asked for at once: its ids once, and the cards of its
    // first block of 60 once (decision 0100: the second page waits for the cards being read).
    const before = t.database.statements.count;
    const both = await Promise.all([
      get(t, url('size=10&search=lotus')),
      get(t, url('size=10&page=2&search=lotus')),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(t.database.statements.count - before).toBe(2);
    // Another size, page and spelling of the same listing within the block: nothing read.
    expect(await statementsFor(url('size=5&search=LOTUS'))).toBe(0);
    expect(await statementsFor(url('size=5&page=1&search=Lotus'))).toBe(0);
    expect(await statementsFor(url('size=10&page=5&search=lOtUs'))).toBe(0);
    // The next block's cards: one statement for them, whatever their number.
    expect(await statementsFor(url('size=6&page=10&search=lOtUs'))).toBe(1);
    expect(await statementsFor(url('size=7&page=9&search=LOTUs'))).toBe(0);
    // The same products in another listing (another sort): its ids only.
    expect(await statementsFor(url('size=12&sort=price-desc'))).toBe(1);
    // A sale that crosses a band drops that product's card (and the pages showing it), not the
    // listing: its pages are made again with one statement (the card), the others kept.
    await payFor(made[0]!.sku, 5);
    expect(await statementsFor(url('size=5&search=lotus'))).toBe(1);
    expect(await statementsFor(url('size=5&page=1&search=LOTUS'))).toBe(0);
    expect(await statementsFor(url('size=4&search=LoTuS'))).toBe(0);
    const page = (await get(t, url('size=4&search=LoTuS'))).json() as PagedProductList;
    expect(page.content[0]).toMatchObject({ id: made[0]!.id, stockBand: 'few_left' });
  });

  it('keeps a page from its second ask: made from the kept parts each time, the same bytes (decision 0100)', async () => {
    const category = await createCategory(t.db, { name: `Asked ${uid()}` });
    for (let i = 0; i < 3; i++) await createProduct(t.db, { name: `Moti ${uid()}`, categoryId: category.id });
    const url = `/api/products/category/${category.id}?vendorSlug=${premium}&size=7`;
    await get(t, `/api/products/recent?vendorSlug=${premium}`); // the shop, kept
    const cache = t.app.publicCache;
    const kept = () => cache.size();
    const first = await get(t, url);
    const size = kept();
    expect(cache.counts().unkept).toBeGreaterThan(0);
    // Asked for once: sent, not kept. Asked again: made from the kept parts (no statement), kept.
    expect(await statementsFor(url)).toBe(0);
    expect(kept()).toBe(size + 1);
    const third = await get(t, url);
    expect(third.body).toBe(first.body);
    expect(third.headers.etag).toBe(first.headers.etag);
    expect(kept()).toBe(size + 1);
  });

  it('folds only ASCII letter case into one listing', () => {
    expect(searchKey('LoTuS 22K')).toBe('lotus 22k');
    // Not every letter folds alike in PostgreSQL and JavaScript: kept as given.
    expect(searchKey('STRASSE Ä')).toBe('STRASSE Ä');
    expect(searchKey('रानी')).toBe('रानी');
  });

  it('shows every write on every page, size and spelling of a listing at once, in every process, as the database has it', async () => {
    const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
    const purity = await createPurity(t.db, gold, { rateMode: 'ENTERED' });
    const brass = await createMetal(t.db, { name: `Brass ${uid()}` });
    const parent = await createCategory(t.db, { name: `Kept ${uid()}` });
    const child = await createCategory(t.db, { name: `Kept child ${uid()}`, parentId: parent.id });
    const tag = uid();
    const tree = [parent.id, child.id];
    const made = [];
    for (let i = 0; i < 11; i++)
      made.push(
        await createProduct(t.db, {
          name: `${i % 2 ? 'Moti' : 'Kundan'} ${tag} ${i}`,
          categoryId: tree[i % 2]!,
          pricePaise: (10 + ((i * 7) % 11)) * 100_00,
          stock: 6,
          metalId: brass.id,
          plan: i === 3 ? 'PREMIUM' : 'FREE',
        }),
      );
    const golden = await createProduct(t.db, {
      name: `Kundan ${tag} gold`,
      categoryId: child.id,
      productType: 'GOLD',
      metalId: gold.id,
      purityId: purity.id,
      metalWeightMg: 1_000,
      pricePaise: 618_000,
      stock: 6,
    });
    const reads = createProductReads(t.db, gstBasisPoints(t.config));

    /** The page as the database gives it: membership and order from the table, rows by id. */
    async function expected(plan: Plan, q: { sort: string; search?: string; size: number; page: number }) {
      const rows = await t.db
        .select({
          id: products.id,
          name: products.name,
          price: products.pricePaise,
          plan: products.plan,
          status: products.status,
        })
        .from(products)
        .where(inArray(products.categoryId, tree));
      const ids = rows
        .filter(
          (r) =>
            r.status === 'active' &&
            plansVisibleTo(plan).includes(r.plan as Plan) &&
            (!q.search || r.name.toLowerCase().includes(q.search.toLowerCase())),
        )
        .sort((a, b) =>
          q.sort === 'default'
            ? a.id - b.id
            : (q.sort === 'price-asc'
                ? Number(a.price) - Number(b.price)
                : Number(b.price) - Number(a.price)) || a.id - b.id,
        )
        .map((r) => r.id);
      const shown = ids.slice(q.page * q.size, q.page * q.size + q.size);
      const byId = new Map((await reads.listItems(shown)).map((item) => [item.id, item]));
      const page = toPaged(
        shown.map((id) => byId.get(id)!),
        q.search ? Math.min(ids.length, MAX_SEARCH_RESULTS) : ids.length,
        q,
        q.search ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW,
      );
      return {
        body: JSON.stringify(pagedProductListSchema.parse(page)),
        pages: Math.ceil(ids.length / q.size),
      };
    }

    /** Every page (and one past the end) of every size, sort and spelling, in both shops: as the database has them. */
    /** Every page (and one past the end) of every size, sort and spelling, in both shops, as the database has it. */
    async function expectations(): Promise<Array<{ url: string; body: string }>> {
      const all: Array<{ url: string; body: string }> = [];
      for (const [slug, plan] of [
        [premium, 'PREMIUM'],
        [free, 'FREE'],
      ] as const)
        for (const sort of ['default', 'price-asc', 'price-desc'])
          for (const search of [undefined, 'kundan', 'KUNDAN', `${tag} 1`])
            for (const size of [4, 7]) {
              for (let page = 0; ; page++) {
                const want = await expected(plan, { sort, search, size, page });
                const params = new URLSearchParams({
                  vendorSlug: slug,
                  sort,
                  size: String(size),
                  page: String(page),
                });
                if (search) params.set('search', search);
                all.push({ url: `/api/products/category/${parent.id}?${params}`, body: want.body });
                if (page >= want.pages) break;
              }
            }
      return all;
    }
    async function differences(app: TestApp, want: Array<{ url: string; body: string }>): Promise<string[]> {
      const wrong: string[] = [];
      for (const { url, body } of want) {
        const res = await get(app, url);
        if (res.statusCode !== 200 || res.body !== body) wrong.push(`${url}: ${res.body}`);
      }
      return wrong;
    }
    /** At once in the writer's process; in the other as soon as the message reaches it. */
    async function everywhere(what: string) {
      const want = await expectations();
      expect(await differences(t, want), what).toEqual([]);
      await vi.waitFor(async () => expect(await differences(other, want), what).toEqual([]), {
        timeout: 30_000,
        interval: 50,
      });
    }
    const answerOf = async (id: number) =>
      (
        await get(
          t,
          `/api/products/name/${(await t.db.select({ slug: products.slug }).from(products).where(eq(products.id, id)))[0]!.slug}?vendorSlug=${premium}`,
        )
      ).json() as Product;
    const versionOf = async (id: number) =>
      (await t.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]!
        .version;
    const ok = (res: { statusCode: number; body: string }, status = 200) =>
      expect(res.statusCode, res.body).toBe(status);

    await everywhere('cold');

    // A sale that crosses a stock band (6 -> 4: few left).
    await payFor(made[0]!.sku, 2);
    await everywhere('a sale crossing a band');

    // A rate change: the gold product's price, and so its place in the price sorts.
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/metals/${gold.id}/purities/${purity.id}`,
        headers: who.superAdmin,
        payload: {
          name: purity.name,
          fineness: 1000,
          rateMode: 'ENTERED',
          rate: 21_000,
          confirmBigChange: true,
          version: await purityVersion(t.db, purity.id),
        },
      }),
    );
    await everywhere('a rate change');

    // A product edit: a new name (out of the 'kundan' searches) and a new price.
    const edited = await answerOf(made[2]!.id);
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/products/${edited.id}`,
        headers: who.products,
        payload: productInput(edited, {
          name: `Jhumka ${tag} 2`,
          price: 9,
          originalPrice: 20,
          version: await versionOf(edited.id),
        }),
      }),
    );
    await everywhere('a product edit');

    // Hidden (archived) and deleted ones leave every page.
    ok(
      await t.app.inject({ method: 'DELETE', url: `/api/products/${made[4]!.id}`, headers: who.products }),
      204,
    );
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/products/bulk',
        headers: who.products,
        payload: {
          products: [{ id: made[6]!.id, version: await versionOf(made[6]!.id) }],
          action: { kind: 'archive' },
        },
      }),
    );
    await everywhere('a product hidden');

    // A new product joins every page.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: who.products,
      payload: productInput(await answerOf(made[8]!.id), {
        name: `Kundan ${tag} new`,
        sku: `NEW-${uid()}`,
        stock: 3,
      }),
    });
    ok(created, 201);
    await everywhere('a new product');

    // A plan change: the product leaves the FREE shop's listing and stays in the PREMIUM one.
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/products/bulk',
        headers: who.products,
        payload: {
          products: [{ id: made[10]!.id, version: await versionOf(made[10]!.id) }],
          action: { kind: 'plan', plan: 'PREMIUM' },
        },
      }),
    );
    await everywhere('a plan change');

    // A published review: the product's rating on its card.
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: golden.id, name: 'Meera', rating: 4, comment: 'Lovely work.', photos: [] },
    });
    ok(review, 201);
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/reviews/${(review.json() as { id: number }).id}/status`,
        headers: who.superAdmin,
        payload: { status: 'PUBLISHED' },
      }),
    );
    await everywhere('a review');
  }, 240_000);
});

/** The admin form's body for an existing product, with overrides. */
function productInput(p: Product, over: Record<string, unknown> = {}) {
  return {
    name: p.name,
    sku: p.sku,
    tagline: p.tagline ?? '',
    description: p.description ?? '',
    productType: p.productType,
    price: p.price,
    originalPrice: p.originalPrice,
    purity: p.purity,
    making: p.making,
    stones: p.stones,
    metalWeight: p.metalWeight,
    category: { id: p.category.id },
    metal: p.metal ? { id: p.metal.id } : null,
    vendorPlan: p.vendorPlan,
    vendorCommission: 10,
    images: p.images,
    specifications: p.specifications,
    features: p.features,
    sale: p.sale,
    ...over,
  };
}
