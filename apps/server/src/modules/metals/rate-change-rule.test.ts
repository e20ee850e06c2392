import { eq, inArray } from 'drizzle-orm';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createMetal,
  createProduct,
  createPurity,
  type Actor,
} from '../../../test/factories';
import { metalPurities, metals, products } from '../../db/schema';

/** Issue 20: one rule for every rate path; a change above 10 % needs the second confirmation. */
describe('a large rate change needs its confirmation on every path', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
  });
  afterAll(async () => t.close());

  const send = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin.headers, payload });

  async function goldWithNecklace(ratePaise = 632_040, name?: string) {
    const metal = await createMetal(t.db, { ratePaise: 700_000, ...(name ? { name } : {}) });
    const purity = await createPurity(t.db, metal, {
      name: '22K',
      fineness: 916,
      rateMode: 'ENTERED',
      ratePaise,
    });
    const necklace = await createProduct(t.db, {
      productType: 'GOLD',
      metalId: metal.id,
      purityId: purity.id,
      metalWeightMg: 20_000,
      pricePaise: Math.round(ratePaise * 20 * 1.03),
    });
    const priceOf = async () =>
      (await t.db.select().from(products).where(eq(products.id, necklace.id)))[0]!.pricePaise;
    return { metal, purity, necklace, priceOf };
  }

  function expectRefused(res: { statusCode: number; json: () => unknown }) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('more than 10 %'),
      issues: [{ path: 'confirmBigChange' }],
    });
  }

  it('the fine rate (PUT /api/metals/:id) is refused above 10 % without confirmation, saved with it', async () => {
    const { metal, priceOf } = await goldWithNecklace();
    const before = await priceOf();
    expectRefused(await send('PUT', `/api/metals/${metal.id}`, { name: metal.name, price: 700, version: 1 }));
    const [row] = await t.db.select().from(metals).where(eq(metals.id, metal.id));
    expect(row!.ratePaise).toBe(700_000);
    expect(await priceOf()).toBe(before);
    // Within 10 % needs no second answer.
    const small = await send('PUT', `/api/metals/${metal.id}`, {
      name: metal.name,
      price: 7500,
      version: 1,
    });
    expect(small.statusCode).toBe(200);
    const big = await send('PUT', `/api/metals/${metal.id}`, {
      name: metal.name,
      price: 9000,
      confirmBigChange: true,
      version: 2,
    });
    expect(big.statusCode).toBe(200);
  });

  it('a purity rate (22K at 632.04 instead of 6,320.40) is refused without confirmation and previewed first', async () => {
    const { metal, purity, priceOf } = await goldWithNecklace();
    const before = await priceOf();
    const typo = { name: '22K', fineness: 916, rateMode: 'ENTERED', rate: 632.04, version: 1 };
    const preview = await send('POST', `/api/metals/${metal.id}/purities/${purity.id}/preview`, typo);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      oldPrice: 6320.4,
      newPrice: 632.04,
      changePercent: -90,
      bigChange: true,
      productsAffected: 1,
      samples: [{ oldPrice: before / 100, newPrice: expect.any(Number) }],
    });
    expectRefused(await send('PUT', `/api/metals/${metal.id}/purities/${purity.id}`, typo));
    const [row] = await t.db.select().from(metalPurities).where(eq(metalPurities.id, purity.id));
    expect(row!.ratePaise).toBe(632_040);
    expect(await priceOf()).toBe(before);
    const confirmed = await send('PUT', `/api/metals/${metal.id}/purities/${purity.id}`, {
      ...typo,
      confirmBigChange: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await priceOf()).toBeLessThan(before);
  });

  it('switching a purity to a derived rate that moves it by more than 10 % asks too', async () => {
    const { metal, purity } = await goldWithNecklace(300_000);
    expectRefused(
      await send('PUT', `/api/metals/${metal.id}/purities/${purity.id}`, {
        name: '22K',
        fineness: 916,
        rateMode: 'DERIVED',
        version: 1,
      }),
    );
  });

  it('gold and silver together (PUT /api/metals/prices) are refused with 400, never 500, and nothing is written', async () => {
    const gold = await createMetal(t.db, { name: 'Gold', ratePaise: 700_000 });
    const silver = await createMetal(t.db, { name: 'Silver', ratePaise: 9_000 });
    const versions = { goldVersion: 1, silverVersion: 1 };
    expectRefused(await send('PUT', '/api/metals/prices', { gold: 7100, silver: 9, ...versions }));
    const rows = await t.db.select().from(metals);
    expect(rows.find((m) => m.id === gold.id)!.ratePaise).toBe(700_000);
    expect(rows.find((m) => m.id === silver.id)!.ratePaise).toBe(9_000);
    // A rate at which a product would cost more than the catalogue allows is a 400 here as on /:id.
    const purity = await createPurity(t.db, silver);
    await createProduct(t.db, {
      productType: 'SILVER',
      metalId: silver.id,
      purityId: purity.id,
      metalWeightMg: 900_000_000,
      pricePaise: 90_000_000,
    });
    const huge = await send('PUT', '/api/metals/prices', {
      gold: 7000,
      silver: 9_999_999,
      confirmBigChange: true,
      ...versions,
    });
    expect(huge.statusCode).toBe(400);
    const confirmed = await send('PUT', '/api/metals/prices', {
      gold: 7100,
      silver: 9,
      confirmBigChange: true,
      ...versions,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ gold: 7100, silver: 9 });
  });

  function expectStale(res: { statusCode: number; json: () => unknown }, current: object) {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: STALE_EDIT_MESSAGE, current });
  }

  it('the same rule refuses a fine rate saved over a newer version (409 with the newer rate), even when confirmed', async () => {
    const { metal, priceOf } = await goldWithNecklace();
    // Admin A and admin B both opened the metal at version 1; A saves first.
    const a = await send('PUT', `/api/metals/${metal.id}`, { name: metal.name, price: 7200, version: 1 });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ price: 7200, version: 2 });
    const afterA = await priceOf();
    const b = await send('PUT', `/api/metals/${metal.id}`, {
      name: metal.name,
      price: 9000,
      confirmBigChange: true,
      version: 1,
    });
    expectStale(b, { id: metal.id, price: 7200, version: 2 });
    const [row] = await t.db.select().from(metals).where(eq(metals.id, metal.id));
    expect(row).toMatchObject({ ratePaise: 720_000, version: 2 });
    expect(await priceOf()).toBe(afterA);
    // A save without a version is not a blind overwrite either.
    expect((await send('PUT', `/api/metals/${metal.id}`, { name: metal.name, price: 7300 })).statusCode).toBe(
      400,
    );
  });

  it('the same rule refuses a purity rate saved over a newer version, and a fine-rate change makes a derived purity newer', async () => {
    const { metal, purity, priceOf } = await goldWithNecklace();
    const edit = { name: '22K', fineness: 916, rateMode: 'ENTERED', rate: 6400 };
    expect(
      (await send('PUT', `/api/metals/${metal.id}/purities/${purity.id}`, { ...edit, version: 1 })).json(),
    ).toMatchObject({ price: 6400, version: 2 });
    const before = await priceOf();
    const stale = await send('PUT', `/api/metals/${metal.id}/purities/${purity.id}`, {
      ...edit,
      rate: 632.04,
      confirmBigChange: true,
      version: 1,
    });
    expectStale(stale, { id: purity.id, price: 6400, version: 2 });
    expect(await priceOf()).toBe(before);
    // A derived purity moves with the fine rate: an edit opened before that change is stale.
    const derived = await createPurity(t.db, metal, { name: '18K', fineness: 750, rateMode: 'DERIVED' });
    expect(
      (await send('PUT', `/api/metals/${metal.id}`, { name: metal.name, price: 7100, version: 1 }))
        .statusCode,
    ).toBe(200);
    const [moved] = await t.db.select().from(metalPurities).where(eq(metalPurities.id, derived.id));
    expect(moved!.version).toBe(2);
    expectStale(
      await send('PUT', `/api/metals/${metal.id}/purities/${derived.id}`, {
        name: '18K',
        fineness: 750,
        rateMode: 'DERIVED',
        version: 1,
      }),
      { id: derived.id, version: 2 },
    );
  });

  it('the same rule refuses gold and silver together saved over a newer version, writing neither', async () => {
    // Gold and Silver are found by name (another test may have made them already).
    const named = async (name: string, ratePaise: number) => {
      const [row] = await t.db.select().from(metals).where(eq(metals.name, name));
      return row ?? createMetal(t.db, { name, ratePaise });
    };
    const gold = await named('Gold', 700_000);
    const silver = await named('Silver', 9_000);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/metals/prices' })).json();
    expect(summary).toMatchObject({ goldVersion: gold.version, silverVersion: silver.version });
    const nextSilver = Math.round(silver.ratePaise * 1.02) / 100;
    expect(
      (
        await send('PUT', `/api/metals/${silver.id}`, {
          name: 'Silver',
          price: nextSilver,
          version: silver.version,
        })
      ).statusCode,
    ).toBe(200);
    const stale = await send('PUT', '/api/metals/prices', {
      gold: gold.ratePaise / 100 + 1,
      silver: silver.ratePaise / 100,
      goldVersion: gold.version,
      silverVersion: silver.version,
    });
    expectStale(stale, {
      gold: gold.ratePaise / 100,
      silver: nextSilver,
      goldVersion: gold.version,
      silverVersion: silver.version + 1,
    });
    const rows = await t.db
      .select()
      .from(metals)
      .where(inArray(metals.id, [gold.id, silver.id]));
    expect(rows.find((m) => m.id === gold.id)).toMatchObject({
      ratePaise: gold.ratePaise,
      version: gold.version,
    });
    const fresh = await send('PUT', '/api/metals/prices', {
      gold: gold.ratePaise / 100 + 1,
      silver: nextSilver,
      goldVersion: gold.version,
      silverVersion: silver.version + 1,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      gold: gold.ratePaise / 100 + 1,
      goldVersion: gold.version + 1,
      silverVersion: silver.version + 2,
    });
  });
});
