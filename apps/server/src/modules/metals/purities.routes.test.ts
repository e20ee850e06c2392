import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { MAKING_CHARGE_KINDS, jewelleryPrice } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createMetal, createProduct, createPurity, uid } from '../../../test/factories';
import { products } from '../../db/schema';
import { repriceProducts } from '../products';
import { isOutOfRange } from '../../lib/db-errors';

let t: TestApp;
let who: Callers;
let clock = new Date('2026-11-01T06:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  who = await createCallers(t.app, t.db);
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.superAdmin, payload });

describe('purities and their rates', () => {
  it('a new metal starts with its usual purities derived from the fine rate; the admin adds an entered one', async () => {
    const created = await send('POST', '/api/metals', { name: 'Gold', price: 7000 });
    expect(created.statusCode).toBe(201);
    const gold = created.json();
    expect(gold.purities.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['24K', 6993],
      ['22K', 6412],
      ['18K', 5250],
      ['14K', 4095],
    ]);
    const added = await send('POST', `/api/metals/${gold.id}/purities`, {
      name: '20K',
      fineness: 833,
      rateMode: 'ENTERED',
      rate: 5900,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: '20K', price: 5900, rateMode: 'ENTERED' });
    expect(
      (
        await send('POST', `/api/metals/${gold.id}/purities`, {
          name: '20k',
          fineness: 833,
          rateMode: 'DERIVED',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await send('POST', `/api/metals/${gold.id}/purities`, {
          name: 'X',
          fineness: 1200,
          rateMode: 'DERIVED',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await send('POST', `/api/metals/${gold.id}/purities`, {
          name: 'Y',
          fineness: 900,
          rateMode: 'ENTERED',
        })
      ).statusCode,
    ).toBe(400);

    // Public: current rates, then the history of the last days, without who changed them.
    clock = new Date('2026-11-10T06:00:00Z');
    // Nine days on, the admins' 12-hour sessions have ended: they sign in again.
    who = await createCallers(t.app, t.db);
    expect(
      (await send('PUT', `/api/metals/${gold.id}`, { name: 'Gold', price: 7100, version: 1 })).statusCode,
    ).toBe(200);
    const rates = await t.app.inject({ method: 'GET', url: '/api/metal-rates' });
    expect(rates.statusCode).toBe(200);
    const k22 = rates.json().find((r: { purity: string }) => r.purity === '22K');
    expect(k22).toMatchObject({ metal: 'Gold', ratePerGram: 6503.6, fineness: 916, rateMode: 'DERIVED' });
    expect(k22.lastUpdated).toBe('2026-11-10T06:00:00.000Z');
    expect(rates.json().find((r: { purity: string }) => r.purity === '20K').ratePerGram).toBe(5900);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/metal-rates/history?metal=${gold.id}&days=5`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().changes).toContainEqual({
      purity: '22K',
      oldRate: 6412,
      rate: 6503.6,
      changedAt: '2026-11-10T06:00:00.000Z',
    });
    expect(history.json().start).toContainEqual({ purity: '20K', rate: 5900 });
    expect(JSON.stringify(history.json())).not.toContain('changedBy');
    for (const bad of ['metal=abc', `metal=${gold.id}&days=0`, `metal=${gold.id}&days=9999`, ''])
      expect((await t.app.inject({ method: 'GET', url: `/api/metal-rates/history?${bad}` })).statusCode).toBe(
        400,
      );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/metal-rates/history?metal=999999' })).statusCode,
    ).toBe(404);
  });

  it('changing an entered purity’s rate re-prices its products; a used purity cannot be deleted', async () => {
    const metal = await createMetal(t.db, { name: `Platinum ${uid()}`, ratePaise: 300_000 });
    const p950 = await createPurity(t.db, metal, {
      name: '950',
      fineness: 950,
      rateMode: 'ENTERED',
      ratePaise: 290_000,
    });
    const ring = await createProduct(t.db, {
      productType: 'SILVER',
      metalId: metal.id,
      purityId: p950.id,
      metalWeightMg: 5_000,
      makingKind: 'PER_GRAM',
      makingValue: 50_000,
      pricePaise: 1,
    });
    const res = await send('PUT', `/api/metals/${metal.id}/purities/${p950.id}`, {
      name: '950',
      fineness: 950,
      rateMode: 'ENTERED',
      rate: 3100,
      version: p950.version,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, ring.id));
    // (3,100 × 5 + 500 × 5) × 1.03
    expect(row!.pricePaise).toBe(1_854_000);
    expect((await send('DELETE', `/api/metals/${metal.id}/purities/${p950.id}`)).statusCode).toBe(409);
    const spare = await createPurity(t.db, metal);
    expect((await send('DELETE', `/api/metals/${metal.id}/purities/${spare.id}`)).statusCode).toBe(204);
  });

  it('the SQL repricing and the domain price function agree to the paisa on any product', async () => {
    const metal = await createMetal(t.db, { name: `Alloy ${uid()}`, ratePaise: 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            rate: fc.integer({ min: 0, max: 3_000_000 }),
            mg: fc.integer({ min: 0, max: 200_000 }),
            kind: fc.constantFrom(null, ...MAKING_CHARGE_KINDS),
            making: fc.integer({ min: 0, max: 2_000_000 }),
            stones: fc.integer({ min: 0, max: 5_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 2800 }),
        async (cases, gstBp) => {
          const ids: number[] = [];
          const rates: Array<{ purityId: number; ratePaise: number }> = [];
          for (const c of cases) {
            const purity = await createPurity(t.db, metal, { ratePaise: c.rate, rateMode: 'ENTERED' });
            rates.push({ purityId: purity.id, ratePaise: c.rate });
            const p = await createProduct(t.db, {
              productType: 'GOLD',
              metalId: metal.id,
              purityId: purity.id,
              metalWeightMg: c.mg,
              makingKind: c.kind,
              makingValue: c.kind === 'PERCENT' ? c.making % 10_000 : c.making,
              stonesPaise: c.stones,
              pricePaise: 0,
            });
            ids.push(p.id);
          }
          await t.db.transaction((tx) => repriceProducts(tx, rates, gstBp, clock, inArray(products.id, ids)));
          const rows = await t.db.select().from(products).where(inArray(products.id, ids));
          for (const [i, c] of cases.entries()) {
            const row = rows.find((r) => r.id === ids[i])!;
            const expected = jewelleryPrice({
              metalName: 'x',
              purity: 'y',
              ratePerGramPaise: c.rate,
              netWeightMg: c.mg,
              making: row.makingKind ? { kind: row.makingKind, value: row.makingValue } : null,
              stones: { description: '', valuePaise: c.stones },
              gstBasisPoints: gstBp,
            });
            expect(row.pricePaise).toBe(expected.totalPaise);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the SQL repricing and the domain price function agree on the edge cases, and refuse the same prices', async () => {
    const metal = await createMetal(t.db, { name: `Edge ${uid()}`, ratePaise: 1 });
    type Case = {
      rate: number;
      mg: number;
      kind: 'PER_GRAM' | 'PERCENT' | 'FLAT' | null;
      making: number;
      stones: number;
      gstBp: number;
    };
    const at = (c: Partial<Case>): Case => ({
      rate: 0,
      mg: 0,
      kind: null,
      making: 0,
      stones: 0,
      gstBp: 300,
      ...c,
    });
    const domain = (c: Case) =>
      jewelleryPrice({
        metalName: 'x',
        purity: 'y',
        ratePerGramPaise: c.rate,
        netWeightMg: c.mg,
        making: c.kind ? { kind: c.kind, value: c.making } : null,
        stones: { description: '', valuePaise: c.stones },
        gstBasisPoints: c.gstBp,
      }).totalPaise;
    async function sqlPrice(c: Case): Promise<number> {
      const purity = await createPurity(t.db, metal, { ratePaise: c.rate, rateMode: 'ENTERED' });
      const p = await createProduct(t.db, {
        productType: 'SILVER',
        metalId: metal.id,
        purityId: purity.id,
        metalWeightMg: c.mg,
        makingKind: c.kind,
        makingValue: c.making,
        stonesPaise: c.stones,
        pricePaise: 123,
      });
      await t.db.transaction((tx) =>
        repriceProducts(
          tx,
          [{ purityId: purity.id, ratePaise: c.rate }],
          c.gstBp,
          clock,
          eq(products.id, p.id),
        ),
      );
      const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
      return row!.pricePaise;
    }
    const LIMIT = 2_147_483_647;
    const cases = [
      // Half a paisa exactly rounds up, once (0.5 → 1, 1.5 → 2, 2.5 → 3).
      at({ rate: 1, mg: 500, gstBp: 0 }),
      at({ rate: 3, mg: 500, gstBp: 0 }),
      at({ rate: 5, mg: 500, gstBp: 0 }),
      // A total just below and just above half a paisa after GST.
      at({ rate: 1, mg: 485, gstBp: 300 }),
      at({ rate: 1, mg: 486, gstBp: 300 }),
      // No weight: only the flat making and the stones.
      at({ kind: 'FLAT', making: 99_999, stones: 1 }),
      // 100 % making doubles the metal; per-gram making on a milligram.
      at({ rate: 641_200, mg: 22_001, kind: 'PERCENT', making: 10_000 }),
      at({ rate: 1, mg: 1, kind: 'PER_GRAM', making: 50_000 }),
      // 28 % GST, the largest slab.
      at({ rate: 9_999_999, mg: 123_457, kind: 'PERCENT', making: 1_234, gstBp: 2800 }),
      // Exactly the catalogue's largest price.
      at({ kind: 'FLAT', making: LIMIT, gstBp: 0 }),
    ];
    for (const c of cases) expect(await sqlPrice(c), JSON.stringify(c)).toBe(domain(c));
    // One paisa past it: the statement is refused (out of range), and the domain's price is past it too.
    const past = at({ kind: 'FLAT', making: LIMIT + 1, gstBp: 0 });
    expect(domain(past)).toBeGreaterThan(LIMIT);
    await expect(sqlPrice(past)).rejects.toSatisfy(isOutOfRange);
  });
});
