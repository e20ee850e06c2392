import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { FailedJob, Paged } from '@zevar/domain';
import type { Db } from '../../db/client';
import { createAdminUser } from '../../../test/factories';
import { createJobQueue, failedJobCount, listFailedJobs, type JobQueue } from './job-queue';
import { waitUntil } from '../../../test/wait-until';

const silentLog = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silentLog,
  level: 'silent',
  silent: () => undefined,
} as unknown as Parameters<typeof createJobQueue>[0]['log'];

describe('background job queue', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(2000);
    await t.close();
  });

  it('runs a periodic job once at a time across two processes sharing the database', async () => {
    let runs = 0;
    let active = 0;
    let overlap = false;
    const job = {
      name: 'test-periodic',
      everySeconds: 1,
      run: async () => {
        active += 1;
        if (active > 1) overlap = true;
        runs += 1;
        await new Promise((r) => setTimeout(r, 300));
        active -= 1;
      },
    };
    // Two queues on one database stand for two processes: the queue, not the process, decides.
    for (let i = 0; i < 2; i++) {
      const q = createJobQueue({
        database: t.database,
        log: silentLog,
        jobs: [job],
        pollingIntervalSeconds: 0.5,
      });
      queues.push(q);
      await q.start();
    }
    await waitUntil('three runs of the periodic job', () => runs >= 3, 30_000, 200);
    expect(overlap).toBe(false);
  });

  it('retries a failing job with backoff, then keeps it as failed for the admin to see', async () => {
    let attempts = 0;
    const q = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [
        {
          name: 'test-failing',
          everySeconds: 3600,
          run: async () => {
            attempts += 1;
            throw new Error('mail server unreachable');
          },
        },
      ],
      retryLimit: 1,
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
    });
    queues.push(q);
    await q.start();
    await waitUntil(
      'the failing job listed as failed',
      async () => (await failedRuns(t.db)).some((j) => j.name === 'test-failing'),
      30_000,
      200,
    );
    expect(attempts).toBe(2);
    const [failed] = (await failedRuns(t.db)).filter((j) => j.name === 'test-failing');
    expect(failed).toMatchObject({ name: 'test-failing', retryCount: 1, error: 'mail server unreachable' });

    const admin = await createAdminUser(t.app, t.db);
    const res = await t.app.inject({ url: '/api/jobs/failed', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'test-failing' })]),
    );
  });
});

describe('a job left running by a killed process', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(2000);
    await t.close();
  });

  it('is recovered when a process starts, and the job runs right away instead of after it expires', async () => {
    let runs = 0;
    const job = {
      name: 'test-orphan',
      everySeconds: 3600,
      run: async () => {
        runs += 1;
      },
    };
    const first = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [job],
      pollingIntervalSeconds: 0.5,
    });
    await first.start();
    await waitUntil('the first run', () => runs >= 1, 30_000, 200);
    await first.stop(2000);
    // What a killed process leaves behind: a run still 'active', started a minute ago, held by nobody.
    await t.database.executeSql(
      `UPDATE pgboss_v12.job SET state = 'active', started_on = now() - interval '1 minute', start_after = now()
        WHERE name = 'test-orphan' AND state = 'created'`,
    );
    const { rows } = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = 'test-orphan' AND state = 'active'`,
    );
    expect(rows).toEqual([{ n: 1 }]);

    const second = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [job],
      pollingIntervalSeconds: 0.5,
    });
    queues.push(second);
    await second.start();
    await waitUntil('a run after the restart', () => runs >= 2, 15_000, 200);
    const after = await t.database.executeSql(
      `SELECT state, output->>'message' AS message FROM pgboss_v12.job WHERE name = 'test-orphan' AND state = 'retry'`,
    );
    expect(after.rows).toEqual([{ state: 'retry', message: 'the process running this job stopped' }]);
  });

  it('leaves a run alone while the process holding it is alive', async () => {
    let release: () => void = () => undefined;
    let started = 0;
    const job = {
      name: 'test-held',
      everySeconds: 3600,
      run: async () => {
        started += 1;
        await new Promise<void>((r) => (release = r));
      },
    };
    const holder = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [job],
      pollingIntervalSeconds: 0.5,
    });
    queues.push(holder);
    await holder.start();
    await waitUntil('the long run started', () => started >= 1, 30_000, 200);
    // Old enough to look abandoned, but the holder's heartbeat names it.
    await t.database.executeSql(
      `UPDATE pgboss_v12.job SET started_on = now() - interval '1 minute' WHERE name = 'test-held' AND state = 'active'`,
    );
    const other = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [job],
      pollingIntervalSeconds: 0.5,
    });
    queues.push(other);
    await other.start();
    const { rows } = await t.database.executeSql(
      `SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = 'test-held' AND state = 'active'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(started).toBe(1);
    release();
  });
});

describe('failed jobs list before any process ran jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is empty rather than an error', async () => {
    const admin = await createAdminUser(t.app, t.db);
    const res = await t.app.inject({ url: '/api/jobs/failed', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: [], totalPages: 0, totalElements: 0, size: 20, number: 0 });
  });
});

