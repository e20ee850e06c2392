/**
 * Fills PostgreSQL (DATABASE_URL) with a large catalogue for load tests: 500 vendors, 100 categories
 * and 100,000 products (plus reviews and carousel slides), in batches of a few thousand rows per
 * INSERT ... SELECT FROM unnest(...) statement. Refuses a database that already has products unless
 * --reset is given (which empties the catalogue and the bench vendors first).
 *
 *   DATABASE_URL=postgres://... npx tsx bench/generate-catalogue.ts [--products 100000] [--vendors 500] [--reset]
 */
import pg from 'pg';
import { PLANS, slugify, type Plan } from '@zevar/domain';
import { connectPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';

const BATCH = 5000;
const WORDS = [
  'Lotus',
  'Royal',
  'Heritage',
  'Temple',
  'Kundan',
  'Polki',
  'Meenakari',
  'Jaipur',
  'Rani',
  'Nakshi',
  'Peacock',
  'Moti',
];
const KINDS = [
  'Necklace',
  'Jhumka',
  'Ring',
  'Bangle',
  'Anklet',
  'Mangalsutra',
  'Choker',
  'Kada',
  'Stud',
  'Haar',
];

export type GenerateOptions = {
  databaseUrl: string;
  products: number;
  vendors: number;
  reset: boolean;
  log?: (m: string) => void;
};

function planFor(i: number): Plan {
  const r = i % 20;
  return r < 10 ? 'FREE' : r < 14 ? 'BASIC' : r < 17 ? 'STANDARD' : 'PREMIUM';
}

async function insertVendors(client: pg.PoolClient, count: number) {
  const n = Array.from({ length: count }, (_, i) => i + 1);
  await client.query(
    `insert into users (type, username, email, password_hash, name, slug, plan, business_name, city, state)
     select 'VENDOR', 'bench_vendor_' || i, 'bench' || i || '@example.in', 'x', 'Bench Vendor ' || i,
            'bench-vendor-' || i, p, 'Bench Jewels ' || i, 'Jaipur', 'Rajasthan'
     from unnest($1::int[], $2::text[]) as t(i, p)`,
    [n, n.map((i) => PLANS[i % PLANS.length])],
  );
}

async function insertCategories(client: pg.PoolClient): Promise<number[]> {
  const parents = Array.from({ length: 20 }, (_, i) => `Bench ${KINDS[i % KINDS.length]} ${i + 1}`);
  const parentRows = await client.query<{ id: number }>(
    `insert into categories (name, slug, plan) select n, s, p from unnest($1::text[], $2::text[], $3::text[]) as t(n, s, p) returning id`,
    [parents, parents.map(slugify), parents.map((_, i) => (i < 16 ? 'FREE' : 'PREMIUM'))],
  );
  const parentIds = parentRows.rows.map((r) => r.id);
  const children = Array.from({ length: 80 }, (_, i) => `Bench ${WORDS[i % WORDS.length]} ${i + 1}`);
  const childRows = await client.query<{ id: number }>(
    `insert into categories (name, slug, parent_id, plan)
     select n, s, pid, p from unnest($1::text[], $2::text[], $3::int[], $4::text[]) as t(n, s, pid, p) returning id`,
    [
      children,
      children.map(slugify),
      children.map((_, i) => parentIds[i % parentIds.length]),
      children.map((_, i) => planFor(i)),
    ],
  );
  return [...parentIds, ...childRows.rows.map((r) => r.id)];
}

async function insertProducts(
  client: pg.PoolClient,
  total: number,
  categoryIds: number[],
  log: (m: string) => void,
) {
  for (let start = 0; start < total; start += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, total - start) }, (_, i) => start + i + 1);
    const names = ids.map((i) => `Bench ${WORDS[i % WORDS.length]} ${KINDS[(i >> 3) % KINDS.length]} ${i}`);
    const prices = ids.map((i) => 50_000 + ((i * 7919) % 5_000_000));
    await client.query(
      `insert into products (sku, name, slug, tagline, description, price_paise, original_price_paise, stock, category_id, plan,
                             vendor_commission_paise, images, specifications, features, sale, trending, views, sales_count, variant_group_id, variant_type, variant_value,
                             status, hallmarked)
       select 'BENCH-' || i, n, s, 'Handcrafted jewellery', 'Bench product ' || i, pr, pr + pr / 5, (i % 23), c, p,
              pr / 20, '[]'::jsonb, '{"purity":"22K","totalWeight":"10 g"}'::jsonb, '["BIS hallmarked"]'::jsonb,
              (i % 11 = 0), (i % 97 = 0), (i * 31) % 400, (i * 17) % 120,
              case when i % 50 < 3 then 'bench-group-' || (i / 50) end, case when i % 50 < 3 then 'Size' end,
              case when i % 50 < 3 then (12 + i % 50)::text end,
              -- 1 % drafts and archived (the admin list's status filter), a third hallmarked.
              case i % 200 when 0 then 'draft' when 1 then 'archived' else 'active' end, (i % 3 = 0)
       from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[]) as t(i, n, s, pr, c, p)`,
      [
        ids,
        names,
        names.map(slugify),
        prices,
        ids.map((i) => categoryIds[i % categoryIds.length]),
        ids.map(planFor),
      ],
    );
    if ((start / BATCH) % 5 === 0) log(`  products ${start + ids.length}/${total}`);
  }
}

async function insertExtras(client: pg.PoolClient, categoryIds: number[]) {
  await client.query(
    `insert into reviews (product_id, name, rating, comment)
     select p.id, 'Shopper ' || g, 1 + g % 5, 'Lovely piece, bench review ' || g
     from generate_series(1, 20000) g join products p on p.sku = 'BENCH-' || ((g * 37) % 100000 + 1)`,
  );
  await client.query(
    `insert into carousel_items (image_url, link_type, target_id, plan, position)
     select 'bench-slide.webp', 'CATEGORY', c, 'FREE', o from unnest($1::int[]) with ordinality as t(c, o)`,
    [categoryIds.slice(0, 5)],
  );
}

export async function generateCatalogue(opts: GenerateOptions): Promise<void> {
  const log = opts.log ?? console.log;
  const database = connectPostgres(opts.databaseUrl);
  await migrate(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from products');
    if (Number(rows[0]?.n) > 0 && !opts.reset)
      throw new Error('products already exist: pass --reset to replace the catalogue');
    const started = Date.now();
    await client.query('begin');
    if (opts.reset) {
      await client.query('truncate reviews, carousel_items, products, categories restart identity cascade');
      await client.query(`delete from users where username like 'bench\\_vendor\\_%'`);
    }
    await insertVendors(client, opts.vendors);
    const categoryIds = await insertCategories(client);
    await insertProducts(client, opts.products, categoryIds, log);
    await insertExtras(client, categoryIds);
    await client.query('commit');
    // VACUUM also merges the GIN (trigram) pending list that a bulk insert leaves behind.
    await client.query('vacuum analyze');
    log(
      `generated ${opts.products} products, ${categoryIds.length} categories, ${opts.vendors} vendors in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
    await pool.end();
  }
}

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isInteger(v) && v > 0 ? v : fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      'usage: DATABASE_URL=postgres://... npx tsx bench/generate-catalogue.ts [--products 100000] [--vendors 500] [--reset]',
    );
    process.exit(0);
  }
  generateCatalogue({
    databaseUrl: url,
    products: argValue('--products', 100_000),
    vendors: argValue('--vendors', 500),
    reset: process.argv.includes('--reset'),
  }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
