import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import type { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread';
import { upgradePgliteDataDir } from './pglite-upgrade';
import type { Notifications } from '../lib/cache/invalidation';

export type Schema = typeof schema;
/** Both drivers behind one type: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;
export type DbKind = 'pglite' | 'postgres';

/** Counts the statements sent through the client (tests assert how many a read costs). */
export type StatementCounter = { count: number };

export type Database = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so processes starting at the same moment
   * on one database take turns. PGlite belongs to one process, so there it simply runs `work`.
   */
  withLock: <T>(key: number, work: () => Promise<T>) => Promise<T>;
  /**
   * Plain SQL for libraries that bring their own statements (the job queue). Text without values may
   * hold several statements: `rowsOf` says whether the answer holds the last one's rows (the default)
   * or every statement's rows in order (what pg-boss expects of `BEGIN; … RETURNING …; COMMIT`).
   */
  executeSql: (text: string, values?: unknown[], rowsOf?: 'last' | 'all') => Promise<{ rows: unknown[] }>;
  statements: StatementCounter;
  /**
   * The same database for public reads, whose every statement PostgreSQL cancels after `timeoutMs`
   * (a second pool whose connections start with `statement_timeout`, so a read costs no extra round
   * trip). PGlite runs one statement at a time in this process and cannot cancel one: the same db.
   */
  publicReads: (timeoutMs: number) => Db;
  /** Messages to every app on this database: NOTIFY on PostgreSQL, in memory on PGlite (one process). */
  notifications: Notifications;
};

function countingLogger(counter: StatementCounter) {
  return { logQuery: () => void (counter.count += 1) };
}

/** Statement texts named so far, shared by every connection of the process (a text keeps its name). */
const statementNames = new Map<string, string>();
/** Texts named at most; beyond this a new text runs unnamed, as before. */
export const MAX_NAMED_STATEMENTS = 1000;

/**
 * Parametrised statements on this connection run as named prepared statements (decision 0089):
 * node-postgres sends Parse once per connection and name, then only Bind and Execute, so PostgreSQL
 * parses and analyses a text once per connection instead of on every call (a paid order sends the
 * same 35 texts every time). Texts without values (several statements, the job queue's) run as before.
 */
