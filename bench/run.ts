/**
 * `npm run bench`: generates the large catalogue into DATABASE_URL (unless --skip-generate), starts
 * the real server on it, load-tests the storefront calls and prints the figures.
 *
 *   DATABASE_URL=postgres://... npm run bench -- [--skip-generate] [--products 100000] [--duration 8]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalogue } from './generate-catalogue';
import { runLoad } from './load';

const PORT = 3390;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

async function waitForHealth(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(
      'usage: DATABASE_URL=postgres://user@host:port/db npm run bench -- [--skip-generate] [--products 100000] [--duration 8]',
    );
    console.log(
      'Generates 100,000 products across 500 vendors, starts the server on it and prints req/s and p99 per storefront call.',
    );
    return;
  }
  if (!process.argv.includes('--skip-generate')) {
    await generateCatalogue({
      databaseUrl,
      products: arg('--products', 100_000),
      vendors: arg('--vendors', 500),
      reset: true,
    });
  }
  const server = spawn(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PAYMENTS: process.env.PAYMENTS ?? 'sandbox',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const baseUrl = `http://127.0.0.1:${PORT}`;
    await waitForHealth(`${baseUrl}/api/health`, 60_000);
    // bench-vendor-3 is on PREMIUM (vendors cycle through the plans), so it sees the whole catalogue.
    await runLoad({
      baseUrl,
      vendor: 'bench-vendor-3',
      duration: arg('--duration', 8),
      connections: arg('--connections', 10),
    });
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
