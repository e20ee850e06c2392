/**
 * The server as `npm start` runs it (API, web and background jobs in one process), for
 * `bench/order-cost.ts`: it also answers the bench over IPC with what a load-independent measure
 * needs, this process's CPU time and how its public cache found answers (decision 0076).
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from '../apps/server/src/env';
import { resolveConfig } from '../apps/server/src/bootstrap';
import { connect } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/app';
import { prepareDatabase } from '../apps/server/src/prepare-database';

/**
 * The main thread's CPU ms (Linux: its task's utime + stime, in clock ticks of 10 ms), apart from the
 * invoice PDF thread's (decision 0101); undefined elsewhere.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function main() {
  const config = resolveConfig(parseEnv(process.env));
  const database = await connect({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await prepareDatabase(database, config);
  const app = await buildApp({
    config,
    database,
    serveWeb: false,
    serveApi: true,
    backgroundJobs: true,
    lifecycle: { state: 'ready', jobs: 'off' },
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  process.on('message', (m) => {
    if (m !== 'stats') return;
    const cpu = process.cpuUsage();
    process.send?.({
      cpuMs: (cpu.user + cpu.system) / 1000,
      mainThreadCpuMs: mainThreadCpuMs(),
      cache: app.publicCache.counts(),
    });
  });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send?.('ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
