/**
 * What one cache miss costs, in CPU rather than wall time (decisions 0086, 0094): on a shared
 * machine req/s follows the load, while the CPU the server process and the PostgreSQL backends spend
 * per answered miss does not. Starts the real server (the bundle `npm start` runs) on DATABASE_URL
 * (the generated catalogue, `bench/generate-catalogue.ts`), builds the miss requests as
 * `bench/load.ts` does (every request a URL of its own: another spelling, size or page), sends a few
 * of each kind to warm the prepared statements, then `--misses` of each kind, `--concurrency` at a
 * time, reading the server's user + system CPU (/proc/<pid>/stat, every thread) and the cluster's (the
 * postmaster's children, and what its exited children left in its cutime/cstime) before and after.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/miss-cpu.ts [--bundle dist/server.mjs] [--misses 300]
 *     [--warm 30] [--concurrency 4] [--port-base 3500] [--only 'category'] [--cpu-prof DIR]
 *
 * The cluster must be on this machine (its data directory is read through /proc). Run two bundles
 * back to back (`--bundle dist/server-before.mjs`, then the new one) to compare a change.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_HEADERS, missTargets, targets } from './load';
import { postgresEnv, serverEnv } from './server-env';
import { connectPostgres } from '../apps/server/src/db/client';
import { waitForHealth } from '../apps/server/test/wait-until';
import { sql } from 'drizzle-orm';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const misses = Number(arg('--misses') ?? 300);
const warm = Number(arg('--warm') ?? 30);
const concurrency = Number(arg('--concurrency') ?? 4);
const portBase = Number(arg('--port-base') ?? 3500);
const bundle = arg('--bundle') ?? 'dist/server.mjs';
const only = arg('--only');
const profileDir = arg('--cpu-prof');

const TICKS_PER_SECOND = 100;
/** utime, stime, cutime, cstime of a process in microseconds (fields after the command name). */
function times(pid: number): [number, number, number, number] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].map((i) => (Number(f[i]) * 1e6) / TICKS_PER_SECOND) as [
    number,
    number,
    number,
    number,
  ];
}
const parentOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};
const serverCpu = (pid: number) => {
  const [u, s] = times(pid);
  return u + s;
};
/** The cluster's CPU so far: its live backends and what its exited children left. */
function clusterCpu(postmaster: number): number {
  const [, , cu, cs] = times(postmaster);
  let sum = cu + cs;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (parentOf(Number(name)) !== postmaster) continue;
      const [u, s] = times(Number(name));
      sum += u + s;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL database with the generated catalogue');
  const admin = connectPostgres(databaseUrl);
  const [setting] = await admin.db
    .select({ d: sql<string>`current_setting('data_directory')` })
    .from(sql`(select 1) as one`);
  const dataDir = setting!.d;
  await admin.close();
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

  const port = portBase + 2;
  const { DATABASE_URL: _db, ...inherited } = process.env;
  const server = spawn(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []), bundle],
    {
      cwd: path.resolve('apps/server'),
      env: {
        ...inherited,
        ...serverEnv(port, {
          ...postgresEnv(databaseUrl, randomBytes(32).toString('hex')),
          SEED_DEMO: 'false',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-miss-cpu-')),
        }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, 300_000);
    const vendor = 'bench-vendor-3';
    const all = await missTargets(base, vendor, await targets(base, vendor, false));
    const category = /\/category\/(\d+)/.exec(all.find((t) => t.name.includes('category page'))!.path)![1];
    const sorts = ['default', 'price-asc', 'price-desc'];
    all.push({
      // A stranger varying the word: every request a listing of its own (decision 0094). Numbers
      // are in the product names ('Bench Lotus Necklace 1234'): each finds a few of the category's.
      name: 'miss: category search, a new word each time',
      path: '',
      miss: (n) =>
        `/api/products/category/${category}?vendorSlug=${vendor}&size=15&search=${n}&sort=${sorts[n % 3]}`,
    });
    const kinds = all.filter((t) => !t.headers && (!only || t.name.includes(only)));
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    console.log(`${bundle}: ${misses} misses of each kind, ${concurrency} at a time; load average ${load()}`);
    for (const t of kinds) {
      let n = 1_000; // past the URLs missTargets itself asked for
      let failed = 0;
      const send = async (count: number) => {
        const end = n + count;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (n < end) {
              const url = base + t.miss!(n++);
              const r = await fetch(url, { headers: BROWSER_HEADERS });
              await r.arrayBuffer();
              if (!r.ok) failed += 1;
            }
          }),
        );
      };
      await send(warm);
      const s0 = serverCpu(server.pid!);
      const p0 = clusterCpu(postmaster);
      const started = performance.now();
      await send(misses);
      const wall = performance.now() - started;
      const server1 = (serverCpu(server.pid!) - s0) / misses / 1000;
      const pg1 = (clusterCpu(postmaster) - p0) / misses / 1000;
      console.log(
        `${t.name.padEnd(62)} server ${server1.toFixed(2)} ms + PostgreSQL ${pg1.toFixed(2)} ms CPU/miss` +
          `  (${(misses / (wall / 1000)).toFixed(0)} misses/s, ${failed} failed)`,
      );
    }
    console.log(`load average ${load()}`);
  } finally {
    server.kill('SIGINT');
  }
}

await main();
