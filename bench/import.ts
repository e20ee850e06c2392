/**
 * The product import (issue 23 item 5) with a 10,000-row file: read (streamed CSV parse), dry run and
 * apply (one transaction), first creating every product, then a second file changing every price,
 * through the same functions the routes call (the route adds the upload). Seconds, printed.
 *
 *   npm run bench:import -- [--rows 10000]           # a fresh embedded database (PGlite)
 *   DATABASE_URL=postgres://... npx tsx bench/import.ts
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { PRODUCT_SHEET_COLUMNS } from '@zevar/domain';
import { connect } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { categories, metalPurities, metals } from '../apps/server/src/db/schema';
import { parseEnv } from '../apps/server/src/env';
import { resolveConfig } from '../apps/server/src/bootstrap';
import { readProductSheet } from '../apps/server/src/modules/products/read-product-sheet';
import { createProductImport } from '../apps/server/src/modules/products/apply-product-import';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const tag = Date.now().toString(36).toUpperCase();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-import-'));
const config = resolveConfig(
  parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    RAZORPAY_KEY_SECRET: 'bench',
    RAZORPAY_WEBHOOK_SECRET: 'bench',
    LOG_LEVEL: 'silent',
  }),
);
const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrate(database);
const { db } = database;
const [category] = await db
  .insert(categories)
  .values({ name: `Bench ${tag}`, slug: `bench-${tag.toLowerCase()}`, plan: 'FREE' })
  .returning();
const [metal] = await db
  .insert(metals)
  .values({ name: `Gold ${tag}`, ratePaise: 700_000 })
  .returning();
await db.insert(metalPurities).values({
  metalId: metal!.id,
  name: '22K',
  fineness: 916,
  rateMode: 'DERIVED',
  ratePaise: 641_200,
});

/** Half MRP pieces, half gold priced by weight; one in ten hallmarked with its HUIDs. */
function file(priceOffset: number): Buffer {
  const headers = PRODUCT_SHEET_COLUMNS.map((c) => c.header);
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const gold = i % 2 === 1;
    const hallmarked = i % 10 === 1;
    const cells: Record<string, string> = {
      SKU: `${tag}-${i}`,
      'Product Name': `Bench piece ${tag} ${i}`,
      'Price type': gold ? 'GOLD' : 'MRP',
      'Price (₹)': String(1000 + i + priceOffset),
      Metal: metal!.name,
      Purity: gold ? '22K' : '',
      'Net Metal Weight (grams)': gold ? String(2 + (i % 50) / 10) : '0',
      'Making charge kind': gold ? 'PERCENT' : '',
      'Making charge value': gold ? '12' : '',
      'BIS hallmarked': hallmarked ? 'yes' : 'no',
      HUIDs: hallmarked ? `${(i * 7).toString(36).toUpperCase().padStart(5, '0').slice(-5)}Z` : '',
      Stock: hallmarked ? '1' : String(i % 20),
      Category: category!.name,
      Description: 'A bench piece with a description of ordinary length for a catalogue entry.',
      Features: 'Light\nEveryday',
      Specifications: 'Size: 12',
    };
    return headers.map((h) => cells[h] ?? '');
  });
  return Buffer.from(stringify([headers, ...rows]));
}

const imports = createProductImport({ db, now: () => new Date(), config });
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

async function run(label: string, body: Buffer) {
  let t0 = performance.now();
  const sheet = await readProductSheet(Readable.from([body]), () => false);
  const read = seconds(t0);
  t0 = performance.now();
  const report = await imports.check(sheet);
  const check = seconds(t0);
  if (report.errors.length) throw new Error(JSON.stringify(report.errors.slice(0, 3)));
  t0 = performance.now();
  let batches = 0;
  const applied = await imports.apply(sheet, {
    checksum: report.checksum,
    fileName: 'bench.csv',
    adjustedBy: 'bench',
    onProgress: () => (batches += 1),
  });
  const apply = seconds(t0);
  console.log(
    `| ${label} | ${(body.length / 1024 / 1024).toFixed(1)} MB | ${read} | ${check} | ${apply} | ${applied.created} / ${applied.updated} | ${batches} |`,
  );
}

console.log(
  `\n| product import, ${ROWS.toLocaleString('en-IN')} rows (${database.kind}) | file | read s | dry run s | apply s | created / updated | progress lines |`,
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
await run('new catalogue', file(0));
await run('every price changed', file(7));
await database.close();
