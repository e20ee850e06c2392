import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite-open';

/*
 * Carries an embedded database made by PGlite 0.3 (PostgreSQL 17 files) over to the PGlite this
 * server runs (0.5, PostgreSQL 18), which cannot open it (docs/decisions/0082). At start, before the
 * database is opened: the old files are opened with PGlite 0.3 (kept as the `pglite-v03` alias),
 * dumped with pg_dump (`pglite-tools-v03`, its WebAssembly build for PGlite 0.3), restored into a new
 * directory, checked table by table, and swapped in; the old directory is kept beside it.
 *
 * Every step before the swap writes only to `<dir>.upgrading`, so a crash there leaves the old
 * directory as it was, and the next start begins again. The copy, once checked and written to disk,
 * is renamed `<dir>.upgraded`; then `<dir>` becomes the backup and `<dir>.upgraded` becomes `<dir>`.
 * A crash between those two renames leaves no `<dir>` but a complete `<dir>.upgraded`, which the next
 * start renames into place.
 */

/** The PostgreSQL major version (PG_VERSION) of the files this server's PGlite makes and opens. */
export const PGLITE_PG_MAJOR = '18';
/** The major version of PGlite 0.3's files, the ones carried over. */
const OLD_PG_MAJOR = '17';

type Fingerprint = Map<string, string>;

/**
 * What the copy must reproduce: per table its row count and a digest of its rows (each row's text,
 * hashed and sorted, so the order rows are stored in does not matter), and every sequence's value.
 */
async function fingerprint(db: Pick<PGlite, 'query'>): Promise<Fingerprint> {
  const out: Fingerprint = new Map();
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      order by 1`,
  );
  for (const { name } of tables.rows) {
    const { rows } = await db.query<{ n: number; h: string }>(
      `select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as h
         from ${name} t`,
    );
    out.set(`table ${name}`, `${rows[0]!.n} rows, ${rows[0]!.h}`);
  }
  const sequences = await db.query<{ name: string; value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences`,
  );
  for (const { name, value } of sequences.rows) out.set(`sequence ${name}`, value ?? 'not called');
  return out;
}

function differences(before: Fingerprint, after: Fingerprint): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((k) => before.get(k) !== after.get(k))
    .map((k) => `${k}: ${before.get(k) ?? 'missing'} → ${after.get(k) ?? 'missing'}`);
}

/** Flushes every file and directory under `dir` (and `dir` itself) to disk. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(p);
    else if (entry.isFile()) syncPath(p);
  }
  syncPath(dir);
}

function syncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function freeName(base: string): string {
  if (!existsSync(base)) return base;
  for (let i = 2; ; i++) if (!existsSync(`${base}-${i}`)) return `${base}-${i}`;
}

/** Dumps the PGlite 0.3 database in `dir` as SQL that PostgreSQL 18 runs, with the old database's fingerprint. */
async function dumpOld(dir: string): Promise<{ sql: string; before: Fingerprint }> {
  // Loaded only here: a start on current files never loads the old PGlite.
  const [{ PGlite: PGlite03 }, { pg_trgm: pgTrgm03 }, { pgDump }] = await Promise.all([
    import('pglite-v03'),
    import('pglite-v03/contrib/pg_trgm'),
    import('pglite-tools-v03/pg_dump'),
  ]);
  const old = await PGlite03.create({ dataDir: dir, extensions: { pg_trgm: pgTrgm03 } });
  try {
    const before = await fingerprint(old);
    const file = await pgDump({
      // pglite-tools 0.2 is PGlite 0.3's own pg_dump; its types name the PGlite installed under
      // that name, which is 0.5 here (package.json's overrides), so the instance is cast.
      pg: old as unknown as PGlite,
      // Owners and grants are the single user's anyway; a thousand rows an INSERT restores faster.
      args: ['--no-owner', '--no-privileges', '--rows-per-insert=1000'],
    });
    // pgDump resets the session without waiting; let that finish before closing.
    await old.query('select 1');
    return { sql: await file.text(), before };
  } finally {
    await old.close();
  }
}

/**
 * Makes sure `dir` (the embedded database's directory) holds files this server's PGlite opens,
 * carrying a PGlite 0.3 database over when it finds one. Does nothing for a current or missing one.
 */
export async function upgradePgliteDataDir(dir: string, log: (line: string) => void): Promise<void> {
  const work = `${dir}.upgrading`;
  const ready = `${dir}.upgraded`;
  const versionFile = path.join(dir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    if (existsSync(ready)) {
      // A start stopped between the two renames: the checked copy is complete, the old one kept.
      if (existsSync(dir)) {
        if (readdirSync(dir).length > 0)
          throw new Error(
            `${dir} has files but no PG_VERSION, and ${ready} holds a carried-over copy of the database: move one of them away`,
          );
        rmSync(dir, { recursive: true });
      }
      renameSync(ready, dir);
      syncPath(path.dirname(dir));
      log(`PGlite database: finished moving the carried-over copy into ${dir}`);
    }
    return;
  }
  const major = readFileSync(versionFile, 'utf8').trim();
  if (major === PGLITE_PG_MAJOR) return;
  if (major !== OLD_PG_MAJOR)
    throw new Error(
      `${dir} holds PostgreSQL ${major} files: this server opens PostgreSQL ${PGLITE_PG_MAJOR} ones (PGlite 0.5) and carries over PostgreSQL ${OLD_PG_MAJOR} ones (PGlite 0.3)`,
    );

  log(
    `PGlite database in ${dir} was made by PGlite 0.3 (PostgreSQL ${OLD_PG_MAJOR}): copying it to PGlite 0.5 (PostgreSQL ${PGLITE_PG_MAJOR}); the old files are kept`,
  );
  const started = Date.now();
  // What an earlier, interrupted carry-over left: never swapped in, so the old directory is intact.
  rmSync(work, { recursive: true, force: true });
  rmSync(ready, { recursive: true, force: true });

  const { sql, before } = await dumpOld(dir);
  const copy = await openPglite(work);
  let after: Fingerprint;
  try {
    // One simple-query message: PostgreSQL runs it as one transaction, all or nothing.
    await copy.exec(sql);
    after = await fingerprint(copy);
  } finally {
    await copy.close();
  }
  const wrong = differences(before, after);
  if (wrong.length > 0)
    throw new Error(
      `the copy of the PGlite 0.3 database differs from it, so it was not used (${dir} is unchanged; the copy is in ${work}):\n  ${wrong.join('\n  ')}`,
    );
  syncTree(work);
  renameSync(work, ready);
  syncPath(path.dirname(dir));

  const backup = freeName(`${dir}-0.3-backup`);
  renameSync(dir, backup);
  renameSync(ready, dir);
  syncPath(path.dirname(dir));
  const tables = [...before.keys()].filter((k) => k.startsWith('table ')).length;
  log(
    `PGlite database carried over to PGlite 0.5 in ${Math.round((Date.now() - started) / 1000)} s: ${tables} tables, every row checked; the PGlite 0.3 files are kept in ${backup} (remove it once the shop runs well)`,
  );
}
