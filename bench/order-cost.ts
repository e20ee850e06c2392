/**
 * What one paid order costs, in measures a loaded machine does not change (decision 0076): server
 * CPU ms, statements, transactions and database time per paid order, time spent waiting for locks,
 * and, with `--reads N`, cache misses per storefront read while the orders flow. A closed loop of
 * `--workers` shoppers places `--orders` paid orders (initiate → sandbox pay → confirm over HTTP)
 * against a server started here on PostgreSQL (`DATABASE_URL`, e.g. the generated catalogue);
 * `--reads N` adds N readers asking for the products being sold and their category pages.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/order-cost.ts [--orders 300] [--workers 16]
 *     [--reads 4] [--read both|pages|lists] [--port 4113] [--vendor bench-vendor-3] [--cpu-prof DIR]
 *     [--top 25] [--with-mail]
 *
 * `--read pages` or `--read lists` has the readers ask only for the product pages or only for the
 * category pages, to tell whose answers the orders drop (decision 0081).
 *
 * Every paid order queues a confirmation mail with its invoice PDF, sent by the mail job of the same
 * process every MAIL_DELIVERY_SECONDS: by default the window holds only the mails that job happened to
 * send in it. `--with-mail` counts each order's mail: the job runs every second, the window starts
 * with no mail due and ends when every order's mail is sent (decision 0093).
 *
 * Statement counts need the `pg_stat_statements` extension preloaded in the cluster
 * (`shared_preload_libraries=pg_stat_statements`); without it they are left out.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectPostgres } from '../apps/server/src/db/client';
import { candidateProducts, loadAverage, placePaidOrder, stockUp } from './orders';
import { postgresEnv, serverEnv } from './server-env';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const orders = Number(opt('--orders', '300'));
const workers = Number(opt('--workers', '16'));
const readers = Number(opt('--reads', '0'));
const readKind = opt('--read', 'both');
if (!['both', 'pages', 'lists'].includes(readKind)) throw new Error('--read is both, pages or lists');
const port = Number(opt('--port', '4113'));
const vendor = opt('--vendor', 'bench-vendor-3');
const cpuProf = opt('--cpu-prof', '');
const withMail = args.includes('--with-mail');
const top = Number(opt('--top', '25'));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required (a PostgreSQL cluster with the catalogue)');

type Stats = {
  cpuMs: number;
  /** The main thread's own (requests, the mail job's statements and composing), without other threads'. */
  mainThreadCpuMs?: number;
  cache: { hits: number; joined: number; builds: number; composed?: number; figured?: number };
};