export function preparing(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: string) => {
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
      name = `zevar_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    return name;
  };
  (client as { query: unknown }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (!Array.isArray(values) || values.length === 0) return query(config, values, ...rest);
    if (typeof config === 'string') {
      const name = named(config);
      return query(name ? { text: config, name } : config, values, ...rest);
    }
    if (typeof config === 'object' && config !== null) {
      const c = config as { text?: unknown; name?: unknown };
      const name = typeof c.text === 'string' && c.name === undefined ? named(c.text) : undefined;
      return query(name ? { ...c, name } : config, values, ...rest);
    }
    return query(config, values, ...rest);
  };
}

export function connectPostgres(
  url: string,
  onError: (err: Error) => void = (err) => console.error('database connection lost:', err.message),
): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('connect', preparing);
  // An idle connection can be closed by the server (restart, failover, an administrator): the pool
  // replaces it; without a listener Node would treat the event as fatal and stop the process.
  pool.on('error', onError);
  const statements = { count: 0 };
  const db = drizzlePg(pool, { schema, logger: countingLogger(statements) }) as unknown as Db;
  const notifications = postgresNotifications(url, pool, onError);
  const readPools = new Map<number, { pool: pg.Pool; db: Db }>();
  const publicReads = (timeoutMs: number): Db => {
    let reads = readPools.get(timeoutMs);
    if (!reads) {
      const readPool = new pg.Pool({ connectionString: url, max: 10, statement_timeout: timeoutMs });
      readPool.on('error', onError);
      const readDb = drizzlePg(readPool, { schema, logger: countingLogger(statements) }) as unknown as Db;
      readPools.set(timeoutMs, (reads = { pool: readPool, db: readDb }));
    }
    return reads.db;
  };
  const withLock = async <T>(key: number, work: () => Promise<T>): Promise<T> => {
    // The lock belongs to a session, so it is taken and released on one dedicated connection.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  };
  const executeSql = async (text: string, values?: unknown[], rowsOf: 'last' | 'all' = 'last') => {
    const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values);
    if (!Array.isArray(result)) return { rows: result.rows as unknown[] };
    // Several statements answer with one result each.
    return {
      rows: (rowsOf === 'all' ? result.flatMap((r) => r.rows) : (result.at(-1)?.rows ?? [])) as unknown[],
    };
  };
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await notifications.close();
      await Promise.all([pool.end(), ...[...readPools.values()].map((r) => r.pool.end())]);
    },
    withLock,
    executeSql,
    statements,
    publicReads,
    notifications,
  };
}

/**
 * The embedded database, owned by a thread of its own (decision 0103): its statements run there, not
 * on the thread that answers requests. Its repeated reads run as named prepared statements (0075),
 * in the thread.
 */
export async function connectPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const client = await PgliteThread.start({
    dataDir: dataDir ? path.resolve(dataDir) : undefined,
    loadDataDir: loadDataDir ? new Uint8Array(await loadDataDir.arrayBuffer()) : undefined,
  });
  const statements = { count: 0 };
  // drizzle's driver takes a PGlite; it uses the part of one the thread's client has (query,
  // transaction, exec; decision 0103).
  const db = drizzlePglite(client as unknown as PGlite, {
    schema,
    logger: countingLogger(statements),
  }) as unknown as Db;
  const executeSql = async (text: string, values?: unknown[], rowsOf: 'last' | 'all' = 'last') => {
    if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
    // Without values the text may be several statements, which only exec runs.
    const results = await client.exec(text);
    return { rows: rowsOf === 'all' ? results.flatMap((r) => r.rows) : (results.at(-1)?.rows ?? []) };
  };
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    withLock: (_key, work) => work(),
    executeSql,
    statements,
    publicReads: () => db,
    notifications: inProcessNotifications(),
  };
}

export async function connect(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) return connectPostgres(opts.databaseUrl);
  const dir = path.resolve(opts.dataDir, 'pglite');
  // A database made by PGlite 0.3 is carried over first (decision 0082).
  await upgradePgliteDataDir(dir, opts.log ?? console.log);
  return connectPglite(dir);
}

/** Rows of a raw SQL query, whichever driver runs it. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * LISTEN/NOTIFY over one dedicated connection (a pooled one would lose its LISTEN when returned).
 * When that connection drops, it reconnects and reports an empty message: messages sent meanwhile
 * are lost, so listeners must treat it as "anything may have changed".
 */
function postgresNotifications(url: string, pool: pg.Pool, onError: (err: Error) => void): Notifications {
  let client: pg.Client | undefined;
  let closed = false;
  const handlers = new Map<string, (payload: string) => void>();
  const connectListener = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => handlers.get(m.channel)?.(m.payload ?? ''));
    c.on('error', (err) => {
      onError(err);
      if (closed) return;
      client = undefined;
      setTimeout(() => {
        void connectListener()
          .then(() => {
            for (const h of handlers.values()) h('');
          })
          .catch(onError);
      }, 1000).unref();
    });
    await c.connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  let ready: Promise<void> | undefined;
  return {
    async listen(channel, onMessage) {
      handlers.set(channel, onMessage);
      ready ??= connectListener();
      await ready;
      await client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    /**
     * On the listening connection while it is up (decision 0088): from the pool, a message would wait
     * for a connection behind the transactions that fill it in a rush, and every write's answer waits
     * for its message. Messages go one at a time (they are coalesced), so one connection carries them.
     */
    async notify(channel, payload) {
      const own = client;
      if (own) {
        try {
          await own.query('select pg_notify($1, $2)', [channel, payload]);
          return;
        } catch {
          // The connection dropped (it reconnects on its own): the pool sends this one.
        }
      }
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** PGlite lives in one process: every app on the same client hears every message at once. */
function inProcessNotifications(): Notifications {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  return {
    async listen(channel, onMessage) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onMessage]);
    },
    async notify(channel, payload) {
      for (const h of handlers.get(channel) ?? []) h(payload);
    },
    async close() {
      handlers.clear();
    },
  };
}
