import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createCategory, createProduct, createVendor, uid } from '../../../test/factories';

describe("vendor dashboard's products", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists in-stock products of the vendor plan with search, category (or parent), price band and sort', async () => {
    const tag = uid();
    const parent = await createCategory(t.db, { name: `Necklaces ${tag}` });
    const child = await createCategory(t.db, { name: `Chokers ${tag}`, parentId: parent.id });
    await createProduct(t.db, {
      name: `Ruby Choker ${tag}`,
      categoryId: child.id,
      pricePaise: 450_000,
      vendorCommissionPaise: 30_000,
    });
    await createProduct(t.db, {
      name: `Pearl Choker ${tag}`,
      categoryId: child.id,
      pricePaise: 90_000,
      vendorCommissionPaise: 5_000,
    });
    await createProduct(t.db, { name: `Sold Out Choker ${tag}`, categoryId: child.id, stock: 0 });
    await createProduct(t.db, { name: `Premium Choker ${tag}`, categoryId: child.id, plan: 'PREMIUM' });
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });

    const all = await t.app.inject({
      url: `/api/vendor/products?categoryId=${parent.id}&sort=price-desc`,
      headers: v.headers,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().content.map((p: { name: string }) => p.name)).toEqual([
      `Ruby Choker ${tag}`,
      `Pearl Choker ${tag}`,
    ]);
    expect(all.json()).toMatchObject({ size: 12, number: 0, totalElements: 2 });

    const cheap = await t.app.inject({
      url: `/api/vendor/products?search=${tag}&priceBand=upto-1000`,
      headers: v.headers,
    });
    expect(cheap.json().content.map((p: { name: string }) => p.name)).toEqual([`Pearl Choker ${tag}`]);
    const byCommission = await t.app.inject({
      url: `/api/vendor/products?search=CHOKER%20${tag}&sort=commission-asc`,
      headers: v.headers,
    });
    expect(byCommission.json().content.map((p: { vendorCommission: number }) => p.vendorCommission)).toEqual([
      50, 300,
    ]);
  });

  it('is for vendors only and rejects bad filters with 400', async () => {
    const v = await createVendor(t.app, t.db);
    const admin = await createAdminUser(t.app, t.db);
    expect((await t.app.inject({ url: '/api/vendor/products' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/vendor/products', headers: admin.headers })).statusCode).toBe(
      403,
    );
    for (const q of ['priceBand=cheap', 'sort=name', 'page=-1', 'size=1000', 'categoryId=abc']) {
      expect(
        (await t.app.inject({ url: `/api/vendor/products?${q}`, headers: v.headers })).statusCode,
        q,
      ).toBe(400);
    }
  });
});
