import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STALE_EDIT_MESSAGE, catalogueProductSchema, type CatalogueProduct } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createMetal, createVendor, uid } from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { carouselItems, orderItems, products, stockAdjustments } from '../../db/schema';

/** Issue 20 items 6-8: hallmarked edits, two admins on one record, stock by adjustment, archiving. */
describe('product edits', () => {
  let t: TestApp;
  let who: Callers;
  let categoryId: number;
  let metalId: number;
  let shop: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    categoryId = (await createCategory(t.db)).id;
    metalId = (await createMetal(t.db)).id;
    shop = (await createVendor(t.app, t.db, { plan: 'BASIC' })).slug;
  });
  afterAll(async () => t.close());

  const input = (over: Record<string, unknown> = {}) => ({
    name: `Edit Ring ${uid()}`,
    sku: `EDIT-${uid()}`,
    productType: 'MRP',
    price: 2499,
    stock: 4,
    category: { id: categoryId },
    metal: { id: metalId },
    vendorPlan: 'FREE',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: who.products,
      payload: input(over),
    });
    expect(res.statusCode, res.body).toBe(201);
    return catalogueProductSchema.parse(res.json());
  };
  const read = async (id: number) =>
    catalogueProductSchema.parse(
      (await t.app.inject({ url: `/api/products/${id}`, headers: who.products })).json(),
    );
  /** The edit form's body: what the admin loaded, with their changes. */
  const edit = (p: CatalogueProduct, over: Record<string, unknown> = {}) => ({
    name: p.name,
    sku: p.sku,
    productType: p.productType,
    price: p.price,
    category: { id: p.category.id },
    metal: p.metal ? { id: p.metal.id } : null,
    vendorPlan: p.vendorPlan,
    hallmarked: p.hallmarked,
    huids: p.huids,
    version: p.version,
    ...over,
  });
  const put = (id: number, payload: object, headers = who.products) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload });
  const adjust = (id: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/stock-adjustments`,
      headers: who.products,
      payload,
    });

  it('refuses a save over a newer version with 409, the message and the newer values, and applies nothing', async () => {
    const loaded = await create();
    const a = await put(loaded.id, edit(loaded, { price: 2799 }), who.products);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ price: 2799, version: loaded.version + 1 });

    const b = await put(loaded.id, edit(loaded, { price: 1999, sale: true }), who.superAdmin);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id: loaded.id, price: 2799, sale: false, version: loaded.version + 1 },
    });
    expect(await read(loaded.id)).toMatchObject({ price: 2799, sale: false });

    // Starting again from the newer values saves.
    const again = await put(loaded.id, edit(b.json().current, { sale: true }), who.superAdmin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ price: 2799, sale: true });
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const loaded = await create();
    const [x, y] = await Promise.all([
      put(loaded.id, edit(loaded, { price: 3000 }), who.products),
      put(loaded.id, edit(loaded, { price: 3500 }), who.superAdmin),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const won = x.statusCode === 200 ? 3000 : 3500;
    expect((await read(loaded.id)).price).toBe(won);
  });

  it('never writes stock from an edit: sold pieces stay sold', async () => {
    const loaded = await create({ stock: 3 });
    const order = await initiate(t.app, orderBody(shop, [{ productSku: loaded.sku, quantity: 2 }]));
    expect(order.statusCode, order.body).toBe(200);
    // The admin's form still says 3 in stock; the save must not put the 2 reserved pieces back.
    const res = await put(loaded.id, edit(loaded, { stock: 3, price: 2600 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stock: 1, price: 2600 });
  });

  it('changes stock only by an adjustment with a reason, recorded with who made it', async () => {
    const p = await create({ stock: 4 });
    expect((await adjust(p.id, { change: 3 })).statusCode).toBe(400);
    expect((await adjust(p.id, { change: 0, reason: 'Count' })).statusCode).toBe(400);
    const taken = await adjust(p.id, { change: -5, reason: 'Damaged' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('Only 4 in stock: you cannot take out more');

    const added = await adjust(p.id, { change: 6, reason: 'Received from the workshop' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ change: 6, stockAfter: 10, reason: 'Received from the workshop' });
    expect(added.json().adjustedBy).toBeTruthy();
    const out = await adjust(p.id, { change: -1, reason: 'Damaged in the showroom' });
    expect(out.json()).toMatchObject({ change: -1, stockAfter: 9 });
    expect((await read(p.id)).stock).toBe(9);
    const list = await t.app.inject({
      url: `/api/products/${p.id}/stock-adjustments`,
      headers: who.products,
    });
    expect(list.json().map((a: { change: number }) => a.change)).toEqual([-1, 6]);
    // An adjustment does not make an open edit stale: it is not part of the form.
    expect((await put(p.id, edit(p, { price: 2100 }))).statusCode).toBe(200);
  });

  it('edits a hallmarked product with its HUIDs; unticking BIS hallmarked keeps them', async () => {
    const huids = [`A${uid().slice(0, 5)}`, `B${uid().slice(0, 5)}`].map((h) => h.toUpperCase());
    const p = await create({ stock: 2, hallmarked: true, huids });
    const loaded = await read(p.id);
    expect(loaded.huids).toEqual(huids);

    const saved = await put(p.id, edit(loaded, { price: 5000 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ price: 5000, huids, stock: 2 });

    const wrongCount = await put(p.id, edit(saved.json(), { huids: huids.slice(0, 1) }));
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().issues).toEqual([expect.objectContaining({ path: 'huids' })]);

    const unticked = await put(p.id, edit(saved.json(), { hallmarked: false, huids: [] }));
    expect(unticked.statusCode, unticked.body).toBe(200);
    expect((await read(p.id)).huids).toEqual(huids);
  });

  it('takes hallmarked pieces in and out by HUID', async () => {
    const first = `C${uid().slice(0, 5)}`.toUpperCase();
    const p = await create({ stock: 1, hallmarked: true, huids: [first] });
    expect((await adjust(p.id, { change: 1, reason: 'Received' })).statusCode).toBe(400);
    const second = `D${uid().slice(0, 5)}`.toUpperCase();
    expect((await adjust(p.id, { change: 1, reason: 'Received', huids: [second] })).statusCode).toBe(201);
    expect(await read(p.id)).toMatchObject({ stock: 2, huids: [first, second] });
    const notHere = await adjust(p.id, { change: -1, reason: 'Lost', huids: ['ZZZ999'] });
    expect(notHere.statusCode).toBe(400);
    expect((await adjust(p.id, { change: -1, reason: 'Lost', huids: [first] })).statusCode).toBe(201);
    expect(await read(p.id)).toMatchObject({ stock: 1, huids: [second] });
    const [row] = await t.db.select().from(stockAdjustments).where(eq(stockAdjustments.productId, p.id));
    expect(row).toBeTruthy();
  });

  it('archives instead of deleting: hidden from shops, kept for its orders and invoices', async () => {
    const p = await create({ stock: 5 });
    const order = await initiate(t.app, orderBody(shop, [{ productSku: p.sku, quantity: 1 }]));
    expect(order.statusCode, order.body).toBe(200);
    const o = order.json() as {
      orderId: string;
      orderNumber: string;
      razorpayOrderId: string;
      cancelKey: string;
    };
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');

    const refs = await t.app.inject({ url: `/api/products/${p.id}/references`, headers: who.products });
    expect(refs.json()).toMatchObject({ orderLines: 1, carouselSlides: [], variants: [] });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers: who.products });
    expect(del.statusCode).toBe(204);

    expect((await t.app.inject({ url: `/api/products/name/${p.slug}?vendorSlug=${shop}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(404);
    const search = await t.app.inject({ url: `/api/products/search?keyword=${encodeURIComponent(p.name)}` });
    expect(search.json().totalElements).toBe(0);
    const cart = await initiate(t.app, orderBody(shop, [{ productSku: p.sku, quantity: 1 }]));
    expect(cart.statusCode).toBeGreaterThanOrEqual(400);

    expect(await read(p.id)).toMatchObject({ status: 'archived' });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    expect(line?.productId).toBe(p.id);
    const invoice = await t.app.inject({
      url: `/api/orders/byId/${o.orderId}/invoice`,
      headers: { 'x-order-key': o.cancelKey },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row?.status).toBe('archived');

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/restore`,
      headers: who.products,
    });
    expect(restored.json()).toMatchObject({ status: 'active' });
    expect((await t.app.inject({ url: `/api/products/${p.id}` })).statusCode).toBe(200);
  });

  it('refuses to archive a product a carousel slide leads to, naming the slide, and names its variants', async () => {
    const group = `grp-${uid()}`;
    const p = await create({ variantGroupId: group, variantType: 'Size', variantValue: '6' });
    const sibling = await create({ variantGroupId: group, variantType: 'Size', variantValue: '7' });
    const [slide] = await t.db
      .insert(carouselItems)
      .values({ imageUrl: 'a'.repeat(32) + '.webp', linkType: 'PRODUCT', targetId: p.id, position: 2 })
      .returning();
    const refs = await t.app.inject({ url: `/api/products/${p.id}/references`, headers: who.products });
    expect(refs.json()).toMatchObject({
      carouselSlides: [{ id: slide!.id, position: 2 }],
      variants: [{ id: sibling.id, name: sibling.name }],
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers: who.products });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('slide 3');
    expect((await read(p.id)).status).toBe('active');
    await t.db.delete(carouselItems).where(eq(carouselItems.id, slide!.id));
  });

  it('requires MANAGE_PRODUCTS for adjustments, references and restore', async () => {
    const p = await create();
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.orders, 403],
    ] as const) {
      const urls = [
        ['POST', `/api/products/${p.id}/stock-adjustments`],
        ['GET', `/api/products/${p.id}/stock-adjustments`],
        ['GET', `/api/products/${p.id}/references`],
        ['POST', `/api/products/${p.id}/restore`],
      ] as const;
      for (const [method, url] of urls) {
        const res = await t.app.inject({
          method,
          url,
          headers: h,
          payload: method === 'POST' ? { change: 1, reason: 'x' } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
  });
});
