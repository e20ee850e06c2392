import { sql, type Placeholder } from 'drizzle-orm';
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

/** Named placeholders, one per value the statement takes: `p.orderId` is `sql.placeholder('orderId')`. */
export type Placeholders<K extends string> = { readonly [N in K]: Placeholder<N> };

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Prepared<R> };

/** What a driver's session and prepared query hold that a call swaps in (drizzle 0.44, node-postgres and PGlite). */
type SessionParts = { client: unknown; logger: unknown; cache: unknown };
const PARTS = ['client', 'logger', 'cache'] as const;

function sessionOf(db: DbOrTx): SessionParts & object {
  const session = (db as unknown as { _: { session: SessionParts } })._.session;
  for (const part of PARTS)
    if (!(part in session)) throw new Error(`drizzle session without ${part}: built-once statements need updating`);
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
