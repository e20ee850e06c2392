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
    return;
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
}
