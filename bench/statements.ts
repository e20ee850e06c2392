/**
 * Statements each storefront call sends on a cache miss, counted through the database client: an
 * in-process app on the same database (serving the built web app too, so a page's HTML is counted
 * with the answers it embeds), its caches emptied before each call.
 */
import { parseEnv } from '../apps/server/src/env';
import { resolveConfig } from '../apps/server/src/bootstrap';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { ALL_CACHE_TAGS } from '../apps/server/src/lib/cache/invalidation';

export async function statementsPerMiss(
  database: Database,
  env: Record<string, string>,
  paths: string[],
): Promise<Map<string, number>> {
  const config = resolveConfig(parseEnv({ ...env, LOG_LEVEL: 'silent' }));
  const app = await buildApp({ config, database, logger: false, serveWeb: true });
  await app.ready();
  const counts = new Map<string, number>();
  try {
    for (const path of paths) {
      // As after an admin write: every cached answer, page and shop plan gone.
      await app.publicCache.invalidate(ALL_CACHE_TAGS);
      const before = database.statements.count;
      const res = await app.inject({ method: 'GET', url: path });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      counts.set(path, database.statements.count - before);
    }
  } finally {
    await app.close();
  }
  return counts;
}
