import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite03 } from 'pglite-v03';
import { pg_trgm as pgTrgm03 } from 'pglite-v03/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectPglite, queryRows, type Database } from './client';
import { MIGRATIONS_DIR, pendingMigrations } from './migrate';
import { PGLITE_SETTINGS } from './pglite-open';
import { PGLITE_PG_MAJOR, upgradePgliteDataDir } from './pglite-upgrade';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Values whose text, types or storage a dump and restore could get wrong. */
const GEMS = `
  create table gems (id serial primary key, name text not null, price_paise bigint, carat numeric(8,3),
    seen timestamptz, facts jsonb, tags text[], picture bytea, weight double precision);
  create index gems_name_trgm on gems using gin (name gin_trgm_ops);
  insert into gems (name, price_paise, carat, seen, facts, tags, picture, weight) values
    ('Ruby', 1200050, 1.250, '2026-01-02T03:04:05.123456Z', '{"origin":"Burma","n":[1,2.5]}', '{red,hard}', '\\x00ff10', 0.1),
    ('Pearl''s "quote" ; -- and a line
break', 30000, null, null, null, '{}', null, 1e-7),
    ('नवरत्न हार', 9223372036854775807, 999.999, '1999-12-31T23:59:59Z', '[]', '{"a b",NULL}', '\\x', -0.0);
  select setval('gems_id_seq', 41);
`;

async function makeOldDatabase(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const old = await PGlite03.create({ dataDir: dir, extensions: { pg_trgm: pgTrgm03 } });
  try {
    // The app's own schema (tables, triggers, functions, trigram indexes) as PGlite 0.3 holds it.
    await migratePglite(drizzle(old as never), { migrationsFolder: MIGRATIONS_DIR });
    await old.exec(GEMS);
  } finally {
    await old.close();
  }
}

async function gems(database: Database) {
  return queryRows<Record<string, unknown>>(
    database.db,
    sql`select id, name, price_paise::text, carat::text, seen::text, facts::text, tags::text, encode(picture, 'hex') as picture,
          weight::text from gems order by id`,
  );
}

describe('carrying a PGlite 0.3 database over to PGlite 0.5 (decision 0082)', () => {
  let root: string;
  let template: string;
  let expected: Record<string, unknown>[];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'zevar-pglite-upgrade-'));
    template = path.join(root, 'template', 'pglite');
    await makeOldDatabase(template);
    expect(readFileSync(path.join(template, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    const old = await PGlite03.create({ dataDir: template, extensions: { pg_trgm: pgTrgm03 } });
    expected = (
      await old.query<Record<string, unknown>>(
        `select id, name, price_paise::text, carat::text, seen::text, facts::text, tags::text, encode(picture, 'hex') as picture,
           weight::text from gems order by id`,
      )
    ).rows;
    await old.close();
    expect(expected).toHaveLength(3);
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh copy of the old database, as a shop's DATA_DIR holds it. */
  function oldDataDir(name: string): string {
    const dataDir = path.join(root, name);
    mkdirSync(dataDir);
    cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    return dataDir;
  }

  it('is needed: PGlite 0.5 cannot open the old files', async () => {
    const dataDir = oldDataDir('unreadable');
    await expect(connectPglite(path.join(dataDir, 'pglite'))).rejects.toThrow();
  }, 120_000);

  it('copies every row, sequence and the schema at start, keeps the old files, and says so', async () => {
    const dataDir = oldDataDir('carried');
    const lines: string[] = [];
    const database = await connect({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe(PGLITE_PG_MAJOR);
      expect(await gems(database)).toEqual(expected);
      expect(await pendingMigrations(database.db)).toBe(0);
      // The sequence goes on where it was, and the app's tables take rows.
      const [next] = await queryRows<{ id: number }>(
        database.db,
        sql`insert into gems (name) values ('Emerald') returning id`,
      );
      expect(next!.id).toBe(42);
      const [count] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from categories`,
      );
      expect(count!.n).toBe(0);
      // The trigram index came over (pg_trgm is loaded in the new database too).
      const [index] = await queryRows<{ def: string }>(
        database.db,
        sql`select indexdef as def from pg_indexes where indexname = 'gems_name_trgm'`,
      );
      expect(index!.def).toContain('gin_trgm_ops');
    } finally {
      await database.close();
    }
    const backup = path.join(dataDir, 'pglite-0.3-backup');
    expect(readFileSync(path.join(backup, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(path.join(dataDir, 'pglite.upgrading'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pglite.upgraded'))).toBe(false);
    expect(lines.join('\n')).toMatch(
      /made by PGlite 0\.3[\s\S]*carried over to PGlite 0\.5.*pglite-0\.3-backup/,
    );

    // A later start finds current files and leaves them alone.
    const again: string[] = [];
    await upgradePgliteDataDir(path.join(dataDir, 'pglite'), (line) => again.push(line));
    expect(again).toEqual([]);

    // A start stopped between the two renames (old files already kept aside) finishes the move.
    renameSync(path.join(dataDir, 'pglite'), path.join(dataDir, 'pglite.upgraded'));
    const finished: string[] = [];
    const reopened = await connect({ dataDir, log: (line) => finished.push(line) });
    try {
      expect((await gems(reopened)).map((g) => g.name)).toEqual([...expected.map((g) => g.name), 'Emerald']);
    } finally {
      await reopened.close();
    }
    expect(finished.join('\n')).toMatch(/finished moving/);
  }, 240_000);

  it('leaves the old database usable when the process dies mid-copy, and the next start carries it over', async () => {
    const dataDir = oldDataDir('killed');
    const dir = path.join(dataDir, 'pglite');
    const script = path.join(root, 'upgrade.mts');
    writeFileSync(
      script,
      `import { upgradePgliteDataDir } from ${JSON.stringify(path.join(here, 'pglite-upgrade.ts'))};\n` +
        `await upgradePgliteDataDir(process.argv[2], (line) => console.log(line));\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Killed once the new directory has been created and is being written.
    for (let waited = 0; !existsSync(path.join(`${dir}.upgrading`, 'PG_VERSION')); waited += 50) {
      if (waited > 150_000 || child.exitCode !== null) throw new Error('the carry-over never began writing');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await exited;
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('17');

    // The old database is whole: PGlite 0.3 reads it as before.
    const old = await PGlite03.create({ dataDir: dir, extensions: { pg_trgm: pgTrgm03 } });
    expect((await old.query('select count(*)::int as n from gems')).rows).toEqual([{ n: 3 }]);
    await old.close();

    const database = await connect({ dataDir, log: () => undefined });
    try {
      expect(await gems(database)).toEqual(expected);
      const [settings] = await queryRows<Record<string, string>>(
        database.db,
        sql`select current_setting('shared_buffers') as shared_buffers, current_setting('wal_buffers') as wal_buffers,
              current_setting('maintenance_work_mem') as maintenance_work_mem`,
      );
      // The embedded database runs with the small buffers (the point of the move).
      expect(settings).toEqual(PGLITE_SETTINGS);
    } finally {
      await database.close();
    }
    expect(existsSync(`${dir}.upgrading`)).toBe(false);
  }, 300_000);
});
