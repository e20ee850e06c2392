/**
 * What one cached hit costs the server, in CPU rather than wall time (decision 0087): on a shared
 * machine req/s follows the load, while the CPU the server process spends per answered request
 * does not. Starts the bare Fastify hello and the real server (the bundle `npm start` runs, on
 * PostgreSQL with DATABASE_URL, else on a fresh PGlite with the demo data), warms each cached call,
 * then loads it with autocannon from this process (a browser's headers, bench/load.ts) and reads the
 * server's user + system CPU time (/proc/<pid>/stat, every thread) before and after.
 *
 *   [DATABASE_URL=postgres://...] npx tsx bench/hit-cpu.ts [--duration 10] [--connections 50]
 *     [--port-base 3500] [--cpu-prof DIR] [--only '^product page$'] [--bundle dist/server.mjs]
 *     [--log-level info]
 *
 * --cpu-prof DIR: the real server writes a V8 CPU profile there when it stops (`node --cpu-prof`).
 * --log-level: the server's LOG_LEVEL (the bench's is `warn`; production's default `info` writes a
 * line per request), its standard output then discarded (still written, as to a pipe or a file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, targets, type Target } from './load';
import { postgresEnv, serverEnv } from './server-env';
import { waitForHealth } from '../apps/server/test/wait-until';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const duration = Number(arg('--duration') ?? 10);
const connections = Number(arg('--connections') ?? 50);
const portBase = Number(arg('--port-base') ?? 3500);
const profileDir = arg('--cpu-prof');
/** Another build of the server to measure (a file in apps/server/dist, e.g. one built from older sources). */
const bundle = arg('--bundle') ?? 'dist/server.mjs';
/** Only the calls whose name matches this regular expression (e.g. `product page`, `^product page$`), besides hello. */
const only = arg('--only');
const logLevel = arg('--log-level');
const onlyPattern = only === undefined ? undefined : new RegExp(only);

const TICKS_PER_SECOND = 100;
/** User + system CPU of a process and all its threads so far, in microseconds. */
function cpuMicros(pid: number): number {
  // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

async function cpuPerRequest(pid: number, url: string, headers: Record<string, string>) {
  const before = cpuMicros(pid);
  const r = await autocannon({ url, connections, duration, headers });
  const spent = cpuMicros(pid) - before;
  return { requests: r.requests.total, non2xx: r.non2xx + r.errors, rps: r.requests.average, spent };
}

async function main() {
  const children: ChildProcess[] = [];
  const helloPort = portBase + 1;
  const serverPort = portBase + 2;
  const databaseUrl = process.env.DATABASE_URL;
  try {
    const hello = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('bench/hello.ts'), String(helloPort)],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    children.push(hello);
    const { DATABASE_URL: _db, ...inherited } = process.env;
    const env = databaseUrl
      ? serverEnv(serverPort, {
          ...postgresEnv(databaseUrl, randomBytes(32).toString('hex')),
          SEED_DEMO: 'false',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-hit-cpu-')),
        })
      : serverEnv(serverPort, { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-hit-cpu-')) });
    const server = spawn(
      process.execPath,
      [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : []), bundle],
      {
        cwd: path.resolve('apps/server'),
        env: { ...inherited, ...env, ...(logLevel ? { LOG_LEVEL: logLevel } : {}) },
        stdio: ['ignore', logLevel ? 'ignore' : 'inherit', 'inherit'],
      },
    );
    children.push(server);
    const helloUrl = `http://127.0.0.1:${helloPort}`;
    const serverUrl = `http://127.0.0.1:${serverPort}`;
    await Promise.all([waitForHealth(helloUrl, 300_000), waitForHealth(`${serverUrl}/api/health`, 300_000)]);
    const vendor = databaseUrl ? 'bench-vendor-3' : 'zevar';
    const calls: Target[] = [
      { name: 'bare Fastify hello', path: '/' },
      ...(await targets(serverUrl, vendor, false)),
    ];
    const measured = calls.filter(
      (c) => !onlyPattern || c.path === '/' || onlyPattern?.test(c.name) === true,
    );
    // Warm every call first (entries built, compressed forms made, code optimised, the page renderer
    // loaded a while after listening), then let the server settle before any measurement.
    for (const t of measured)
      await autocannon({
        url: (t.path === '/' ? helloUrl : serverUrl) + t.path,
        connections: 10,
        duration: 3,
        headers: t.headers ?? BROWSER_HEADERS,
      });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    for (const t of measured) {
      const isHello = t.path === '/';
      const f = await cpuPerRequest(
        (isHello ? hello : server).pid!,
        (isHello ? helloUrl : serverUrl) + t.path,
        t.headers ?? BROWSER_HEADERS,
      );
      console.log(
        `${t.name.padEnd(45)} ${String(Math.round(f.spent / f.requests)).padStart(5)} µs CPU/request  ` +
          `${f.requests} requests (${Math.round(f.rps)} req/s, ${f.non2xx} not 2xx)`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    for (const c of children) c.kill('SIGINT');
  }
}

await main();
