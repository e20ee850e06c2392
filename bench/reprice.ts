/**
 * Times a metal rate change on a large catalogue: N metal-priced products (every purity, every making
 * kind, some with stones) re-priced in the one transaction `changeMetalRate` runs. PostgreSQL only.
 * Then checks, at that size, what the API test (repricing.test.ts, 2,000 products) checks: every
 * price is the domain's at its purity's rate, and a rate one product cannot take changes none
 * (this 100,000-product case was a test until decision 0026); it exits 1 when either fails.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/reprice.ts [--products 100000]
 */
import { eq, sql } from 'drizzle-orm';
import { jewelleryPrice } from '@zevar/domain';
import { connectPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { categories, metalPurities, metals, products } from '../apps/server/src/db/schema';
import { changeMetalRate } from '../apps/server/src/modules/metals/metals.service';
import { insertDefaultPurities } from '../apps/server/src/modules/metals/purities.service';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database');
  const n = arg('products', 100_000);
  const database = connectPostgres(url);
  await migrate(database);
  const { db } = database;
  const [metal] = await db
    .insert(metals)
    .values({ name: `Bench Gold ${Date.now()}`, ratePaise: 700_000 })
    .returning();
  await insertDefaultPurities(db, { id: metal!.id, name: 'gold', ratePaise: 700_000 });
  const [category] = await db
    .insert(categories)
    .values({ name: `Bench ${Date.now()}`, slug: `bench-${Date.now()}` })
    .returning();
  const t0 = performance.now();
  await db.execute(sql`
    insert into products (sku, name, slug, product_type, price_paise, metal_id, purity_id, metal_weight_mg,
                          making_kind, making_value, stones_paise, stock, category_id)
    select 'RB-' || ${metal!.id} || '-' || i, 'Reprice bench ' || ${metal!.id} || ' ' || i,
           'reprice-bench-' || ${metal!.id} || '-' || i, 'GOLD', 0, ${metal!.id},
           (select id from metal_purities where metal_id = ${metal!.id} order by id offset (i % 4) limit 1),
           1000 + (i * 37) % 60000,
           (array['PER_GRAM', 'PERCENT', 'FLAT'])[1 + i % 3],
           case i % 3 when 0 then 50000 when 1 then 1200 else 250000 end,
           case when i % 5 = 0 then 1500000 else 0 end, 5, ${category!.id}
    from generate_series(1, ${n}) as i`);
  console.log(`inserted ${n} products in ${Math.round(performance.now() - t0)} ms`);
  for (const rate of [710_000, 690_000, 705_000]) {
    const [current] = await db.select().from(metals).where(eq(metals.id, metal!.id));
    const t = performance.now();
    await db.transaction((tx) =>
      changeMetalRate(tx, current!, {
        ratePaise: rate,
        actor: 'bench',
        now: new Date(),
        gstBp: 300,
        confirmBigChange: true,
        version: current!.version,
      }),
    );
    const ms = Math.round(performance.now() - t);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.metalId, metal!.id));
    console.log(`rate → ₹${rate / 100}/g: re-priced ${row!.n} products in one transaction in ${ms} ms`);
  }

  // Correctness at this size: every stored price is the domain's at its purity's current rate.
  const rows = await db
    .select({ p: products, rate: metalPurities.ratePaise })
    .from(products)
    .innerJoin(metalPurities, eq(metalPurities.id, products.purityId))
    .where(eq(products.metalId, metal!.id));
  const wrong = rows.filter(
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
  console.log(`${rows.length} products checked against the domain price: ${wrong} wrong`);
  // A rate one product cannot take (a 1 kg piece past the catalogue's limit) changes none of them.
  await db
    .update(products)
    .set({ metalWeightMg: 1_000_000, makingKind: null, stonesPaise: 0 })
    .where(eq(products.sku, `RB-${metal!.id}-1`));
  await db.transaction((tx) =>
    changeMetalRate(tx, metal!, {
      ratePaise: 705_000,
      actor: 'bench',
      now: new Date(),
      gstBp: 300,
      confirmBigChange: true,
      version: metal!.version,
    }),
  );
  const priceSum = async () =>
    (
      await db
        .select({ sum: sql<string>`sum(${products.pricePaise})::text` })
        .from(products)
        .where(eq(products.metalId, metal!.id))
    )[0]!.sum;
  const before = await priceSum();
  const [current] = await db.select().from(metals).where(eq(metals.id, metal!.id));
  const refused = await db
    .transaction((tx) =>
      changeMetalRate(tx, current!, {
        ratePaise: 3_000_000,
        actor: 'bench',
        now: new Date(),
        gstBp: 300,
        confirmBigChange: true,
        version: current!.version,
      }),
    )
    .then(
      () => false,
      () => true,
    );
  const unchanged = (await priceSum()) === before;
  console.log(
    `a rate one product cannot take: ${refused ? 'refused' : 'ACCEPTED'}, prices ${unchanged ? 'unchanged' : 'CHANGED'}`,
  );
  if (wrong > 0 || !refused || !unchanged) process.exitCode = 1;
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
