/**
 * `npm run bench`: in one run, on this machine, the bare Fastify hello (the ceiling) and the
 * storefront calls on PostgreSQL with the generated 100,000-product catalogue (when DATABASE_URL is
 * set) and on the embedded PGlite with the demo data, in interleaved rounds; medians of req/s, p50
 * and p99, the ratio to hello, and the statements each call sends on a cache miss. With PostgreSQL,
 * first the catalogue admin's product list (bench/admin-list.ts): each filter and sort, timed.
 *
 *   [DATABASE_URL=postgres://...] npm run bench -- [--skip-generate] [--products 100000]
 *     [--duration 10] [--rounds 5] [--connections 50] [--port-base 3390] [--no-pglite]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalogue } from './generate-catalogue';
import { measureTarget, missTargets, targets, type Figure, type Target } from './load';
import { statementsPerMiss } from './statements';
import { benchAdminList } from './admin-list';
import { connectPglite, connectPostgres } from '../apps/server/src/db/client';
import { waitForHealth } from '../apps/server/test/wait-until';

const num = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const flag = (name: string) => process.argv.includes(name);

const duration = num('--duration', 10);
const rounds = num('--rounds', 5);
const connections = num('--connections', 50);
const portBase = num('--port-base', 3390);

function start(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  // The bench's own DATABASE_URL must not turn the PGlite server into a PostgreSQL one.
  const { DATABASE_URL: _db, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', path.resolve(script), ...args], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function serverEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    ...extra,
  };
}

/** What a server on PostgreSQL must be given (the configuration refuses to start without it). */
function postgresEnv(databaseUrl: string, jwt: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwt,
    PAYMENTS: 'sandbox',
    SELLER_LEGAL_NAME: 'Bench Jewels',
    SELLER_ADDRESS: '1 Bench Road, Mumbai 400001',
    SELLER_GSTIN: '27AAPFU0939F1ZV',
  };
}

type Backend = { name: string; baseUrl: string; vendor: string; targets: Target[]; server: ChildProcess };

