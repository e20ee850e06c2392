import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createMetal, createProduct, uid } from '../../../test/factories';
import { products } from '../../db/schema';

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
      expect((await send('PUT', `/api/metals/${m.id}`, h, { name: m.name, price: 1 })).statusCode).toBe(
        status,
      );
      expect((await send('DELETE', `/api/metals/${m.id}`, h)).statusCode).toBe(status);
    }
  });

  it('answers 404 for a metal that does not exist', async () => {
    expect(
      (await send('PUT', '/api/metals/999999', who.superAdmin, { name: 'Nope', price: 1 })).statusCode,
    ).toBe(404);
    expect((await send('DELETE', '/api/metals/999999', who.superAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/metals/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/metals/abc' })).statusCode).toBe(400);
  });

  it('re-prices every product priced by the metal together when its rate changes, and leaves others alone', async () => {
    const gold = await createMetal(t.db, { ratePaise: 600_000 });
    const other = await createMetal(t.db, { ratePaise: 600_000 });
    const ring = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: gold.id,
      basePaise: 50_000,
      metalWeightMg: 2_500,
      pricePaise: 1_550_000,
    });
    const chain = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: gold.id,
      basePaise: 0,
      metalWeightMg: 10_333,
      pricePaise: 1,
    });
    const mrp = await createProduct(t.db, {
      productType: 'MRP',
      metalId: gold.id,
      pricePaise: 99_900,
      metalWeightMg: 1000,
    });
    const elsewhere = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: other.id,
      basePaise: 0,
      metalWeightMg: 1_000,
      pricePaise: 600_000,
    });

    const res = await send('PUT', `/api/metals/${gold.id}`, who.superAdmin, { name: gold.name, price: 7000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toBe(7000);

    const price = async (id: number) =>
      (await t.db.select().from(products).where(eq(products.id, id)))[0]!.pricePaise;
    expect(await price(ring.id)).toBe(50_000 + 700_000 * 2.5);
    expect(await price(chain.id)).toBe(Math.round((700_000 * 10_333) / 1000));
    expect(await price(mrp.id)).toBe(99_900);
    expect(await price(elsewhere.id)).toBe(600_000);
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${ring.id}` });
    expect(api.json()).toMatchObject({
      price: 18_000,
      basePrice: 500,
      metalWeight: 2.5,
      metal: { id: gold.id, price: 7000 },
    });
  });

  it('refuses a rate that would push a product price past the limit, changing nothing', async () => {
    const metal = await createMetal(t.db, { ratePaise: 100 });
    const heavy = await createProduct(t.db, {
      productType: 'SILVER',
      metalId: metal.id,
      metalWeightMg: 900_000_000,
      pricePaise: 90_000_000,
    });
    const res = await send('PUT', `/api/metals/${metal.id}`, who.superAdmin, {
      name: metal.name,
      price: 9_999_999,
    });
    expect(res.statusCode).toBe(400);
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
      (await send('PUT', `/api/metals/${b.id}`, who.superAdmin, { name: a.name, price: 5 })).statusCode,
    ).toBe(409);
  });
});
