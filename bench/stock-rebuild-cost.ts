/**
 * What a stock change costs a product answer that shoppers are reading (decision 0088), in measures
 * a loaded machine changes little: server CPU and statements per answer made again after its
 * `stock:<id>` tag was invalidated, beside a cached hit. An in-process app on `DATABASE_URL` (the
 * generated catalogue), a browser's `Accept-Encoding: br`, `--reads` rebuilds after as many warm ones.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/stock-rebuild-cost.ts [--reads 1000] [--vendor bench-vendor-3]
 */
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from '../apps/server/src/env';
import { resolveConfig } from '../apps/server/src/bootstrap';
import { buildApp } from '../apps/server/src/app';
import { connectPostgres } from '../apps/server/src/db/client';
import { postgresEnv } from './server-env';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const reads = Number(opt('--reads', '1000'));
const vendor = opt('--vendor', 'bench-vendor-3');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a PostgreSQL cluster with the catalogue)');

const database = connectPostgres(url);
const config = resolveConfig(
  parseEnv({
    ...postgresEnv(url, 'bench-stock-rebuild-secret-at-least-32-chars'),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-')),
  }),
);
const app = await buildApp({ config, database, logger: false });
await app.ready();
try {
  // A product of a variant group the shop shows (its answer carries its siblings' stock too).
  const { rows } = (await database.executeSql(
    'select id, slug from products where variant_group_id is not null and not hallmarked order by id limit 200',
  )) as { rows: Array<{ id: number; slug: string }> };
  let product = rows[0];
  const get = () =>
    app.inject({
      method: 'GET',
      url: `/api/products/name/${product!.slug}?vendorSlug=${vendor}`,
      headers: { 'accept-encoding': 'br' },
    });
  for (const row of rows) {
    product = row;
    if ((await get()).statusCode === 200) break;
  }
  if (!product || (await get()).statusCode !== 200) throw new Error(`${vendor} shows none of the products`);
  const rebuilds = async () => {
    const cpu = process.cpuUsage();
    const statements = database.statements.count;
    for (let i = 0; i < reads; i++) {
      await app.publicCache.invalidate([`stock:${product!.id}`]);
      const res = await get();
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    }
    const used = process.cpuUsage(cpu);
    return {
      cpuMs: (used.user + used.system) / 1000 / reads,
      statements: (database.statements.count - statements) / reads,
    };
  };
  await rebuilds(); // warm
  const rebuilt = await rebuilds();
  const cpu = process.cpuUsage();
  for (let i = 0; i < reads; i++) await get();
  const used = process.cpuUsage(cpu);
  const body = (
    await app.inject({ method: 'GET', url: `/api/products/name/${product.slug}?vendorSlug=${vendor}` })
  ).body;
  console.log(
    `${new Date().toISOString()}  load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}  ` +
      `product ${product.id} (${body.length} bytes), ${reads} reads each\n` +
      `made again after a stock change: ${rebuilt.cpuMs.toFixed(3)} ms CPU, ${rebuilt.statements.toFixed(2)} statements per read\n` +
      `cached hit: ${((used.user + used.system) / 1000 / reads).toFixed(3)} ms CPU per read`,
  );
} finally {
  await app.close();
  await database.close();
}
