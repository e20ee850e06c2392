import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jewelleryPrice } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, metalVersion } from '../../../test/factories';
import { metalPurities, products } from '../../db/schema';

/** Enough for every purity × making kind × stones mix many times over (the pattern repeats every 60). */
const N = 2_000;

/**
 * Issue 13: a rate change re-prices every product of the metal in ONE transaction. Here: 2,000
 * products, every purity and making kind, each new price checked against the domain function, and a
 * change that one product cannot take (its price would pass the catalogue's limit) leaves all of them
 * as they were. The same checks at 100,000 products, with the timing, are the bench's
 * (bench/reprice.ts; moved there from this test by decision 0026: 147 s per pass here).
 */
describe('re-pricing every product of a metal on a rate change', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const setRate = async (metal: { id: number; name: string }, price: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/metals/${metal.id}`,
      headers: who.superAdmin,
      payload: {
        name: metal.name,
        price,
        confirmBigChange: true,
        version: await metalVersion(t.db, metal.id),
      },
    });

  /** Rows whose stored price is not the domain's price at their purity's current rate. */
  async function wrongPrices(metalId: number): Promise<number> {
    const rows = await t.db
      .select({ p: products, rate: metalPurities.ratePaise })
      .from(products)
      .innerJoin(metalPurities, eq(metalPurities.id, products.purityId))
      .where(eq(products.metalId, metalId));
    expect(rows).toHaveLength(N);
    return rows.filter(
      ({ p, rate }) =>
        jewelleryPrice({
          metalName: 'Gold',
          purity: '',
          ratePerGramPaise: rate,
          netWeightMg: p.metalWeightMg,
          making: p.makingKind ? { kind: p.makingKind, value: p.makingValue } : null,
          stones: { description: '', valuePaise: p.stonesPaise },
          gstBasisPoints: 300,
        }).totalPaise !== p.pricePaise,
    ).length;
  }

  const priceSum = async (metalId: number) => {
    const [row] = await t.db
      .select({ sum: sql<string>`sum(${products.pricePaise})::text` })
      .from(products)
      .where(eq(products.metalId, metalId));
    return row!.sum;
  };

  it('re-prices every one in one transaction to the domain price; a rate one product cannot take changes none', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: who.superAdmin,
      payload: { name: 'Gold', price: 7000 },
    });
    expect(created.statusCode).toBe(201);
    const gold = created.json() as { id: number; name: string };
    const category = await createCategory(t.db);
    await t.db.execute(sql`
      insert into products (sku, name, slug, product_type, price_paise, metal_id, purity_id, metal_weight_mg,
                            making_kind, making_value, stones_paise, stock, category_id)
      select 'RP-' || ${gold.id} || '-' || i, 'Reprice ' || ${gold.id} || ' ' || i,
             'reprice-' || ${gold.id} || '-' || i, 'GOLD', 0, ${gold.id},
             (select id from metal_purities where metal_id = ${gold.id} order by id offset (i % 4) limit 1),
             1000 + (i * 37) % 60000,
             (array['PER_GRAM', 'PERCENT', 'FLAT'])[1 + i % 3],
             case i % 3 when 0 then 50000 when 1 then 1200 else 250000 end,
             case when i % 5 = 0 then 1500000 else 0 end, 5, ${category.id}
      from generate_series(1, ${N}) as i`);
    // One 1 kg piece (22K): at ₹7,100/g it stays under the catalogue's limit, at ₹30,000/g it would not.
    await t.db.execute(
      sql`update products set metal_weight_mg = 1000000, making_kind = null, stones_paise = 0
          where sku = ${`RP-${gold.id}-1`}`,
    );
    // Every price is wrong (0) until this rate change prices them all, in one statement.
    expect((await setRate(gold, 7100)).statusCode).toBe(200);
    const before = await priceSum(gold.id);
    const refused = await setRate(gold, 30_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'At this rate a product priced by this metal would cost more than the catalogue allows',
    );
    // Nothing moved (one transaction), and every price is the domain's at ₹7,100/g.
    expect(await priceSum(gold.id)).toBe(before);
    expect(await wrongPrices(gold.id)).toBe(0);
    const rates = (await t.app.inject({ url: '/api/metal-rates' })).json() as Array<{
      metalId: number;
      purity: string;
      ratePerGram: number;
    }>;
    expect(rates.find((r) => r.metalId === gold.id && r.purity === '24K')?.ratePerGram).toBe(7092.9);
  }, 600_000);
});
