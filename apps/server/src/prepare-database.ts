import type { Config } from './env';
import type { Database } from './db/client';
import { migrate } from './db/migrate';
import { ensureFirstAdmin } from './bootstrap';
import { seedDemoIfEmpty, type DemoAccount } from './db/seed/seed-demo';
import type { ImageStore } from './lib/image-store';
import { repriceProducts, gstBasisPoints } from './modules/products';
import { allPurityRates } from './modules/metals';

/** Key of the advisory lock that start-up work runs under (any fixed number; 'zevar' in ASCII). */
export const STARTUP_LOCK_KEY = 0x7a65766172;

export type PreparedDatabase = {
  createdAdmin: boolean;
  /** Demo accounts with their generated passwords, when this start seeded an empty database. */
  demoAccounts: DemoAccount[] | null;
};

/**
 * Migrations, the first admin and demo data, under one advisory lock: processes started together on
 * one empty database take turns, so the schema is migrated once and there is one admin and one seed.
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  /** Where the demo seed stores its pictures; by default the configured storage, as `npm start` does. */
  demoImages?: ImageStore,
): Promise<PreparedDatabase> {
  return database.withLock(STARTUP_LOCK_KEY, async () => {
    await migrate(database);
    const createdAdmin = await ensureFirstAdmin(database.db, config);
    const demoAccounts = config.seedDemo ? await seedDemoIfEmpty(database.db, config, demoImages) : null;
    // Stored prices follow today's rates and GST_RATE_PERCENT (which may differ from the last start).
    await database.db.transaction(async (tx) =>
      repriceProducts(tx, await allPurityRates(tx), gstBasisPoints(config), new Date()),
    );
    return { createdAdmin, demoAccounts };
  });
}
