/**
 * The catalogue admin's product list (issue 23 item 4) on the generated catalogue: each filter, sort
 * and a deep page, timed in process through the same function the route calls (the route needs a
 * signed-in admin; the HTTP cost is the same as any other read). Medians of a few runs, printed.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/admin-list.ts [--runs 7]
 */
import { min } from 'drizzle-orm';
import { adminProductListQuery } from '@zevar/domain';
import { products } from '../apps/server/src/db/schema';
import { connectPostgres, type Database } from '../apps/server/src/db/client';
import { adminProductPage } from '../apps/server/src/modules/products/admin-product-list';

const CASES: Array<[string, Record<string, string>]> = [
  ['newest first (page 1 of 30)', {}],
  ['newest first, page 2,000', { page: '1999' }],
  ['name A-Z', { sort: 'name', direction: 'asc' }],
  ['price high first', { sort: 'price' }],
  ['stock low first', { sort: 'stock', direction: 'asc' }],
  ['status: draft', { status: 'draft' }],
  ['status: archived, name A-Z', { status: 'archived', sort: 'name', direction: 'asc' }],
  ['stock: low', { stock: 'low' }],
  ['stock: out, 100 a page', { stock: 'out', size: '100' }],
  ['plan: premium', { plan: 'PREMIUM' }],
  ['hallmarked, price', { hallmarked: 'true', sort: 'price' }],
  ['metal (none priced)', { metalId: '1' }],
  ['search "lotus"', { search: 'lotus' }],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchAdminList(database: Database, runs = 7) {
  const [first] = await database.db.select({ c: min(products.categoryId) }).from(products);
  const cases: Array<[string, Record<string, string>]> = [
    ...CASES,
    ...(first?.c
      ? [['category tree', { categoryId: String(first.c) }] as [string, Record<string, string>]]
      : []),
  ];
  console.log('\n| admin product list (100k) | rows | total | median ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, raw] of cases) {
    const q = adminProductListQuery.parse(raw);
    const times: number[] = [];
    let rows = 0;
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const page = await adminProductPage(database.db, q, 300);
      times.push(performance.now() - t0);
      rows = page.content.length;
      total = page.totalElements;
    }
    console.log(
      `| ${name} | ${rows} | ${total} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to a database with the generated catalogue');
  const i = process.argv.indexOf('--runs');
  const database = connectPostgres(url);
  benchAdminList(database, i >= 0 ? Number(process.argv[i + 1]) : 7)
    .finally(() => database.close())
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
