import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { connectPostgres } from './db/client';
import { prepareDatabase } from './prepare-database';
import { pendingMigrations } from './db/migrate';
import { testConfig } from '../test/test-app';
import { adminEnv, tally, unrenderedDemoImages } from '../test/start-up-fixtures';
import { planProducts } from './db/seed/demo-products';

// The start-up's work on PostgreSQL, where several server processes share one database (on PGlite,
// one process by nature: prepare-database.test.ts).
describe('start-up work', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'three processes starting at the same moment on one empty PostgreSQL migrate once, with one admin and one seed',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `zevar_start_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      const processes = [1, 2, 3].map(() => connectPostgres(dbUrl.toString(), () => undefined));
      try {
        // Each "process" has its own pool and its own DATA_DIR, as separate machines would.
        const results = await Promise.all(
          processes.map((p) => {
            const config = testConfig(adminEnv);
            return prepareDatabase(p, config, unrenderedDemoImages(config));
          }),
        );
        expect(results.filter((r) => r.createdAdmin)).toHaveLength(1);
        expect(results.filter((r) => r.demoAccounts)).toHaveLength(1);
        const [solo] = processes;
        expect((await tally(solo!)).admins).toBe(1);
        expect((await tally(solo!)).products).toBe(planProducts().length);
        expect(await pendingMigrations(solo!.db)).toBe(0);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    180_000,
  );
});
