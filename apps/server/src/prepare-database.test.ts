import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectPglite } from './db/client';
import { prepareDatabase } from './prepare-database';
import { pendingMigrations } from './db/migrate';
import { testConfig } from '../test/test-app';
import { adminEnv, tally, unrenderedDemoImages } from '../test/start-up-fixtures';

// On PGlite whatever database the run is given (TEST_DATABASE_URL): `npm test` runs this file in the
// PGlite lane only (apps/server/test/pglite-only.txt). The same start-up on PostgreSQL, three
// processes at once: prepare-database-concurrent.test.ts.
describe('start-up work', () => {
  // Migrating a new PGlite from nothing takes 8 s on CI and took 78 s at a load average of 25 on 2
  // cores: the same 120 s as the seeded start below.
  it('migrates and creates the first admin once, however often it runs', async () => {
    const database = await connectPglite(undefined);
    const config = testConfig({ ...adminEnv, SEED_DEMO: 'false' });
    try {
      expect(await prepareDatabase(database, config)).toEqual({ createdAdmin: true, demoAccounts: null });
      expect(await prepareDatabase(database, config)).toEqual({ createdAdmin: false, demoAccounts: null });
      expect(await tally(database)).toEqual({ admins: 1, products: 0 });
      expect(await pendingMigrations(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('a restart on a seeded database neither seeds nor migrates again (nothing left to do but open it)', async () => {
    const database = await connectPglite(undefined);
    const config = testConfig(adminEnv);
    try {
      const images = unrenderedDemoImages(config);
      const first = await prepareDatabase(database, config, images);
      expect(first.demoAccounts?.length).toBeGreaterThan(0);
      const before = await tally(database);
      const applied = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(await prepareDatabase(database, config, images)).toEqual({
        createdAdmin: false,
        demoAccounts: null,
      });
      expect(await tally(database)).toEqual(before);
      // Each migration is recorded once: the second start applied none again.
      expect(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      ).toEqual(applied);
      expect(await pendingMigrations(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
