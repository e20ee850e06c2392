import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** How the names of this run's copies of the PostgreSQL template begin (see test-app.ts). */
    postgresCopyPrefix: string;
  }
}

export const PG_TEMPLATE_DB = 'zevar_test_template';

/** Migrates once: a PGlite data dir dump, or a PostgreSQL template database that each test file copies. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${PG_TEMPLATE_DB}`;
    const database = connectPostgres(templateUrl.toString());
    await migrate(database);
    await database.close();
    project.provide('postgresTemplate', PG_TEMPLATE_DB);
    project.provide('pgliteTemplate', '');
    const prefix = `zevar_t_${randomBytes(3).toString('hex')}_`;
    project.provide('postgresCopyPrefix', prefix);
    // Each worker makes one copy ahead that no file takes (test-app.ts): dropped when the run ends.
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // A copy a worker had begun when it ended is finished by the server all the same: wait for it.
        const copying = async () =>
          (
            await client.query(`SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1`, [
              `CREATE DATABASE ${prefix}%`,
            ])
          ).rowCount !== 0;
        for (let waited = 0; waited < 30_000 && (await copying()); waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const left = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE $1`,
          [`${prefix}%`],
        );
        for (const { datname } of left.rows)
          await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
  }
  const database = await connectPglite(undefined);
  await migrate(database);
  const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zevar-tmpl-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  project.provide('postgresCopyPrefix', '');
}
