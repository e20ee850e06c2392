import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/*
 * A hot statement's SQL built once per process (decision 0102). Drizzle builds a query's text and
 * parameter list again on every call (its `sql` chunks, `is` checks, the selection): about a third of
 * the main thread's CPU on a paid order. Its `.prepare()` builds once, but the prepared query keeps
 * the client of the session it was built on (the pool, or the PGlite instance): run inside
 * `db.transaction`, it would run outside the transaction, on another connection. Here the query is
 * built once with placeholders, and each call runs that same prepared query on the session of the
 * `db` or `tx` it is given: its client (the transaction's connection), its logger (the statement
 * counter) and its cache. Everything else (the text, the parameters, the selected fields and how a
 * row is mapped) is the built query's, exactly as drizzle would have run it.
 *
 * Values reach the driver as drizzle passes them: a placeholder in `insert().values()` or
 * `update().set()` is encoded by its column (JSON for jsonb, dates for timestamps); one in a condition
 * (`eq(column, p.x)`) or in an `sql` template goes to the driver unencoded (as `sql.placeholder`
 * always does), so pass what the driver takes there (strings, numbers, Dates for timestamptz, arrays
 * for `= any(...)`). A column with a `$defaultFn` or `$onUpdateFn` would be evaluated once, at build
 * time: such a column must be given a placeholder in a built-once insert or update (the schema has
 * none today).
 */

/**
 * Named placeholders, one per value the statement takes: `p.orderId` is `sql.placeholder('orderId')`.
 * Typed `never` so that drizzle's builders take one wherever a value goes: `update().set()` takes a
 * placeholder at run time (encoded by its column, as in `insert().values()`) but not in its types.
 * A call without one of its values is refused by drizzle ("No value for placeholder").
 */
export type Placeholders<K extends string> = { readonly [N in K]: never };

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Prepared<R> };

/** What a driver's session and prepared query hold that a call swaps in (drizzle 0.44, node-postgres and PGlite). */
type SessionParts = { client: unknown; logger: unknown; cache: unknown };
const PARTS = ['client', 'logger', 'cache'] as const;

function sessionOf(db: DbOrTx): SessionParts & object {
  const session = (db as unknown as { _: { session: SessionParts } })._.session;
  for (const part of PARTS)
    if (!(part in session))
      throw new Error(`drizzle session without ${part}: built-once statements need updating`);
  return session;
}

const placeholders = new Proxy(
  {},
  { get: (_, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined) },
);

/**
 * `builtOnce((db, p: Placeholders<'id'>) => db.select(...).where(eq(t.id, p.id)))` returns
 * `(dbOrTx, { id })` that runs the statement on `dbOrTx`'s connection, building it on the first call
 * only (once per driver: node-postgres and PGlite build differently typed queries).
 */
export function builtOnce<K extends string, R>(
  build: (db: DbOrTx, p: Placeholders<K>) => Preparable<R>,
): (db: DbOrTx, values: Record<K, unknown>) => Promise<R> {
  const built = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let query = built.get(session.constructor);
    if (!query) {
      // No name: node-postgres's connections name a statement by its text (`preparing`, decision 0089).
      query = build(db, placeholders as Placeholders<K>).prepare(undefined as unknown as string);
      for (const part of PARTS)
        if (!Object.hasOwn(query, part))
          throw new Error(`drizzle prepared query without ${part}: built-once statements need updating`);
      built.set(session.constructor, query);
    }
    const onSession: Prepared<R> = Object.create(query, {
      client: { value: session.client },
      logger: { value: session.logger },
      cache: { value: session.cache },
    });
    return onSession.execute(values);
  };
}

/** At most this many shapes of one statement are kept; beyond, a shape is built on every call. */
export const MAX_SHAPES = 32;

/**
 * A statement whose text depends on its call's shape (the columns an insert is given, how many rows,
 * a plan's visibility rule): built once per shape (`shapeKey` names it), then as `builtOnce`.
 */
export function builtPerShape<S, K extends string, R>(
  shapeKey: (shape: S) => string,
  build: (db: DbOrTx, p: Placeholders<K>, shape: S) => Preparable<R>,
): (db: DbOrTx, shape: S, values: Record<K, unknown>) => Promise<R> {
  const shapes = new Map<string, (db: DbOrTx, values: Record<K, unknown>) => Promise<R>>();
  return (db, shape, values) => {
    const key = shapeKey(shape);
    let run = shapes.get(key);
    if (!run) {
      if (shapes.size >= MAX_SHAPES)
        return build(db, placeholders as Placeholders<K>, shape)
          .prepare(undefined as unknown as string)
          .execute(values);
      run = builtOnce<K, R>((d, p) => build(d, p, shape));
      shapes.set(key, run);
    }
    return run(db, values);
  };
}

/**
 * Plain SQL built once: `(dbOrTx, values)` answers what `dbOrTx.execute(query)` answers (the driver's
 * result, `rows` as objects).
 */
export function builtOnceSql<K extends string, R = { rows: unknown[] }>(
  build: (p: Placeholders<K>) => SQL,
): (db: DbOrTx, values: Record<K, unknown>) => Promise<R> {
  return builtOnce<K, R>((db, p) => ({
    prepare: () => {
      const d = db as unknown as {
        dialect: { sqlToQuery(query: SQL): unknown };
        _: {
          session: {
            prepareQuery(query: unknown, fields: undefined, name: undefined, arrayMode: false): Prepared<R>;
          };
        };
      };
      return d._.session.prepareQuery(d.dialect.sqlToQuery(build(p)), undefined, undefined, false);
    },
  }));
}
