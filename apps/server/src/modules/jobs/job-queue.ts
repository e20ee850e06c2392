import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client';
import { isUndefinedTable } from '../../lib/db-errors';
import type { FailedJob } from '@zevar/domain';

/** Work that runs every few seconds, once across all processes that share the database. */
export type PeriodicJob = { name: string; everySeconds: number; run: () => Promise<unknown> };

export type JobQueueOptions = {
  database: Pick<Database, 'executeSql' | 'withLock'>;
  log: FastifyBaseLogger;
  jobs: PeriodicJob[];
  /** Tries after the first failure before a run ends in the failed state (backoff doubles the delay). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often an idle worker asks for work. */
  pollingIntervalSeconds?: number;
  /** How often this process tells the others it is alive (and which runs it holds). */
  heartbeatSeconds?: number;
};

export type JobQueue = {
  start: () => Promise<void>;
  /** Stops fetching, lets running jobs finish (within `timeoutMs`), then stops. */
  stop: (timeoutMs?: number) => Promise<void>;
  running: () => boolean;
  /** Queues one run now (deduplicated with a run already waiting). */
  runNow: (name: string) => Promise<void>;
};

export const JOB_SCHEMA = 'pgboss';
/** Advisory lock key for queue set-up ('zevarjobs' folded into a safe integer). */
const JOB_SETUP_LOCK_KEY = 0x7a65766a62;
/** The safety net: every job is also queued by a once-a-minute schedule, should its chain break. */
const EVERY_MINUTE = '* * * * *';
/** The queue's own bookkeeping, next to pg-boss's tables: which process holds which running job. */
const WORKER_TABLE = `${JOB_SCHEMA}.zevar_worker`;

/**
 * Periodic jobs on pg-boss (PostgreSQL, or PGlite through the same SQL adapter). Each job's queue is
 * 'stately' (at most one run waiting and one running, across every process), each run queues the next
 * one after `everySeconds`, and a failed run is retried with backoff and then kept as failed.
 */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    // Keep failed jobs visible for the admin for a week; completed ones go after a day.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    archiveCompletedAfterSeconds: 24 * 3600,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  let started = false;
  const workerId = randomUUID();
  const heartbeatSeconds = opts.heartbeatSeconds ?? 10;
  /** Runs this process holds: another process starting leaves them alone while this one beats. */
  const holding = new Set<string>();
  let heartbeatTimer: NodeJS.Timeout | undefined;

  const heartbeat = async () => {
    await opts.database.executeSql(
      `INSERT INTO ${WORKER_TABLE} (id, seen_on, job_ids) VALUES ($1, now(), $2::uuid[])
       ON CONFLICT (id) DO UPDATE SET seen_on = now(), job_ids = EXCLUDED.job_ids`,
      [workerId, [...holding]],
    );
  };

  /**
   * A process killed mid-run leaves its job 'active' until the job expires (5 minutes), and a
   * stately queue runs nothing else meanwhile. At start, runs that no live process holds (no
   * heartbeat naming them within three beats) are failed, so they are retried, and the queue moves.
   */
  const recoverOrphans = async () => {
    const names = opts.jobs.map((j) => j.name);
    if (names.length === 0) return;
    const stale = heartbeatSeconds * 3;
    const { rows } = await opts.database.executeSql(
      `SELECT j.id::text AS id, j.name FROM ${JOB_SCHEMA}.job j
        WHERE j.state = 'active' AND j.name = ANY($1::text[])
          AND j.started_on < now() - make_interval(secs => $2)
          AND NOT EXISTS (SELECT 1 FROM ${WORKER_TABLE} w
                           WHERE j.id = ANY(w.job_ids) AND w.seen_on > now() - make_interval(secs => $2))`,
      [names, stale],
    );
    for (const row of rows as { id: string; name: string }[]) {
      await boss.fail(row.name, row.id, { message: 'the process running this job stopped' });
      opts.log.warn({ job: row.name, id: row.id }, 'recovered a job left running by a stopped process');
    }
    await opts.database.executeSql(`DELETE FROM ${WORKER_TABLE} WHERE seen_on < now() - interval '1 day'`);
  };

  const queueNext = async (job: PeriodicJob) => {
    await boss.sendAfter(job.name, {}, {}, job.everySeconds);
  };

  return {
    async start() {
      // Processes starting together would race creating the same queues (pg-boss creates a
      // partition per queue) and can deadlock: the set-up takes turns under an advisory lock.
      await opts.database.withLock(JOB_SETUP_LOCK_KEY, async () => {
        await boss.start();
        await opts.database.executeSql(
          `CREATE TABLE IF NOT EXISTS ${WORKER_TABLE} (
             id text PRIMARY KEY, seen_on timestamptz NOT NULL, job_ids uuid[] NOT NULL DEFAULT '{}')`,
        );
        for (const job of opts.jobs) {
          await boss.createQueue(job.name, {
            name: job.name,
            policy: 'stately',
            retryLimit: opts.retryLimit ?? 3,
            retryDelay: opts.retryDelaySeconds ?? 5,
            retryBackoff: true,
            expireInSeconds: 300,
          });
          await boss.schedule(job.name, EVERY_MINUTE);
        }
        await recoverOrphans();
      });
      await heartbeat();
      heartbeatTimer = setInterval(() => {
        heartbeat().catch((err: unknown) => opts.log.error({ err }, 'job queue heartbeat failed'));
      }, heartbeatSeconds * 1000);
      heartbeatTimer.unref();
      for (const job of opts.jobs) {
        await boss.work(
          job.name,
          { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? Math.min(2, job.everySeconds) },
          async ([run]) => {
            if (run) holding.add(run.id);
            try {
              // Named in the heartbeat before the work starts, so no starting process takes it for an orphan.
              if (run) await heartbeat();
              await job.run();
            } finally {
              if (run) holding.delete(run.id);
              await queueNext(job).catch((err) => opts.log.error({ err }, `could not queue ${job.name}`));
            }
          },
        );
        // One run right away (after a crash too: the orphans above no longer hold the queue).
        await boss.send(job.name, {});
      }
      started = true;
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      // Running handlers finish first; past the timeout they are failed (and retried by another
      // process). The database belongs to the app, so the queue does not close it.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
      clearInterval(heartbeatTimer);
      await opts.database
        .executeSql(`DELETE FROM ${WORKER_TABLE} WHERE id = $1`, [workerId])
        .catch((err: unknown) => opts.log.error({ err }, 'could not sign the job worker off'));
    },
    running: () => started,
    async runNow(name) {
      await boss.send(name, {});
    },
  };
}

