import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createMetal, createProduct, createPurity, uid } from '../../../test/factories';
import { metalRateHistory, products } from '../../db/schema';

describe('metals', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  it('lets a super admin add a metal and anyone list it with its rate in rupees', async () => {
    const name = `Gold ${uid()}`;
    const res = await send('POST', '/api/metals', who.superAdmin, { name, price: 6543.21 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, price: 6543.21 });
    expect(Date.parse(res.json().lastUpdated)).not.toBeNaN();
    const list = await t.app.inject({ method: 'GET', url: '/api/metals' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name, price: 6543.21 })]));
  });

  it.each([
    [{ name: '', price: 10 }, 'name'],
    [{ name: 'Platinum', price: 0 }, 'price'],
    [{ name: 'Platinum', price: -5 }, 'price'],
    [{ name: 'Platinum', price: 1.234 }, 'price'],
    [{ name: 'Platinum' }, 'price'],
  ])('refuses invalid metal input %j', async (payload, field) => {
    const res = await send('POST', '/api/metals', who.superAdmin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a duplicate metal name (case-insensitive) with 409', async () => {
    const m = await createMetal(t.db);
    const res = await send('POST', '/api/metals', who.superAdmin, { name: m.name.toUpperCase(), price: 10 });
    expect(res.statusCode).toBe(409);
  });

  it('requires SUPER_ADMIN for every change', async () => {
    const m = await createMetal(t.db);
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.vendorB, 403],
      [who.products, 403],
      [who.categories, 403],
      [who.carousel, 403],
    ] as const) {
      expect((await send('POST', '/api/metals', h, { name: `X ${uid()}`, price: 1 })).statusCode).toBe(
        status,
      );
      expect(
        (await send('PUT', `/api/metals/${m.id}`, h, { name: m.name, price: 1, version: 1 })).statusCode,
      ).toBe(status);
      expect((await send('DELETE', `/api/metals/${m.id}`, h)).statusCode).toBe(status);
    }
  });

  it('answers 404 for a metal that does not exist', async () => {
    expect(
      (await send('PUT', '/api/metals/999999', who.superAdmin, { name: 'Nope', price: 1, version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await send('DELETE', '/api/metals/999999', who.superAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/metals/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/metals/abc' })).statusCode).toBe(400);
  });

  it('re-prices every product priced by the metal together when its rate changes, and leaves others alone', async () => {
    const gold = await createMetal(t.db, { ratePaise: 600_000 });
    const fine = await createPurity(t.db, gold);
    const k22 = await createPurity(t.db, gold, { name: '22K', fineness: 916, ratePaise: 549_600 });
    const entered = await createPurity(t.db, gold, { rateMode: 'ENTERED', ratePaise: 500_000 });
    const other = await createMetal(t.db, { ratePaise: 600_000 });
    const otherPurity = await createPurity(t.db, other);
    const metalProduct = (purityId: number, metalId: number, extra: object) =>
      createProduct(t.db, { productType: 'GOLD', metalId, purityId, pricePaise: 1, ...extra });
    const ring = await metalProduct(fine.id, gold.id, {
      makingKind: 'FLAT',
      makingValue: 50_000,
      metalWeightMg: 2_500,
    });
    const chain = await metalProduct(fine.id, gold.id, { metalWeightMg: 10_333 });
    const necklace = await metalProduct(k22.id, gold.id, {
      metalWeightMg: 10_000,
      makingKind: 'PERCENT',
      makingValue: 1200,
      stonesPaise: 500_000,
      stonesDescription: '0.30 ct VS diamond',
    });
    const fixed = await metalProduct(entered.id, gold.id, { metalWeightMg: 1_000, pricePaise: 515_000 });
    const mrp = await createProduct(t.db, {
      productType: 'MRP',
      metalId: gold.id,
      pricePaise: 99_900,
      metalWeightMg: 1000,
    });
    const elsewhere = await metalProduct(otherPurity.id, other.id, {
      metalWeightMg: 1_000,
      pricePaise: 618_000,
    });

    const res = await send('PUT', `/api/metals/${gold.id}`, who.superAdmin, {
      name: gold.name,
      price: 7000,
      confirmBigChange: true,
      version: gold.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toBe(7000);
    expect(res.json().purities).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '22K', price: 6412, rateMode: 'DERIVED' })]),
    );

    const price = async (id: number) =>
      (await t.db.select().from(products).where(eq(products.id, id)))[0]!.pricePaise;
    // (7,000 × 2.5 + 500) × 1.03
    expect(await price(ring.id)).toBe(1_854_000);
    // 7,000 × 10.333 × 1.03 = 74,500.93 (rounded once)
    expect(await price(chain.id)).toBe(7_450_093);
    // 22K at 6,412 × 10 g = 64,120; making 12 % = 7,694.40; stones 5,000; × 1.03 = 79,118.83
    expect(await price(necklace.id)).toBe(7_911_883);
    expect(await price(fixed.id)).toBe(515_000);
    expect(await price(mrp.id)).toBe(99_900);
    expect(await price(elsewhere.id)).toBe(618_000);
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${necklace.id}` });
    expect(api.json()).toMatchObject({
      price: 79_118.83,
      metalWeight: 10,
      purity: { id: k22.id, name: '22K' },
      making: { kind: 'PERCENT', value: 12 },
      stones: { description: '0.30 ct VS diamond', value: 5000 },
      metal: { id: gold.id, price: 7000 },
      priceBreakup: {
        metal: { purity: '22K', ratePerGram: 6412, netWeightGrams: 10, value: 64_120 },
        making: { kind: 'PERCENT', value: 7694.4, rate: 12 },
        stones: { description: '0.30 ct VS diamond', value: 5000 },
        taxableValue: 76_814.4,
        gst: { ratePercent: 3, value: 2304.43 },
        total: 79_118.83,
      },
    });
    const history = await t.db.select().from(metalRateHistory).where(eq(metalRateHistory.metalId, gold.id));
    expect(history.map((h) => [h.purity, h.oldRatePaise, h.newRatePaise]).sort()).toEqual(
      [
        [null, 600_000, 700_000],
        [fine.name, 600_000, 700_000],
        ['22K', 549_600, 641_200],
      ].sort(),
    );
  });

  it('refuses a rate that would push a product price past the limit, changing nothing', async () => {
    const metal = await createMetal(t.db, { ratePaise: 100 });
    const purity = await createPurity(t.db, metal);
    const heavy = await createProduct(t.db, {
      productType: 'SILVER',
      metalId: metal.id,
      purityId: purity.id,
      metalWeightMg: 900_000_000,
      pricePaise: 90_000_000,
    });
    const res = await send('PUT', `/api/metals/${metal.id}`, who.superAdmin, {
      name: metal.name,
      price: 9_999_999,
      confirmBigChange: true,
      version: metal.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toBeUndefined();
    const [row] = await t.db.select().from(products).where(eq(products.id, heavy.id));
    expect(row!.pricePaise).toBe(90_000_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/metals/${metal.id}` })).json().price).toBe(1);
  });

  it('refuses to delete a metal that products use, and deletes an unused one', async () => {
    const used = await createMetal(t.db);
    await createProduct(t.db, { metalId: used.id });
    const refused = await send('DELETE', `/api/metals/${used.id}`, who.superAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/used by products/);
    const unused = await createMetal(t.db);
    expect((await send('DELETE', `/api/metals/${unused.id}`, who.superAdmin)).statusCode).toBe(204);
  });

  it('refuses renaming a metal to another metal’s name', async () => {
    const a = await createMetal(t.db);
    const b = await createMetal(t.db);
    expect(
      (await send('PUT', `/api/metals/${b.id}`, who.superAdmin, { name: a.name, price: 5, version: 1 }))
        .statusCode,
    ).toBe(409);
  });
});
