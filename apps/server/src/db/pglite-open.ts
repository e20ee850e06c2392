import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL settings of the embedded database (decision 0082). PGlite's WebAssembly memory never
 * shrinks and is resident once touched, so every buffer PostgreSQL sizes at start, or grows to once,
 * stays in the process's RSS: `shared_buffers` is 128 MB by default, far beyond a shop's embedded
 * database (the demo's is about 15 MB of tables and indexes), whose files the operating system caches
 * as well.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  wal_buffers: '512kB',
  maintenance_work_mem: '16MB',
} as const;

/** Opens (or creates) an embedded database with the extensions and settings the app expects. */
export function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    dataDir: dataDir ? path.resolve(dataDir) : undefined,
    loadDataDir,
    // pg_trgm backs the substring searches (ILIKE '%…%') with GIN indexes, as on PostgreSQL.
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
}