function startServer() {
  const child = fork(path.resolve('bench/order-cost-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [])],
    env: {
      ...process.env,
      ...serverEnv(port, {
        ...postgresEnv(databaseUrl!, process.env.JWT_SECRET ?? 'bench-order-cost-secret-at-least-32-chars'),
        ...(withMail ? { MAIL_DELIVERY_SECONDS: '1' } : {}),
        // A fresh data directory: the file mailer's outbox grows with every run, and a file made in a
        // big directory costs more, so runs would not compare (decision 0102).
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-order-cost-')),
      }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.on('message', (m) => m === 'ready' && resolve());
  });
  const stats = () =>
    new Promise<Stats>((resolve) => {
      const on = (m: unknown) => {
        if (typeof m !== 'object' || m === null) return;
        child.off('message', on);
        resolve(m as Stats);
      };
      child.on('message', on);
      child.send('stats');
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ready, stats, stop };
}

/** Backends waiting for a lock, sampled every `everyMs`: samples per lock and the statement waiting. */
function lockSampler(client: pg.Client, everyMs = 20) {
  const waits = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const { rows } = await client.query<{ what: string }>(
        `select coalesce(l.locktype || ' ' || coalesce(l.relation::regclass::text, l.objid::text, '') || ' ' || l.mode, a.wait_event) || ' | ' || left(regexp_replace(a.query, '\\s+', ' ', 'g'), 90) as what
           from pg_stat_activity a left join pg_locks l on l.pid = a.pid and not l.granted
          where a.datname = current_database() and a.wait_event_type = 'Lock'`,
      );
      samples += 1;
      for (const r of rows) waits.set(r.what, (waits.get(r.what) ?? 0) + 1);
      const rest = everyMs - (performance.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { samples, waits };
    },
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const statementsKnown = await admin
    .query('create extension if not exists pg_stat_statements')
    .then(() => admin.query('select pg_stat_statements_reset()'))
    .then(
      () => true,
      () => false,
    );
  const server = startServer();
  await server.ready;
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const candidates = await candidateProducts(baseUrl, vendor);
    const database = connectPostgres(databaseUrl!);
    const skus = await stockUp(
      database,
      candidates.map((c) => c.sku),
    ).finally(() => database.close());
    const sold = candidates.filter((c) => skus.includes(c.sku));
    if (sold.length === 0) throw new Error('no product that is not hallmarked to order');
    const q = `vendorSlug=${encodeURIComponent(vendor)}`;
    const readPaths = sold.flatMap((c) => [
      ...(readKind === 'lists' ? [] : [`/api/products/name/${c.slug}?${q}`]),
      ...(readKind === 'pages' ? [] : [`/api/products/category/${c.categoryId}?${q}&size=15`]),
    ]);

    // Warm up: the code paths compiled, the pools open, the caches filled.
    let n = 0;
    const loop = async (count: number) => {
      const failures: string[] = [];
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (n < count) {
            const sku = skus[n++ % skus.length]!;
            await placePaidOrder(baseUrl, vendor, sku).catch((err: unknown) => failures.push(String(err)));
          }
        }),
      );
      return failures;
    };
    await loop(Math.min(48, orders));
    for (const p of readPaths) await fetch(baseUrl + p, { headers: { 'accept-encoding': 'br, gzip' } });

    n = 0;
    if (statementsKnown) await admin.query('select pg_stat_statements_reset()');
    const xact = async () =>
      Number(
        (
          await admin.query<{ x: string }>(
            'select xact_commit + xact_rollback as x from pg_stat_database where datname = current_database()',
          )
        ).rows[0]!.x,
      );
    const sampler = new pg.Client({ connectionString: databaseUrl });
    await sampler.connect();
    // Every paid order queues a confirmation mail with its invoice PDF, sent by the mail job in this
    // process: how many were sent in the window says how much of that work the CPU figure holds.
    const mailsSent = async () =>
      Number(
        (await admin.query<{ n: string }>(`select count(*) as n from email_outbox where status = 'SENT'`))
          .rows[0]!.n,
      );
    /**
     * Waits until no mail is due or being sent (the job runs every second with `--with-mail`): a batch
     * being sent is claimed (its next attempt pushed 10 minutes out) but not yet tried.
     */
    const mailSent = async () => {
      for (let waited = 0; waited < 600; waited++) {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from email_outbox
            where status = 'PENDING' and (next_attempt_at <= now() or attempts = 0)`,
        );
        if (rows[0]!.n === '0') return;
        await new Promise((r) => setTimeout(r, 1000));
      }
      throw new Error('mail still due after 10 minutes');
    };
    if (withMail) await mailSent();
    const mailsBefore = await mailsSent();
    const before = await server.stats();
    const xactBefore = await xact();
    const started = performance.now();
    const sampling = lockSampler(sampler);
    let reading = true;
    let reads = 0;
    const readLoops = Array.from({ length: readers }, async (_, r) => {
      for (let i = r; reading; i++) {
        const res = await fetch(baseUrl + readPaths[i % readPaths.length]!, {
          headers: { 'accept-encoding': 'br, gzip' },
        });
        await res.arrayBuffer();
        reads += 1;
      }
    });
    const failures = await loop(orders);
    if (withMail) await mailSent();
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await Promise.all(readLoops);
    const locks = await sampling.stop();
    await sampler.end();
    const after = await server.stats();
    const mails = (await mailsSent()) - mailsBefore;
    // The sampler's own statements are transactions too: one per sample, and the two stats reads.
    const transactions = (await xact()) - xactBefore - locks.samples - 2;

    const done = orders - failures.length;
    const per = (x: number) => (x / done).toFixed(1);
    console.log(
      `\n${new Date().toISOString()}  load average ${loadAverage()}  ${done} paid orders (${failures.length} failed), ` +
        `${workers} shoppers, ${seconds.toFixed(1)} s, ${(done / seconds).toFixed(1)} orders/s` +
        (readers ? `, ${readers} readers (${readKind}): ${reads} reads` : ''),
    );
    if (failures[0]) console.log(`first failure: ${failures[0].slice(0, 300)}`);
    console.log(`server CPU per paid order: ${per(after.cpuMs - before.cpuMs)} ms`);
    if (after.mainThreadCpuMs !== undefined && before.mainThreadCpuMs !== undefined)
      console.log(
        `of which on the main thread: ${per(after.mainThreadCpuMs - before.mainThreadCpuMs)} ms (the rest: the invoice PDF thread, V8's and libuv's threads)`,
      );
    console.log(
      `confirmation mails sent in the window (each renders its invoice PDF): ${mails}, ${(mails / done).toFixed(2)} per paid order`,
    );
    console.log(
      `transactions per paid order: ${per(transactions)} (everything the database committed${readers ? ', reads included' : ''})`,
    );
    const lockSamples = [...locks.waits.values()].reduce((a, b) => a + b, 0);
    console.log(
      `lock waits: ${lockSamples} backend-samples in ${locks.samples} samples (every 20 ms): about ` +
        `${per(lockSamples * 20)} ms waited per paid order`,
    );
    for (const [what, count] of [...locks.waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`  ${String(count).padStart(6)}  ${what}`);
    if (readers) {
      const c = (k: keyof Stats['cache']) => (after.cache[k] ?? 0) - (before.cache[k] ?? 0);
      const answered = c('hits') + c('joined') + c('builds');
      console.log(
        `public cache while the orders flowed: ${answered} answers, ${c('hits')} hits, ${c('joined')} joined a build, ` +
          `${c('builds')} built: ${(c('builds') / Math.max(1, reads)).toFixed(3)} misses per read`,
      );
      // Decision 0088: an answer made from its kept rest reads only its figures (one small statement).
      const full = c('builds') - c('composed');
      console.log(
        `  of which full builds (a product or list read again): ${full}, ${(full / Math.max(1, reads)).toFixed(3)} per read; ` +
          `answers made again from a kept rest (stock and sales only): ${c('figured')}, ${(c('figured') / Math.max(1, reads)).toFixed(3)} per read`,
      );
    }
    if (statementsKnown) {
      const { rows } = await admin.query<{ query: string; calls: string; ms: string }>(
        `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls, total_exec_time as ms from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
            and query not like '%pg_stat%' and query not like '%pg_database%'
          order by calls desc`,
      );
      const calls = rows.reduce((s, r) => s + Number(r.calls), 0);
      const ms = rows.reduce((s, r) => s + Number(r.ms), 0);
      console.log(
        `statements per paid order: ${per(calls)} (BEGIN and COMMIT included${readers ? ', reads included' : ''}); ` +
          `database time per paid order: ${per(ms)} ms`,
      );
      for (const r of rows.slice(0, top))
        console.log(
          `  ${per(Number(r.calls)).padStart(6)}/order ${(Number(r.ms) / Number(r.calls)).toFixed(2).padStart(7)} ms  ${r.query.slice(0, 150)}`,
        );
    }
  } finally {
    await server.stop();
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