type FailedRow = {
  id: string;
  name: string;
  retryCount: number;
  failedAt: Date | string | null;
  output: unknown;
};

/** The most recent failed runs, newest first (an empty list before the queue was ever started). */
export async function listFailedJobs(db: Db, limit = 50): Promise<FailedJob[]> {
  try {
    const rows = await queryRows<FailedRow>(
      db,
      sql`SELECT id::text AS id, name, retry_count AS "retryCount", completed_on AS "failedAt", output
            FROM ${sql.raw(JOB_SCHEMA)}.job WHERE state = 'failed'
          UNION ALL
          SELECT id::text, name, retry_count, completed_on, output
            FROM ${sql.raw(JOB_SCHEMA)}.archive WHERE state = 'failed'
          ORDER BY "failedAt" DESC NULLS LAST LIMIT ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      retryCount: Number(r.retryCount),
      failedAt: r.failedAt === null ? null : new Date(r.failedAt).toISOString(),
      error: describeOutput(r.output),
    }));
  } catch (err) {
    // 42P01: the queue's tables do not exist yet (no process has run jobs on this database).
    if (isUndefinedTable(err)) return [];
    throw err;
  }
}

/** How many runs failed after every retry (what the Background Jobs section lists, uncapped). */
export async function failedJobCount(db: Db): Promise<number> {
  try {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT (SELECT count(*) FROM ${sql.raw(JOB_SCHEMA)}.job WHERE state = 'failed')
               + (SELECT count(*) FROM ${sql.raw(JOB_SCHEMA)}.archive WHERE state = 'failed') AS n`,
    );
    return Number(row?.n ?? 0);
  } catch (err) {
    if (isUndefinedTable(err)) return 0;
    throw err;
  }
}

function describeOutput(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
