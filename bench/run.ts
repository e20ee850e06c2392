/**
 * `npm run bench`: in one run, on this machine, the bare Fastify hello (the ceiling) and the
 * storefront calls on PostgreSQL with the generated 100,000-product catalogue (when DATABASE_URL is
 * set) and on the embedded PGlite with the demo data, in interleaved rounds; medians of req/s, p50
 * and p99, the ratio to hello, and the statements each call sends on a cache miss. With PostgreSQL,
 * first the catalogue admin's product list (bench/admin-list.ts): each filter and sort, timed.
 *
 *   [DATABASE_URL=postgres://...] npm run bench -- [--skip-generate] [--products 100000]
 *     [--duration 10] [--rounds 5] [--connections 50] [--port-base 3390] [--no-pglite]
 *     [--vendure-url http://127.0.0.1:4106] [--vendure-sqlite-url http://127.0.0.1:4116]
 *     [--slowest-requests 300]
 *
 * With --vendure-url, a running Vendure 3.7 is measured in the same run (bench/vendure.ts, decision
 * 0085): its product by slug and a collection's first 15 products join the interleaved read rounds,
 * and its paid-order ceiling (the same closed loop, its six Shop API mutations per order) follows
 * Zevar's write path; a last table gives Zevar ÷ Vendure. Start one outside the repository first:
 *
 *   bash bench/vendure-server.sh setup   # once: @vendure/core from npm, PostgreSQL, 500 products
 *   bash bench/vendure-server.sh start   # port 4106 (VENDURE_PORT); `stop` stops it and its cluster
 *
 * With --vendure-sqlite-url, the same for a Vendure on SQLite (decision 0104), beside the other: its
 * rows are labelled `Vendure (SQLite)`, and the last table also sets PGlite (embedded) against it
 * (`setup-sqlite`, `start-sqlite`: /tmp/vendure-sqlite, port 4116). Either flag works alone.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateCatalogue } from './generate-catalogue';
import { measureMix, measureTarget, missTargets, targets, type Figure, type Target } from './load';
import {
  candidateProducts,
  loadAverage,
  orderCeiling,
  ordersAtRate,
  statementsPerOrder,
  stockUp,
  type OrderFigure,
} from './orders';
import { statementsPerMiss } from './statements';
import { measureSlow, postgresCpu, slowestTarget, slowKindsFor, type SlowFigure } from './slowest';
import {
  measureVendureRead,
  vendureCheckoutSetup,
  vendureOrderCeiling,
  vendureReads,
  type VendureCheckout,
  type VendureRead,
} from './vendure';
import { benchAdminList } from './admin-list';
import { postgresEnv, serverEnv } from './server-env';
import { connectPglite, connectPostgres } from '../apps/server/src/db/client';
import { waitForHealth } from '../apps/server/test/wait-until';

const VENDURE_SQLITE = 'Vendure (SQLite)';

const num = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const flag = (name: string) => process.argv.includes(name);
const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** A Vendure measured in the run: its rows' backend label and its URL. */
type Vendure = { name: string; url: string };
/** On PostgreSQL (`Vendure`, as since decision 0085) and on SQLite (decision 0104), each optional. */
const vendures: Vendure[] = [
  { name: 'Vendure', url: option('--vendure-url') },
  { name: VENDURE_SQLITE, url: option('--vendure-sqlite-url') },
].filter((v): v is Vendure => v.url !== undefined);

const duration = num('--duration', 10);
const rounds = num('--rounds', 5);
const connections = num('--connections', 50);
const portBase = num('--port-base', 3390);

