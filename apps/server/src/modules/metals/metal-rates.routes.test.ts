import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createMetal,
  createProduct,
  createPurity,
  type Actor,
} from '../../../test/factories';
import { metalRateHistory, products } from '../../db/schema';

describe('metal rate changes', () => {
  let t: TestApp;
  let admin: Actor;
  let catalogue: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    catalogue = await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']);
  });
  afterAll(async () => t.close());

  const put = (url: string, payload: object, who = admin) =>
    t.app.inject({ method: 'PUT', url, headers: who.headers, payload });
  const get = (url: string, who: Actor | null = admin) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

  it('previews how many products a new rate changes with a few old and new prices, changing nothing', async () => {
    const metal = await createMetal(t.db, { ratePaise: 600_000 });
    const purity = await createPurity(t.db, metal);
    const ring = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: metal.id,
      purityId: purity.id,
      makingKind: 'FLAT',
      makingValue: 50_000,
      metalWeightMg: 2_000,
      pricePaise: 1_250_000,
    });
    await createProduct(t.db, {
      productType: 'GOLD',
      metalId: metal.id,
      purityId: purity.id,
      metalWeightMg: 1_000,
      pricePaise: 600_000,
    });
    await createProduct(t.db, { productType: 'MRP', metalId: metal.id, pricePaise: 99_900 });
    const res = await get(`/api/metals/${metal.id}/preview?price=6700`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      metalId: metal.id,
      oldPrice: 6000,
      newPrice: 6700,
      changePercent: 11.7,
      bigChange: true,
      productsAffected: 2,
    });
    // (500 + 6,700 × 2) × 1.03
    expect(body.samples).toContainEqual({ id: ring.id, name: ring.name, oldPrice: 12_500, newPrice: 14_317 });
    const [unchanged] = await t.db.select().from(products).where(eq(products.id, ring.id));
    expect(unchanged!.pricePaise).toBe(1_250_000);
    expect((await get(`/api/metals/${metal.id}/preview?price=6300`)).json()).toMatchObject({
      bigChange: false,
    });
    expect((await get(`/api/metals/${metal.id}/preview?price=0`)).statusCode).toBe(400);
    expect((await get(`/api/metals/${metal.id}/preview?price=abc`)).statusCode).toBe(400);
    expect((await get(`/api/metals/999999/preview?price=10`)).statusCode).toBe(404);
    expect((await get(`/api/metals/${metal.id}/preview?price=10`, catalogue)).statusCode).toBe(403);
  });

  it('keeps a history per metal of who changed the rate, when, from what to what, newest first', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: admin.headers,
      payload: { name: `Platinum ${Date.now()}`, price: 3000 },
    });
    const id = created.json().id as number;
    await put(`/api/metals/${id}`, { name: created.json().name, price: 3100.5, version: 1 });
    await put(`/api/metals/${id}`, { name: `${created.json().name} 950`, version: 2 }); // 400: no price
    await put(`/api/metals/${id}`, { name: `${created.json().name} 950`, price: 3100.5, version: 2 }); // rename only
    await put(`/api/metals/${id}`, { name: created.json().name, price: 2900, version: 3 });
    const res = await get(`/api/metals/${id}/history`);
    expect(res.statusCode).toBe(200);
    const all: Array<{
      purity: string | null;
      oldPrice: number | null;
      newPrice: number;
      changedAt: string;
    }> = res.json();
    // Its derived purity ('Fine' for a metal without known purities) follows each change, recorded by name.
    expect(all.filter((h) => h.purity === 'Fine').map((h) => h.newPrice)).toEqual([2900, 3100.5]);
    const history = all.filter((h) => h.purity === null);
    expect(
      history.map((h: { oldPrice: number | null; newPrice: number }) => [h.oldPrice, h.newPrice]),
    ).toEqual([
      [3100.5, 2900],
      [3000, 3100.5],
      [null, 3000],
    ]);
    expect(history[0]).toMatchObject({ changedBy: admin.username, purity: null });
    expect(Date.parse(history[0]!.changedAt)).not.toBeNaN();
    expect((await get(`/api/metals/${id}/history`, catalogue)).statusCode).toBe(403);
    expect((await get(`/api/metals/${id}/history`, null)).statusCode).toBe(401);
  });

  it("the metal prices summary shows gold and silver with their last update and sets both together: 'Metal prices updated successfully' is the web's", async () => {
    expect((await get('/api/metals/prices', null)).json()).toEqual({
      gold: null,
      silver: null,
      lastUpdated: null,
      gstRatePercent: 3,
      goldVersion: null,
      silverVersion: null,
    });
    const versions = { goldVersion: 1, silverVersion: 1 };
    expect((await put('/api/metals/prices', { gold: 7000, silver: 90, ...versions })).statusCode).toBe(409);
    const gold = await createMetal(t.db, { name: 'Gold', ratePaise: 700_000 });
    const silver = await createMetal(t.db, { name: 'silver', ratePaise: 9_000 });
    const anklet = await createProduct(t.db, {
      productType: 'SILVER',
      metalId: silver.id,
      purityId: (await createPurity(t.db, silver)).id,
      makingKind: 'FLAT',
      makingValue: 10_000,
      metalWeightMg: 10_000,
      pricePaise: 100_000,
    });
    expect((await get('/api/metals/prices', null)).json()).toMatchObject({ gold: 7000, silver: 90 });
    const res = await put('/api/metals/prices', { gold: 7250.5, silver: 95, ...versions });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gold: 7250.5, silver: 95 });
    expect(Date.parse(res.json().lastUpdated)).not.toBeNaN();
    const [priced] = await t.db.select().from(products).where(eq(products.id, anklet.id));
    expect(priced!.pricePaise).toBe(Math.round((10_000 + 9_500 * 10) * 1.03));
    const goldHistory = await t.db
      .select()
      .from(metalRateHistory)
      .where(eq(metalRateHistory.metalId, gold.id));
    expect(goldHistory).toMatchObject([
      { oldRatePaise: 700_000, newRatePaise: 725_050, changedBy: admin.username },
    ]);
    expect((await put('/api/metals/prices', { gold: 0, silver: 95, ...versions })).statusCode).toBe(400);
    expect(
      (await put('/api/metals/prices', { gold: 7000, silver: 95, ...versions }, catalogue)).statusCode,
    ).toBe(403);
  });
});
