/**
 * `npm run bench:restart`: how long `npm start` takes to answer `GET /api/health`, on the embedded
 * database: a first start on an empty DATA_DIR (migrations, demo data, image variants), then
 * restarts on the same data (the issue 12 goal: within 5 s). Prints each figure and the load average.
 *
 *   npm run bench:restart -- [--port 3395] [--restarts 3] [--data-dir /tmp/some-dir]
 *
 * The web app is built first if its sources changed (that is part of `npm start`); run it once
 * before measuring if you want restarts without a rebuild.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg('--port') ?? 3395);
const restarts = Number(arg('--restarts') ?? 3);
const given = arg('--data-dir');
const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'zevar-restart-'));

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Starts `npm start`, returns the milliseconds until /api/health answers, then stops it (SIGTERM). */
async function timeStart(): Promise<number> {
  if (await healthy()) throw new Error(`port ${port} already answers: stop that server first`);
  const { DATABASE_URL: _db, ...env } = process.env;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so npm, tsx and the server stop together.
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed = false;
  void exited.then(() => (failed = true));
  try {
    for (;;) {
      if (failed) throw new Error('npm start exited before answering');
      if (await healthy()) return performance.now() - started;
      if (performance.now() - started > 300_000) throw new Error('no answer within 5 minutes');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (!failed && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

try {
  console.log(`first start (empty ${dataDir}): ${fmt(await timeStart())}  (load average ${load()})`);
  for (let i = 1; i <= restarts; i++) {
    console.log(`restart ${i}: ${fmt(await timeStart())}  (load average ${load()})`);
  }
} finally {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