function start(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.resolve(script), ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The real server as `npm start` runs it: the bundle (apps/server/dist/server.mjs, built by `main` when
 * its sources changed), from apps/server, with `npm start`'s allocator settings (decision 0066), so
 * the RSS the bench prints is what a shop's process holds.
 */
const NPM_START_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
function startServer(env: Record<string, string>): ChildProcess {
  // The bench's own DATABASE_URL must not turn the PGlite server into a PostgreSQL one.
  const { DATABASE_URL: _db, ...inherited } = process.env;
  return spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: path.resolve('apps/server'),
    env: { ...inherited, ...NPM_START_ENV, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

type Backend = {
  name: string;
  baseUrl: string;
  vendor: string;
  targets: Target[];
  child: ChildProcess;
  /** Restarts the server (PGlite: after the bench wrote to its database). */
  restart?: () => ChildProcess;
  /** The products the order phase buys (well stocked). */
  skus?: string[];
};

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

  // The server bundle `npm start` runs, rebuilt only when its sources changed (not the web app).
  const built = spawnSync(process.execPath, ['scripts/build-if-changed.mjs', 'server'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server bundle failed');

  const children: ChildProcess[] = [];
  const backends: Backend[] = [];
  const jwt = randomBytes(32).toString('hex');
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-pglite-'));
  try {
    const helloUrl = `http://127.0.0.1:${portBase + 1}`;
    children.push(start('bench/hello.ts', [String(portBase + 1)]));
    // Generous: on a loaded machine tsx alone takes a while to start.
    const starts: Array<Promise<void>> = [waitForHealth(helloUrl, 300_000)];
    if (databaseUrl) {
      const port = portBase + 2;
      const child = startServer(
        serverEnv(port, {
          ...postgresEnv(databaseUrl, jwt),
          SEED_DEMO: 'false',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-')),
        }),
      );
      children.push(child);
      // bench-vendor-3 is on PREMIUM (vendors cycle through the plans): it sees the whole catalogue.
      backends.push({
        name: 'PostgreSQL',
        baseUrl: `http://127.0.0.1:${port}`,
        vendor: 'bench-vendor-3',
        targets: [],
        child,
      });
    }
    if (withPglite) {
      const port = portBase + 3;
      const restart = () => {
        const child = startServer(serverEnv(port, { DATA_DIR: pgliteDir }));
        children.push(child);
        return child;
      };
      backends.push({
        name: 'PGlite',
        baseUrl: `http://127.0.0.1:${port}`,
        vendor: 'zevar',
        targets: [],
        child: restart(),
        restart,
      });
    }
    for (const b of backends) starts.push(waitForHealth(`${b.baseUrl}/api/health`, 300_000));
    await Promise.all(starts);
    // The PostgreSQL catalogue is large enough for a product page that no request has read yet.
    const coldSlugs = databaseUrl ? await unreadProductSlugs(databaseUrl, 40_000) : [];
    for (const b of backends) {
      b.targets = await targets(b.baseUrl, b.vendor, b.name === 'PostgreSQL');
      const cold = b.name === 'PostgreSQL' ? coldSlugs : [];
      b.targets.push(...(await missTargets(b.baseUrl, b.vendor, b.targets, cold)));
    }

    const runs: Array<{ key: string; baseUrl: string; target: Target; vendure?: VendureRead }> = [
      { key: 'hello', baseUrl: helloUrl, target: { name: 'hello', path: '/' } },
    ];
    // Vendure's checkout is checked before any measurement (a failure at the end would lose the run).
    const vendureCheckouts = new Map<string, VendureCheckout>();
    for (const v of vendures) vendureCheckouts.set(v.name, await vendureCheckoutSetup(v.url));
    // Vendure's reads (with --vendure-url, --vendure-sqlite-url) come first after hello, in every round.
    for (const v of vendures) {
      for (const read of await vendureReads(v.url)) {
        runs.push({
          key: `${v.name}|${read.name}`,
          baseUrl: v.url,
          target: { name: read.name, path: '' },
          vendure: read,
        });
      }
    }
    // Interleaved: each round measures hello and every call once, so a noisy minute hits them all.
    const maxTargets = Math.max(...backends.map((b) => b.targets.length));
    for (let i = 0; i < maxTargets; i++) {
      for (const b of backends) {
        const t = b.targets[i];
        if (t) runs.push({ key: `${b.name}|${t.name}`, baseUrl: b.baseUrl, target: t });
      }
    }
    const rssAtStart = new Map(backends.map((b) => [b.name, rssMb(b.child)]));
    const figures = new Map<string, Figure[]>();
    // --writes-only: the write path alone (the read rows are left out).
    for (let round = 1; round <= (flag('--writes-only') ? 0 : rounds); round++) {
      console.log(
        `round ${round}/${rounds} (load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
      );
      for (const r of runs) {
        const f = r.vendure
          ? await measureVendureRead(r.baseUrl, r.vendure, duration, connections)
          : await measureTarget(r.baseUrl, r.target, duration, connections);
        figures.set(r.key, [...(figures.get(r.key) ?? []), f]);
      }
    }
    // The slowest public requests constructed (bench/slowest.ts, decision 0095): the worst kinds in
    // rotation, each a miss, one connection and then 8 at once, with CPU per request.
    const slowest: Array<{ backend: string; connections: number; f: SlowFigure }> = [];
    for (const b of flag('--writes-only') ? [] : backends) {
      const tagline = b.name === 'PostgreSQL' ? 'Handcrafted jewellery' : 'for every celebration';
      const target = slowestTarget(await slowKindsFor(b.baseUrl, b.vendor, b.targets, tagline));
      const dbCpu = b.name === 'PostgreSQL' ? await postgresCpu(databaseUrl!) : undefined;
      let start = 0;
      for (const c of [1, 8]) {
        console.log(`${b.name}: slowest public requests, ${c} at once (load average ${loadAverage()})`);
        const requests = slowRequests * (c === 1 ? 1 : 2);
        const f = await measureSlow(b.baseUrl, target.miss!, {
          requests,
          connections: c,
          start,
          serverPid: b.child.pid,
          dbCpu,
        });
        start += requests;
        slowest.push({ backend: b.name, connections: c, f });
      }
    }
    const rssAfterLoad = new Map(backends.map((b) => [b.name, rssMb(b.child)]));
    const writes = flag('--no-orders')
      ? { rows: [], ceilings: new Map<string, number>() }
      : await writePath(backends, databaseUrl, pgliteDir, vendureCheckouts);
    const orderRows = writes.rows;

    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map(exited));

    const statements = new Map<string, number>();
    const orderStatements = new Map<string, string>();
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
        if (b.skus?.length) {
          const s = await statementsPerOrder(database, { ...env, DATA_DIR: pgliteDir }, b.vendor, b.skus);
          orderStatements.set(
            b.name,
            `${s.total} (initiate ${s.initiate}, pay ${s.pay}, confirm ${s.confirm})`,
          );
        }
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
    if (slowest.length > 0) {
      console.log(
        '\n| backend | slowest public request constructed (worst kinds in rotation, each a miss) | connections | requests | p50 ms | p99 ms | max ms | server CPU ms/request | database CPU ms/request | errors | load average (1 min) |',
      );
      console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      for (const { backend, connections: c, f } of slowest) {
        const errors = Object.entries(f.statuses).reduce((n, [code, k]) => (code === '200' ? n : n + k), 0);
        console.log(
          `| ${backend} | slowest public request constructed | ${c} | ${f.requests} | ${f.p50} | ${f.p99} | ${f.max} | ${f.serverCpuMs} | ${f.dbCpuMs ?? 'in the server'} | ${errors} | ${f.load} |`,
        );
      }
    }
    // The servers run as `npm start` runs them (the bundle, its allocator settings): see startServer.
    console.log(
      '\n| backend | server RSS after start, MB | after the read rounds, MB |\n| --- | ---: | ---: |',
    );
    for (const b of backends) {
      console.log(`| ${b.name} | ${rssAtStart.get(b.name) ?? '?'} | ${rssAfterLoad.get(b.name) ?? '?'} |`);
    }
    if (orderRows.length > 0) {
      console.log(
        '\n| backend | write path | orders/s | order p50 ms | order p99 ms | failed orders | reads req/s | reads p99 ms | reads / reads alone | load average (1 min) | confirmation mails unsent at the end, per round | statements per paid order |',
      );
      console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |');
      for (const r of orderRows)
        console.log(`${r} ${orderStatements.get(r.split(' | ')[0]!.slice(2)) ?? ''} |`);
    }
    if (vendures.length > 0) printVendureRatios(rows, writes.ceilings);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  }
}

/** Confirmation (and any other) mails still to send: pending in the outbox, due or not. */
async function mailPending(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from email_outbox where status = 'PENDING'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

const exited = (c: ChildProcess) =>
  c.exitCode !== null || c.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => c.once('exit', () => resolve()));

const orderWorkers = num('--order-workers', 16);
/** Requests of the slowest-request row at one connection (twice as many at 8). */
const slowRequests = num('--slowest-requests', 300);

/**
 * Zevar ÷ Vendure from the same run (issue 25's goals): the product page against Vendure's product
 * by slug, the category page against its collection's first 15, and the paid-order ceilings. Every
 * Zevar backend against Vendure on PostgreSQL (decision 0085); PGlite also against Vendure on SQLite,
 * embedded database against embedded database (decision 0104).
 */
function printVendureRatios(
  rows: Array<{ backend: string; call: string; rps: number }>,
  ceilings: Map<string, number>,
) {
  const isVendure = (backend: string) => vendures.some((v) => v.name === backend);
  const pairs: Array<[string, string, string, number | undefined, number | undefined]> = [];
  for (const { name: vendure } of vendures) {
    const read = (prefix: string) =>
      rows.find((r) => r.backend === vendure && r.call.startsWith(prefix))?.rps;
    // Vendure on SQLite is set against the embedded PGlite only.
    const paired = (backend: string) =>
      backend !== '-' && !isVendure(backend) && (vendure !== VENDURE_SQLITE || backend === 'PGlite');
    for (const r of rows.filter((x) => paired(x.backend))) {
      // Vendure caches no answer: its every read is measured against Zevar's cached and missed ones.
      if (r.call === 'product page' || r.call.startsWith('miss: product page ('))
        pairs.push([r.backend, vendure, r.call, r.rps, read('product by slug')]);
      if (r.call === 'category page (15 items)')
        pairs.push([r.backend, vendure, r.call, r.rps, read('collection')]);
    }
    for (const [backend, perSecond] of ceilings) {
      if (paired(backend))
        pairs.push([backend, vendure, 'paid-order ceiling (orders/s)', perSecond, ceilings.get(vendure)]);
    }
  }
  console.log(
    '\n| Zevar backend | Vendure | call | Zevar | Vendure | Zevar ÷ Vendure |\n| --- | --- | --- | ---: | ---: | ---: |',
  );
  for (const [backend, vendure, call, z, v] of pairs) {
    const ratio = z !== undefined && v ? `${(z / v).toFixed(1)}×` : '?';
    console.log(
      `| ${backend} | ${vendure} | ${call} | ${z?.toFixed(1) ?? '?'} | ${v?.toFixed(1) ?? '?'} | ${ratio} |`,
    );
  }
}

/**
 * The write path on each backend: products stocked up (on PGlite the server is stopped for it and
 * started again), then `rounds` interleaved rounds of the rush (storefront reads of a product being
 * sold and its category page, alone and while paid orders flow at 10 and 30 a second) and the
 * paid-order ceiling. Answers the table's rows (without the statements column).
 */
async function writePath(
  backends: Backend[],
  databaseUrl: string | undefined,
  pgliteDir: string,
  vendureCheckouts: Map<string, VendureCheckout>,
) {
  const rows: string[] = [];
  // Each backend's median paid-order ceiling (orders/s), for the Zevar ÷ Vendure table.
  const ceilings = new Map<string, number>();
  for (const b of backends) {
    const candidates = await candidateProducts(b.baseUrl, b.vendor);
    const wanted = candidates.map((c) => c.sku);
    if (b.restart) {
      b.child.kill('SIGTERM');
      await exited(b.child);
      const database = await connectPglite(path.join(pgliteDir, 'pglite'));
      try {
        b.skus = await stockUp(database, wanted);
      } finally {
        await database.close();
      }
      b.child = b.restart();
      await waitForHealth(`${b.baseUrl}/api/health`, 300_000);
    } else {
      const database = connectPostgres(databaseUrl!);
      try {
        b.skus = await stockUp(database, wanted);
      } finally {
        await database.close();
      }
    }
    const sold = candidates.find((c) => b.skus!.includes(c.sku));
    if (!sold) throw new Error(`${b.name}: no product that is not hallmarked to order`);
    const q = `vendorSlug=${encodeURIComponent(b.vendor)}`;
    const reads = [
      `/api/products/name/${sold.slug}?${q}`,
      `/api/products/category/${sold.categoryId}?${q}&size=15`,
    ];
    type PhaseFigure = { reads?: Figure; orders?: OrderFigure; load: string; mail?: number };
    const figures = new Map<string, PhaseFigure[]>();
    // The confirmation mails not yet sent when a phase ends (each paid order queues one, with its
    // invoice PDF, sent later by the mail job): a phase's orders/s count its mail only as far as it was
    // sent. Read on PostgreSQL only (a PGlite database is its server's alone while it runs).
    const pending = b.restart ? async () => undefined : () => mailPending(databaseUrl!);
    const add = async (k: string, f: PhaseFigure) =>
      figures.set(k, [...(figures.get(k) ?? []), { ...f, mail: await pending() }]);
    for (let round = 1; round <= rounds; round++) {
      console.log(`${b.name} write path, round ${round}/${rounds} (load average ${loadAverage()})`);
      await add('0', {
        reads: await measureMix(b.baseUrl, reads, duration, connections),
        load: loadAverage(),
      });
      for (const rate of [10, 30]) {
        const readsDone = measureMix(b.baseUrl, reads, duration, connections);
        const orders = ordersAtRate(b.baseUrl, b.vendor, b.skus, rate, readsDone);
        await add(String(rate), { reads: await readsDone, orders: await orders, load: loadAverage() });
      }
      await add('ceiling', {
        orders: await orderCeiling(b.baseUrl, b.vendor, b.skus, { seconds: duration, workers: orderWorkers }),
        load: loadAverage(),
      });
    }
    const alone = median((figures.get('0') ?? []).map((f) => f.reads!.rps));
    const row = (label: string, fs: PhaseFigure[]) => {
      const o = fs.some((f) => f.orders) ? fs.map((f) => f.orders!) : null;
      const r = fs.some((f) => f.reads) ? fs.map((f) => f.reads!) : null;
      const failed = o?.reduce((n, f) => n + f.failures, 0) ?? 0;
      const why = o?.find((f) => f.firstFailure)?.firstFailure;
      if (why) console.log(`${b.name} ${label}: first failed order: ${why}`);
      const cells = [
        b.name,
        label,
        o ? median(o.map((f) => f.perSecond)).toFixed(1) : '',
        o ? median(o.map((f) => f.p50)) : '',
        o ? median(o.map((f) => f.p99)) : '',
        o ? failed : '',
        r ? Math.round(median(r.map((f) => f.rps))) : '',
        r ? median(r.map((f) => f.p99)) : '',
        r ? `${((median(r.map((f) => f.rps)) / alone) * 100).toFixed(0)} %` : '',
        fs.map((f) => f.load.split(' ')[0]).join(', '),
        o && fs.some((f) => f.mail !== undefined) ? fs.map((f) => f.mail).join(', ') : '',
      ];
      return `| ${cells.join(' | ')} |`;
    };
    rows.push(row('reads alone (product being sold + its category)', figures.get('0') ?? []));
    rows.push(row('rush: reads while 10 paid orders/s', figures.get('10') ?? []));
    rows.push(row('rush: reads while 30 paid orders/s', figures.get('30') ?? []));
    rows.push(
      row(`paid-order ceiling (closed loop, ${orderWorkers} shoppers)`, figures.get('ceiling') ?? []),
    );
    ceilings.set(b.name, median((figures.get('ceiling') ?? []).map((f) => f.orders!.perSecond)));
  }
  for (const v of vendures) {
    // Vendure's ceiling: the same closed loop, `rounds` times, after Zevar's write path.
    const checkout = vendureCheckouts.get(v.name)!;
    const fs: Array<{ orders: OrderFigure; load: string }> = [];
    for (let round = 1; round <= rounds; round++) {
      console.log(`${v.name} paid-order ceiling, round ${round}/${rounds} (load average ${loadAverage()})`);
      const orders = await vendureOrderCeiling(v.url, checkout, {
        seconds: duration,
        workers: orderWorkers,
      });
      fs.push({ orders, load: loadAverage() });
    }
    const o = fs.map((f) => f.orders);
    const why = o.find((f) => f.firstFailure)?.firstFailure;
    if (why) console.log(`${v.name}: first failed order: ${why}`);
    const perSecond = median(o.map((f) => f.perSecond));
    ceilings.set(v.name, perSecond);
    const cells = [
      v.name,
      `paid-order ceiling (closed loop, ${orderWorkers} shoppers, 6 mutations per order)`,
      perSecond.toFixed(1),
      median(o.map((f) => f.p50)),
      median(o.map((f) => f.p99)),
      o.reduce((n, f) => n + f.failures, 0),
      '',
      '',
      '',
      fs.map((f) => f.load.split(' ')[0]).join(', '),
    ];
    rows.push(`| ${cells.join(' | ')} |`);
  }
  return { rows, ceilings };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Slugs of active products in an order unrelated to their ids (so neighbouring requests do not share
 * the database's pages), for the product-page miss that reads a product for the first time.
 */
async function unreadProductSlugs(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string }>(
      `select slug from products where status = 'active' and archived_at is null
       order by md5(id::text) limit $1`,
      [count],
    );
    return rows.map((r) => encodeURIComponent(r.slug));
  } finally {
    await client.end();
  }
}
