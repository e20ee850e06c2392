import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  BULK_MESSAGES,
  pagedCatalogueProductsSchema,
  type PagedCatalogueProducts,
  type PagedProducts,
  type Product,
} from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import {
  createCategory,
  createMetal,
  createProduct,
  createPurity,
  createVendor,
  uid,
} from '../../../test/factories';
import { initiate, orderBody } from '../../../test/payment-journey';
import { auditLog, carouselItems, products } from '../../db/schema';

/** Issue 23 item 4: drafts, the admin list's filters and sorts, bulk actions. */
describe('catalogue at scale', () => {
  let t: TestApp;
  let who: Callers;
  let shop: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const adminList = async (query: string) => {
    const res = await get(`/api/products/admin?${query}`, who.products);
    expect(res.statusCode, res.body).toBe(200);
    return pagedCatalogueProductsSchema.parse(res.json());
  };
  const ids = (page: PagedCatalogueProducts) => page.content.map((p) => p.id);
  const bulk = (payload: object, headers = who.products) =>
    t.app.inject({ method: 'POST', url: '/api/products/bulk', headers, payload });
  const selection = (...rows: Array<{ id: number; version: number }>) =>
    rows.map((r) => ({ id: r.id, version: r.version }));
  const row = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

  describe('drafts', () => {
    it('creates a draft that no shop read, search, cart quote or checkout offers, and the admin lists', async () => {
      const categoryId = (await createCategory(t.db)).id;
      const metalId = (await createMetal(t.db)).id;
      const name = `Draft Bangle ${uid()}`;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: who.products,
        payload: {
          name,
          sku: `DRAFT-${uid()}`,
          productType: 'MRP',
          price: 1999,
          stock: 3,
          category: { id: categoryId },
          metal: { id: metalId },
          status: 'draft',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const draft = created.json() as { id: number; slug: string; sku: string; status: string };
      expect(draft.status).toBe('draft');

      const q = `vendorSlug=${shop}`;
      for (const url of [
        `/api/products/${draft.id}`,
        `/api/products/slug/${draft.slug}?${q}`,
        `/api/products/name/${encodeURIComponent(name)}?${q}`,
        `/api/products/sku/${draft.sku}?${q}`,
      ])
        expect((await get(url)).statusCode, url).toBe(404);
      for (const url of [
        `/api/products/category/${categoryId}?${q}`,
        `/api/products?${q}&size=100`,
        `/api/products/search/${encodeURIComponent(name)}?${q}`,
        `/api/products/paged?search=${encodeURIComponent(name)}`,
        `/api/products/category?categoryId=${categoryId}`,
      ]) {
        const page = (await get(url)).json() as PagedProducts | Product[];
        const list = Array.isArray(page) ? page : page.content;
        expect(
          list.map((p) => p.id),
          url,
        ).not.toContain(draft.id);
      }
      const quote = await t.app.inject({
        method: 'POST',
        url: `/api/cart/quote?${q}`,
        payload: [{ productId: draft.id, quantity: 1 }],
      });
      // The cart keeps the line (the shopper sees it go) but it cannot be bought.
      expect(quote.json()).toMatchObject({ lines: [{ productId: draft.id, available: false }], total: 0 });
      const order = await initiate(t.app, orderBody(shop, [{ productSku: draft.sku, quantity: 1 }]));
      expect(order.statusCode, order.body).toBeGreaterThanOrEqual(400);
      expect(order.statusCode).toBeLessThan(500);

      // The catalogue admin sees it, and the status filter finds it.
      expect(ids(await adminList(`status=draft&search=${encodeURIComponent(name)}`))).toEqual([draft.id]);
    });
  });

  describe('the admin list', () => {
    let categoryId: number;
    let subId: number;
    let metalId: number;
    let purityId: number;
    const made: Array<typeof products.$inferSelect> = [];
    beforeAll(async () => {
      categoryId = (await createCategory(t.db)).id;
      subId = (await createCategory(t.db, { parentId: categoryId })).id;
      const metal = await createMetal(t.db);
      metalId = metal.id;
      purityId = (await createPurity(t.db, metal)).id;
      const specs = [
        { name: `Alpha ${uid()}`, stock: 0, pricePaise: 500_00, plan: 'FREE' as const },
        { name: `Bravo ${uid()}`, stock: 3, pricePaise: 300_00, plan: 'BASIC' as const, hallmarked: true },
        {
          name: `Charlie ${uid()}`,
          stock: 25,
          pricePaise: 900_00,
          plan: 'FREE' as const,
          status: 'draft' as const,
        },
        {
          name: `Delta ${uid()}`,
          stock: 12,
          pricePaise: 100_00,
          plan: 'PREMIUM' as const,
          status: 'archived' as const,
        },
      ];
      for (const [i, s] of specs.entries())
        made.push(
          await createProduct(t.db, {
            ...s,
            categoryId: i % 2 ? subId : categoryId,
            metalId,
            purityId: i < 2 ? purityId : null,
          }),
        );
    });
    const inMine = (q: string) => adminList(`metalId=${metalId}&size=100&${q}`);

    it('filters by stock band, status, category tree, purity, plan and hallmark', async () => {
      const [alpha, bravo, charlie, delta] = made.map((p) => p.id);
      expect(ids(await inMine('stock=out'))).toEqual([alpha]);
      expect(ids(await inMine('stock=low'))).toEqual([bravo]);
      expect(ids(await inMine('stock=in')).sort()).toEqual([bravo, charlie, delta].sort());
      expect(ids(await inMine('status=draft'))).toEqual([charlie]);
      expect(ids(await inMine('status=archived'))).toEqual([delta]);
      expect(ids(await inMine('status=active')).sort()).toEqual([alpha, bravo].sort());
      expect((await inMine(`categoryId=${categoryId}`)).totalElements).toBe(4);
      expect(ids(await inMine(`categoryId=${subId}`)).sort()).toEqual([bravo, delta].sort());
      expect(ids(await inMine(`purityId=${purityId}`)).sort()).toEqual([alpha, bravo].sort());
      expect(ids(await inMine('plan=free')).sort()).toEqual([alpha, charlie].sort());
      expect(ids(await inMine('hallmarked=true'))).toEqual([bravo]);
      expect(ids(await inMine('hallmarked=false&status=active'))).toEqual([alpha]);
    });

    it('sorts by name, price and stock either way, and pages with exact totals', async () => {
      const [alpha, bravo, charlie, delta] = made.map((p) => p.id);
      expect(ids(await inMine('sort=name&direction=asc'))).toEqual([alpha, bravo, charlie, delta]);
      expect(ids(await inMine('sort=name&direction=desc'))).toEqual([delta, charlie, bravo, alpha]);
      expect(ids(await inMine('sort=price&direction=asc'))).toEqual([delta, bravo, alpha, charlie]);
      expect(ids(await inMine('sort=stock&direction=desc'))).toEqual([charlie, delta, bravo, alpha]);
      const second = await adminList(`metalId=${metalId}&size=10&page=0&sort=id&direction=asc`);
      expect(second.totalElements).toBe(4);
      expect(ids(second)).toEqual([alpha, bravo, charlie, delta]);
    });

    it('refuses a page size off the menu, an unknown sort and a stranger', async () => {
      expect((await get('/api/products/admin?size=7', who.products)).statusCode).toBe(400);
      expect((await get('/api/products/admin?sort=views', who.products)).statusCode).toBe(400);
      expect((await get('/api/products/admin?stock=some', who.products)).statusCode).toBe(400);
      expect((await get('/api/products/admin?hallmarked=yes', who.products)).statusCode).toBe(400);
      expect((await get('/api/products/admin')).statusCode).toBe(401);
      expect((await get('/api/products/admin', who.vendorA)).statusCode).toBe(403);
      expect((await get('/api/products/admin', who.orders)).statusCode).toBe(403);
    });
  });

  describe('bulk actions', () => {
    const auditRows = (productIds: number[]) =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'product'), inArray(auditLog.entityId, productIds.map(String))));

    it('publishes drafts and archives products in one call each, one audit record per changed product', async () => {
      const categoryId = (await createCategory(t.db)).id;
      const a = await createProduct(t.db, { categoryId, status: 'draft' });
      const b = await createProduct(t.db, { categoryId, status: 'draft' });
      const c = await createProduct(t.db, { categoryId });
      const listUrl = `/api/products/category/${categoryId}?vendorSlug=${shop}&size=15`;
      const listed = async () => ((await get(listUrl)).json() as PagedProducts).content.map((p) => p.id);
      expect(await listed()).toEqual([c.id]);

      const res = await bulk({ products: selection(a, b, c), action: { kind: 'publish' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        changed: [a.id, b.id],
        skipped: [{ id: c.id, name: c.name, reason: BULK_MESSAGES.alreadyActive }],
      });
      // The cached list showed only c: it is dropped, so the published drafts show at once.
      expect((await listed()).sort()).toEqual([a.id, b.id, c.id].sort());
      expect((await row(a.id)).version).toBe(a.version + 1);
      expect((await row(c.id)).version).toBe(c.version);
      const audit = await auditRows([a.id, b.id, c.id]);
      expect(audit.map((r) => [r.entityId, r.action]).sort()).toEqual([
        [String(a.id), 'bulk-publish'],
        [String(b.id), 'bulk-publish'],
      ]);
      expect(audit[0]!.before).toMatchObject({ status: 'draft' });
      expect(audit[0]!.after).toMatchObject({ status: 'active' });

      const archived = await bulk({
        products: selection(await row(a.id), await row(c.id)),
        action: { kind: 'archive' },
      });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(await listed()).toEqual([b.id]);
      expect((await row(a.id)).archivedAt).not.toBeNull();
    });

    it('changes nothing when one selected product changed since it was listed', async () => {
      const a = await createProduct(t.db);
      const b = await createProduct(t.db);
      await t.db
        .update(products)
        .set({ version: b.version + 1 })
        .where(eq(products.id, b.id));
      const res = await bulk({ products: selection(a, b), action: { kind: 'plan', plan: 'PREMIUM' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BULK_MESSAGES.stale([b.name]));
      expect((await row(a.id)).plan).toBe('FREE');
      expect(await auditRows([a.id, b.id])).toHaveLength(0);
    });

    it('refuses to archive a product a carousel slide leads to, and archives none of the selection', async () => {
      const a = await createProduct(t.db);
      const onSlide = await createProduct(t.db);
      await t.db.insert(carouselItems).values({
        imageUrl: 'slide.webp',
        linkType: 'PRODUCT',
        targetId: onSlide.id,
        plan: 'FREE',
        position: 90,
      });
      const res = await bulk({ products: selection(a, onSlide), action: { kind: 'archive' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(onSlide.name);
      expect((await row(a.id)).status).toBe('active');
    });

    it('moves plan and category, sets the commission and re-prices with a new making charge', async () => {
      const metal = await createMetal(t.db, { name: `Gold ${uid()}` });
      const purity = await createPurity(t.db, metal, { ratePaise: 600_000 });
      const gold = await createProduct(t.db, {
        productType: 'GOLD',
        metalId: metal.id,
        purityId: purity.id,
        metalWeightMg: 2_000,
        pricePaise: 1_236_000,
      });
      const mrp = await createProduct(t.db, { metalId: metal.id });
      const target = await createCategory(t.db);

      const plan = await bulk({ products: selection(gold, mrp), action: { kind: 'plan', plan: 'STANDARD' } });
      expect(plan.json().changed).toEqual([gold.id, mrp.id]);
      const moved = await bulk({
        products: selection(await row(gold.id), await row(mrp.id)),
        action: { kind: 'category', categoryId: target.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const commission = await bulk({
        products: selection(await row(gold.id), await row(mrp.id)),
        action: { kind: 'commission', vendorCommission: 250.5 },
      });
      expect(commission.statusCode, commission.body).toBe(200);
      const making = await bulk({
        products: selection(await row(gold.id), await row(mrp.id)),
        action: { kind: 'making', making: { kind: 'PER_GRAM', value: 500 } },
      });
      expect(making.statusCode, making.body).toBe(200);
      expect(making.json().skipped).toEqual([
        { id: mrp.id, name: mrp.name, reason: BULK_MESSAGES.makingNeedsMetal },
      ]);

      const g = await row(gold.id);
      expect(g).toMatchObject({
        plan: 'STANDARD',
        categoryId: target.id,
        vendorCommissionPaise: 25_050,
        makingKind: 'PER_GRAM',
        makingValue: 50_000,
        version: gold.version + 4,
      });
      // 2 g at ₹6,000 = ₹12,000 metal + ₹1,000 making, plus 3 % GST = ₹13,390.
      expect(g.pricePaise).toBe(1_339_000);
      expect((await row(mrp.id)).makingKind).toBeNull();
    });

    it('refuses an unknown category, a missing product, an empty selection and a stranger', async () => {
      const a = await createProduct(t.db);
      const cat = await bulk({
        products: selection(a),
        action: { kind: 'category', categoryId: 2_000_000_000 },
      });
      expect(cat.statusCode).toBe(400);
      const missing = await bulk({
        products: [{ id: 2_000_000_000, version: 1 }],
        action: { kind: 'publish' },
      });
      expect(missing.statusCode).toBe(404);
      expect((await bulk({ products: [], action: { kind: 'publish' } })).statusCode).toBe(400);
      expect((await bulk({ products: selection(a), action: { kind: 'explode' } })).statusCode).toBe(400);
      expect(
        (await bulk({ products: selection(a), action: { kind: 'publish' } }, who.vendorA)).statusCode,
      ).toBe(403);
      expect(
        (await bulk({ products: selection(a), action: { kind: 'archive' } }, who.orders)).statusCode,
      ).toBe(403);
    });
  });
});