/** The parts of pg-boss 10's schema the move reads (its real tables have more columns). */
async function legacySchema(t: TestApp) {
  await t.database.executeSql(`
    CREATE SCHEMA pgboss;
    CREATE TABLE pgboss.job (id uuid PRIMARY KEY, name text NOT NULL, data jsonb, state text NOT NULL,
      retry_count int NOT NULL DEFAULT 0, created_on timestamptz NOT NULL DEFAULT now(),
      completed_on timestamptz, output jsonb);
    CREATE TABLE pgboss.archive (LIKE pgboss.job INCLUDING DEFAULTS);
    CREATE TABLE pgboss.zevar_worker (id text PRIMARY KEY, seen_on timestamptz NOT NULL,
      job_ids uuid[] NOT NULL DEFAULT '{}');
    INSERT INTO pgboss.job (id, name, state, retry_count, completed_on, output) VALUES
      ('00000000-0000-4000-8000-000000000001', 'mail-outbox', 'failed', 3, now() - interval '1 hour',
       '{"message":"smtp refused"}'),
      ('00000000-0000-4000-8000-000000000002', 'mail-outbox', 'completed', 0, now(), null),
      ('00000000-0000-4000-8000-000000000003', 'mail-outbox', 'created', 0, null, null);
    INSERT INTO pgboss.archive (id, name, state, retry_count, completed_on, output) VALUES
      ('00000000-0000-4000-8000-000000000004', 'reconcile-payments', 'failed', 3, now() - interval '2 days',
       '{"message":"gateway timeout"}'),
      ('00000000-0000-4000-8000-000000000005', 'reconcile-payments', 'failed', 3, now() - interval '9 days',
       '{"message":"too old to show"}');
  `);
}

/** Every failed run (one page large enough for a test's few). */
const failedRuns = async (db: Db) => (await listFailedJobs(db, { page: 0, size: 100 })).content;

const schemaExists = async (t: TestApp, name: string) =>
  (await t.database.executeSql(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [name])).rows.length > 0;

describe('moving from pg-boss 10', () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(2000);
    await t.close();
  });
  const start = async () => {
    const q = createJobQueue({
      database: t.database,
      log: silentLog,
      jobs: [{ name: 'mail-outbox', everySeconds: 3600, run: async () => undefined }],
      pollingIntervalSeconds: 0.5,
    });
    queues.push(q);
    await q.start();
    return q;
  };

  it("keeps the last week's failed runs for the admin and drops the old schema", async () => {
    await legacySchema(t);
    await start();
    expect(await schemaExists(t, 'pgboss')).toBe(false);
    const failed = await failedRuns(t.db);
    expect(failed).toEqual([
      expect.objectContaining({
        id: '00000000-0000-4000-8000-000000000001',
        name: 'mail-outbox',
        retryCount: 3,
        error: 'smtp refused',
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-000000000004',
        name: 'reconcile-payments',
        error: 'gateway timeout',
      }),
    ]);
    expect(await failedJobCount(t.db)).toBe(2);
  });

  it('lists every failed run a page at a time, newest first, beyond the first fifty', async () => {
    await legacySchema(t);
    await t.database.executeSql(`
      INSERT INTO pgboss.job (id, name, state, retry_count, completed_on, output)
      SELECT gen_random_uuid(), 'mail-outbox', 'failed', 3, now() - interval '1 hour' - make_interval(mins => n),
             jsonb_build_object('message', 'failure ' || n)
        FROM generate_series(1, 58) AS n`);
    await start();
    const admin = await createAdminUser(t.app, t.db);
    const page = async (n: number) => {
      const res = await t.app.inject({ url: `/api/jobs/failed?page=${n}&size=20`, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Paged<FailedJob>;
    };
    const [first, last] = [await page(0), await page(2)];
    expect(first).toMatchObject({ totalElements: 60, totalPages: 3, size: 20, number: 0 });
    expect(first.content[0]).toMatchObject({ error: 'smtp refused' });
    expect(first.content[1]).toMatchObject({ error: 'failure 1' });
    expect(last.content).toHaveLength(20);
    expect(last.content.at(-1)).toMatchObject({ error: 'gateway timeout' });
    const all = [...first.content, ...(await page(1)).content, ...last.content].map((j) => j.id);
    expect(new Set(all).size).toBe(60);
    expect(
      (await t.app.inject({ url: '/api/jobs/failed?size=1000', headers: admin.headers })).statusCode,
    ).toBe(400);
  });

  it('keeps the old schema while a process still running pg-boss 10 beats, and carries the runs over once', async () => {
    await legacySchema(t);
    await t.database.executeSql(
      `INSERT INTO pgboss.zevar_worker (id, seen_on) VALUES ('old-process', now())`,
    );
    await (await start()).stop(2000);
    await start();
    expect(await schemaExists(t, 'pgboss')).toBe(true);
    expect((await failedRuns(t.db)).map((j) => j.id)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000004',
    ]);
  });
});
