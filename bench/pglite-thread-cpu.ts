/**
 * CPU per paid order on the embedded database, per thread of the server (decision 0103): the bundle
 * `npm start` runs (`--server-dir`'s dist/server.mjs) on a fresh PGlite with the demo data, `--orders`
 * paid orders placed by `--workers` shoppers in a closed loop (after a warm-up), and each thread's CPU
 * read from Linux's /proc/<pid>/task/<tid>/stat before and after. The request thread's figure is the
 * one a loaded machine does not change: what every other request waits behind.
 *
 *   npx tsx bench/pglite-thread-cpu.ts [--server-dir apps/server] [--port 4321] [--orders 300]
 *     [--workers 8] [--warm-up 40]
 *
 * The mail job is held back (MAIL_DELIVERY_SECONDS=3600): its runs land at random in the window.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPglite } from '../apps/server/src/db/client';
import { waitForHealth } from '../apps/server/test/wait-until';
import { candidateProducts, loadAverage, placePaidOrder, stockUp } from './orders';
import { serverEnv } from './server-env';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const serverDir = path.resolve(opt('--server-dir', 'apps/server'));
const port = Number(opt('--port', '4321'));
const orders = Number(opt('--orders', '300'));
const workers = Number(opt('--workers', '8'));
const warmUp = Number(opt('--warm-up', '40'));
const baseUrl = `http://127.0.0.1:${port}`;
const vendor = 'zevar';

function start(dataDir: string): ChildProcess {
  const { DATABASE_URL: _db, ...inherited } = process.env;
  return spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: serverDir,
    env: {
      ...inherited,
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '131072',
      ...serverEnv(port, { DATA_DIR: dataDir, MAIL_DELIVERY_SECONDS: '3600' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Each thread's CPU ms and name (utime + stime, ticks of 10 ms). */
function threads(pid: number): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

async function place(count: number, skus: string[]) {
  let n = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (n < count) {
        const i = n++;
        await placePaidOrder(baseUrl, vendor, skus[i % skus.length]!).catch(() => failed++);
      }
    }),
  );
  return failed;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zevar-thread-cpu-'));
  let child = start(dataDir);
  await waitForHealth(`${baseUrl}/api/health`, 300_000);
  const wanted = (await candidateProducts(baseUrl, vendor)).map((c) => c.sku);
  await stopped(child);
  const database = await connectPglite(path.join(dataDir, 'pglite'));
  const skus = await stockUp(database, wanted).finally(() => database.close());
  child = start(dataDir);
  await waitForHealth(`${baseUrl}/api/health`, 300_000);
  const pid = child.pid!;
  const rssAtRest = rssMb(pid);
  await place(warmUp, skus);
  const before = threads(pid);
  const cpuStarted = performance.now();
  const failed = await place(orders, skus);
  const seconds = (performance.now() - cpuStarted) / 1000;
  const after = threads(pid);
  const rssAfter = rssMb(pid);
  await stopped(child);

  const deltas = [...after].map(([tid, t]) => ({
    tid,
    name: t.name,
    ms: t.ms - (before.get(tid)?.ms ?? 0),
  }));
  const per = (ms: number) => (ms / orders).toFixed(1);
  const main = deltas.find((d) => d.tid === pid)!;
  const others = deltas.filter((d) => d.tid !== pid).sort((a, b) => b.ms - a.ms);
  const total = deltas.reduce((s, d) => s + d.ms, 0);
  console.log(
    `${serverDir}: ${orders} paid orders (${failed} failed), ${workers} shoppers, ${(orders / seconds).toFixed(1)} orders/s, load average ${loadAverage()}`,
  );
  console.log(`  process CPU per paid order: ${per(total)} ms`);
  console.log(`  main (request) thread:      ${per(main.ms)} ms`);
  for (const d of others.filter((o) => o.ms >= orders * 0.1))
    console.log(`  thread ${d.tid} (${d.name}):`.padEnd(30) + ` ${per(d.ms)} ms`);
  console.log(`  RSS at rest ${rssAtRest} MB, after the orders ${rssAfter} MB`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
