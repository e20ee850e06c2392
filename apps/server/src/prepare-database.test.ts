import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { connectPglite, connectPostgres, type Database } from './db/client';
import type { Config } from './env';
import { createImageStore, createStorage, type ImageStore } from './lib/image-store';
import { products, users } from './db/schema';
import { prepareDatabase } from './prepare-database';
import { pendingMigrations } from './db/migrate';
import { testConfig } from '../test/test-app';
import { planProducts } from './db/seed/demo-products';

const adminEnv = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Owner@Pass1', SEED_DEMO: 'true' };

/**
 * The configured image store, except that the demo seed's pictures are stored as the SVG they are
 * drawn from instead of being rendered to WebP by sharp: about 20 s of CPU a seed (273 pictures) that
 * these tests of the start-up's order of work do not look at. The pictures themselves (rendered,
 * stored, referenced) are seed-demo.test.ts's subject, with the real store.
 */
function unrenderedDemoImages(config: Config): ImageStore {
  const storage = createStorage(config);
  return {
    ...createImageStore(storage),
    saveEncoded: async (input: Buffer) => {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await storage.put(name, input, 'image/svg+xml');
      return name;
    },
  };
}

async function tally(database: Database) {
  const [admins] = await database.db.select({ n: count() }).from(users).where(eq(users.username, 'owner'));
  const [catalogue] = await database.db.select({ n: count() }).from(products);
  return { admins: admins!.n, products: catalogue!.n };
}

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
