import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client';
import { isUndefinedTable } from '../../lib/db-errors';
import type { FailedJob, FailedJobsQuery, Paged } from '@zevar/domain';

/** Work that runs every few seconds, once across all processes that share the database. */
export type PeriodicJob = { name: string; everySeconds: number; run: () => Promise<unknown> };

export type JobQueueOptions = {
  database: Pick<Database, 'executeSql' | 'withLock' | 'kind'>;
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

/**
 * The queue's schema. pg-boss 12 cannot migrate the schema pg-boss 10 made (`pgboss`, schema version
 * 24): it installs its own beside it, and `retireLegacySchema` carries the failed runs over.
 */
export const JOB_SCHEMA = 'pgboss_v12';
/** pg-boss 10's schema, dropped once no process that still uses it is alive. */
const LEGACY_SCHEMA = 'pgboss';
/** Runs that failed after every retry land here (pg-boss's dead letter queue); no one works it. */
const FAILED_RUNS = 'failed-runs';
/** How long the admin sees a failed run; completed runs go after a day. */
const FAILED_KEPT_SECONDS = 7 * 24 * 3600;
const COMPLETED_KEPT_SECONDS = 24 * 3600;
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
    // pg-boss sends BEGIN … RETURNING … COMMIT as one text: it wants the rows of every statement.
    db: { executeSql: (text, values) => opts.database.executeSql(text, values, 'all') },
    schema: JOB_SCHEMA,
    backend: opts.database.kind === 'pglite' ? 'pglite' : 'postgres',
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
        await ensureQueue(boss, FAILED_RUNS, { retentionSeconds: FAILED_KEPT_SECONDS });
        for (const job of opts.jobs) {
          await ensureQueue(boss, job.name, {
            policy: 'stately',
            retryLimit: opts.retryLimit ?? 3,
            retryDelay: opts.retryDelaySeconds ?? 5,
            retryBackoff: true,
            expireInSeconds: 300,
            deleteAfterSeconds: COMPLETED_KEPT_SECONDS,
            deadLetter: FAILED_RUNS,
          });
          await boss.schedule(job.name, EVERY_MINUTE);
        }
        await recoverOrphans();
        await retireLegacySchema(opts.database, heartbeatSeconds * 3, opts.log);
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
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
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

/** Creates a queue, or brings an existing one's settings up to date (a deploy may change them). */
async function ensureQueue(
  boss: PgBoss,
  name: string,
  options: Omit<Parameters<PgBoss['createQueue']>[1] & object, 'name'>,
): Promise<void> {
  if (await boss.getQueue(name)) {
    const { policy: _policy, ...changeable } = options;
    await boss.updateQueue(name, changeable);
  } else {
    await boss.createQueue(name, options);
  }
}

/**
 * pg-boss 10 kept its jobs in `pgboss`, a schema pg-boss 12 cannot migrate. Its failed runs of the
 * last week move to the failed-runs queue (once: a run already there is skipped), and the schema is
 * dropped when no process that still runs pg-boss 10 has beaten in its worker table within `stale`
 * seconds (during a rolling upgrade a later start drops it). Its waiting runs need no copy: every
 * periodic job is queued again at start.
 */
async function retireLegacySchema(
  database: Pick<Database, 'executeSql'>,
  stale: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const { rows } = await database.executeSql(
    `SELECT to_regclass($1) IS NOT NULL AS jobs, to_regclass($2) IS NOT NULL AS archive,
            to_regclass($3) IS NOT NULL AS workers`,
    [`${LEGACY_SCHEMA}.job`, `${LEGACY_SCHEMA}.archive`, `${LEGACY_SCHEMA}.zevar_worker`],
  );
  const found = rows[0] as { jobs: boolean; archive: boolean; workers: boolean } | undefined;
  if (!found?.jobs) return;
  const sources = [`${LEGACY_SCHEMA}.job`, ...(found.archive ? [`${LEGACY_SCHEMA}.archive`] : [])];
  const copied = await database.executeSql(
    `INSERT INTO ${JOB_SCHEMA}.job (id, name, data, state, created_on, start_after, keep_until,
        source_name, source_id, source_created_on, source_retry_count, source_output)
     SELECT gen_random_uuid(), $1, old.data, 'created', old.completed_on, old.completed_on,
            old.completed_on + make_interval(secs => $2), old.name, old.id, old.created_on,
            old.retry_count, old.output
       FROM (${sources.map((t) => `SELECT id, name, data, created_on, completed_on, retry_count, output FROM ${t} WHERE state = 'failed'`).join(' UNION ALL ')}) old
      WHERE old.completed_on > now() - make_interval(secs => $2)
        AND NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.job f WHERE f.name = $1 AND f.source_id = old.id)
     RETURNING id`,
    [FAILED_RUNS, FAILED_KEPT_SECONDS],
  );
  if (found.workers) {
    const alive = await database.executeSql(
      `SELECT count(*)::int AS n FROM ${LEGACY_SCHEMA}.zevar_worker WHERE seen_on > now() - make_interval(secs => $1)`,
      [stale],
    );
    if ((alive.rows[0] as { n: number }).n > 0) {
      log.info('pg-boss 10 schema kept: a process still using it is alive');
      return;
    }
  }
  await database.executeSql(`DROP SCHEMA ${LEGACY_SCHEMA} CASCADE`);
  log.info({ failedRunsCarried: copied.rows.length }, 'moved the job queue from pg-boss 10 to 12');
}

type FailedRow = {
  id: string;
  name: string;
  retryCount: number;
  failedAt: Date | string | null;
  output: unknown;
};

/** A page of the failed runs, newest first (an empty page before the queue was ever started). */
export async function listFailedJobs(db: Db, q: FailedJobsQuery): Promise<Paged<FailedJob>> {
  const empty = { content: [], totalPages: 0, totalElements: 0, size: q.size, number: q.page };
  try {
    const totalElements = await failedJobCount(db);
    // Newest first; the id breaks ties, so a page boundary never repeats or skips a run.
    const rows = await queryRows<FailedRow>(
      db,
      sql`SELECT source_id::text AS id, source_name AS name, source_retry_count AS "retryCount",
                 created_on AS "failedAt", source_output AS output
            FROM ${sql.raw(JOB_SCHEMA)}.job WHERE name = ${FAILED_RUNS}
          ORDER BY created_on DESC, id DESC LIMIT ${q.size} OFFSET ${q.page * q.size}`,
    );
    return {
      content: rows.map((r) => ({
        id: r.id,
        name: r.name,
        retryCount: Number(r.retryCount),
        failedAt: r.failedAt === null ? null : new Date(r.failedAt).toISOString(),
        error: describeOutput(r.output),
      })),
      totalPages: Math.ceil(totalElements / q.size),
      totalElements,
      size: q.size,
      number: q.page,
    };
  } catch (err) {
    // 42P01: the queue's tables do not exist yet (no process has run jobs on this database).
    if (isUndefinedTable(err)) return empty;
    throw err;
  }
}

/** How many runs failed after every retry (what the Background Jobs section lists, uncapped). */
export async function failedJobCount(db: Db): Promise<number> {
  try {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM ${sql.raw(JOB_SCHEMA)}.job WHERE name = ${FAILED_RUNS}`,
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
