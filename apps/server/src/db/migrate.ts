import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { queryRows, type Database, type Db } from './client';

/**
 * apps/server/drizzle, found upwards from `fromDir`: the server runs from src/db/ (tsx, tests) and
 * from the bundle in dist/ (`npm start`, scripts/build-server.mjs).
 */
export function findMigrationsDir(fromDir: string): string {
  let dir = fromDir;
  while (!existsSync(path.join(dir, 'drizzle/meta/_journal.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`apps/server/drizzle (the migrations) not found above ${fromDir}`);
    dir = up;
  }
  return path.join(dir, 'drizzle');
}

export const MIGRATIONS_DIR = findMigrationsDir(path.dirname(fileURLToPath(import.meta.url)));

/** Applies the committed migrations; safe to run at every start. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}

/** How many committed migrations the database has not applied yet (drizzle records each it applies). */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const rows = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return Math.max(0, journal.entries.length - (rows[0]?.applied ?? 0));
}