/** A server's resident memory in MB (Linux's /proc; elsewhere unknown). */
function rssMb(child: ChildProcess): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const withPglite = !flag('--no-pglite');
  if (!databaseUrl && !withPglite)
    throw new Error('nothing to measure: set DATABASE_URL or drop --no-pglite');
  if (databaseUrl && !flag('--skip-generate')) {
    await generateCatalogue({
      databaseUrl,
      products: num('--products', 100_000),
      vendors: num('--vendors', 500),
      reset: true,
    });
  }
  if (!databaseUrl) console.log('DATABASE_URL not set: PostgreSQL rows skipped (PGlite and hello only).');
  if (databaseUrl) {
    // The catalogue admin's list over the whole generated catalogue, before any load runs.
    const database = connectPostgres(databaseUrl);
    try {
      await benchAdminList(database);
    } finally {
      await database.close();
    }
  }

  const children: ChildProcess[] = [];
  const backends: Backend[] = [];
  const jwt = randomBytes(32).toString('hex');
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-pglite-'));
  try {
    const helloUrl = `http://127.0.0.1:${portBase + 1}`;
    children.push(start('bench/hello.ts', [String(portBase + 1)]));
    const starts: Array<Promise<void>> = [waitForHealth(helloUrl, 30_000)];
    if (databaseUrl) {
      const port = portBase + 2;
      children.push(
        start(
          'apps/server/src/server.ts',
          [],
          serverEnv(port, {
            ...postgresEnv(databaseUrl, jwt),
            SEED_DEMO: 'false',
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-')),
          }),
        ),
      );
      // bench-vendor-3 is on PREMIUM (vendors cycle through the plans): it sees the whole catalogue.
      backends.push({
        name: 'PostgreSQL',
        baseUrl: `http://127.0.0.1:${port}`,
        vendor: 'bench-vendor-3',
        targets: [],
        server: children.at(-1)!,
      });
    }
    if (withPglite) {
      const port = portBase + 3;
      children.push(start('apps/server/src/server.ts', [], serverEnv(port, { DATA_DIR: pgliteDir })));
      backends.push({
        name: 'PGlite',
        baseUrl: `http://127.0.0.1:${port}`,
        vendor: 'zevar',
        targets: [],
        server: children.at(-1)!,
      });
    }
    for (const b of backends) starts.push(waitForHealth(`${b.baseUrl}/api/health`, 300_000));
    await Promise.all(starts);
    for (const b of backends) {
      b.targets = await targets(b.baseUrl, b.vendor, b.name === 'PostgreSQL');
      b.targets.push(...(await missTargets(b.baseUrl, b.vendor, b.targets)));
    }

    const runs: Array<{ key: string; baseUrl: string; target: Target }> = [
      { key: 'hello', baseUrl: helloUrl, target: { name: 'hello', path: '/' } },
    ];
    // Interleaved: each round measures hello and every call once, so a noisy minute hits them all.
    const maxTargets = Math.max(...backends.map((b) => b.targets.length));
    for (let i = 0; i < maxTargets; i++) {
      for (const b of backends) {
        const t = b.targets[i];
        if (t) runs.push({ key: `${b.name}|${t.name}`, baseUrl: b.baseUrl, target: t });
      }
    }
    const rssAtStart = new Map(backends.map((b) => [b.name, rssMb(b.server)]));
    const figures = new Map<string, Figure[]>();
    for (let round = 1; round <= rounds; round++) {
      console.log(
        `round ${round}/${rounds} (load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      for (const r of runs) {
        const f = await measureTarget(r.baseUrl, r.target, duration, connections);
        figures.set(r.key, [...(figures.get(r.key) ?? []), f]);
      }
    }
    const rssAfterLoad = new Map(backends.map((b) => [b.name, rssMb(b.server)]));
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));

    const statements = new Map<string, number>();
    for (const b of backends) {
      const database =
        b.name === 'PostgreSQL'
          ? connectPostgres(databaseUrl!)
          : await connectPglite(path.join(pgliteDir, 'pglite'));
      const env: Record<string, string> = b.name === 'PostgreSQL' ? postgresEnv(databaseUrl!, jwt) : {};
      try {
        const counts = await statementsPerMiss(
          database,
          { ...env, DATA_DIR: pgliteDir },
          b.targets.map((t) => t.path),
        );
        for (const t of b.targets) statements.set(`${b.name}|${t.name}`, counts.get(t.path) ?? NaN);
      } catch (err) {
        // The figures above are worth printing even when counting statements fails.
        console.error(`statements per miss on ${b.name} not counted:`, err);
      } finally {
        await database.close();
      }
    }

    const hello = median((figures.get('hello') ?? []).map((f) => f.rps));
    const rows = [...figures.entries()].map(([key, fs]) => {
      const [backend, call] = key === 'hello' ? ['-', 'bare Fastify hello'] : key.split('|');
      const rps = median(fs.map((f) => f.rps));
      return {
        backend: backend!,
        call: call!,
        rps: Math.round(rps),
        p50: median(fs.map((f) => f.p50)),
        p99: median(fs.map((f) => f.p99)),
        ratio: key === 'hello' ? '' : `${((rps / hello) * 100).toFixed(1)} %`,
        errors: fs.reduce((n, f) => n + f.errors, 0),
        statements: statements.get(key) ?? '',
      };
    });
    console.log(
      `\n${new Date().toISOString()}  load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}  ${rounds} interleaved rounds of ${duration} s, ${connections} connections, medians\n`,
    );
    console.log('| backend | call | req/s | p50 ms | p99 ms | / hello | errors | statements on a miss |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      console.log(
        `| ${r.backend} | ${r.call} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ratio} | ${r.errors} | ${r.statements} |`,
      );
    }
    // The servers run from the TypeScript sources (tsx) without `npm start`'s allocator settings.
    console.log('\n| backend | server RSS after start, MB | after the rounds, MB |\n| --- | ---: | ---: |');
    for (const b of backends) {
      console.log(`| ${b.name} | ${rssAtStart.get(b.name) ?? '?'} | ${rssAfterLoad.get(b.name) ?? '?'} |`);
    }
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
