import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/*
 * Named prepared statements for PGlite (docs/decisions/0075). PGlite's `query` parses, analyses and
 * plans its text again on every call (the unnamed statement), and drizzle's PGlite driver drops the
 * name a `.prepare(name)` gives; on PostgreSQL, node-postgres keeps such statements prepared per
 * connection. PGlite runs every statement on the event loop, so planning a storefront product read
 * (about two thirds of its time) delayed every other request. Here a repeated read is parsed once
 * as a named statement and then only bound and executed; after five runs PostgreSQL's plan cache
 * keeps a generic plan when it costs no more than the custom ones (as for any prepared statement).
 */

/** Reads only: a write's answer never depends on a cached plan, and it is rarely repeated outside a transaction. */
const READ = /^\s*(select|with)\b/i;
/** Statements kept at once; the least recently used is deallocated beyond this. */
export const MAX_PREPARED = 200;

const s = protocol.serialize;

type Prepared = { name: string; paramTypes: number[] };
/** Names are unique in the process, so two wrappers of one client never take each other's. */
let counter = 0;

/**
 * A PGlite client for drizzle whose parametrised reads outside a transaction run as named prepared
 * statements (the first run of a text prepares it); everything else goes to the client unchanged.
 */
export function withPreparedReads(client: PGlite, max = MAX_PREPARED): PGlite {
  const prepared = new Map<string, Prepared>();

  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    // The same mutexes as `query`: never inside another caller's transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages = [];
        try {
          let statement = prepared.get(text);
          if (statement) {
            // Most recently used last.
            prepared.delete(text);
            prepared.set(text, statement);
          } else {
            if (prepared.size >= max) {
              const [oldestText, oldest] = prepared.entries().next().value!;
              prepared.delete(oldestText);
              await client.execProtocol(s.close({ type: 'S', name: oldest.name }), { syncToFs: false });
            }
            const name = `zevar_read_${++counter}`;
            await client.execProtocol(s.parse({ name, text, types: options?.paramTypes }), {
              syncToFs: false,
            });
            const described = await client.execProtocol(s.describe({ type: 'S', name }), { syncToFs: false });
            statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
            prepared.set(text, statement);
          }
          const paramTypes = statement.paramTypes;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = options?.serializers?.[paramTypes[i]!] ?? client.serializers[paramTypes[i]!];
            if (serialize) return serialize(value);
            // PGlite sends a value without a serializer as its text; an object as JSON.
            return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
          });
          for (const message of [
            s.bind({ statement: statement.name, values }),
            s.describe({ type: 'P' }),
            s.execute({}),
          ])
            messages.push(...(await client.execProtocol(message, { syncToFs: false })).messages);
        } finally {
          await client.execProtocol(s.sync(), { syncToFs: false });
        }
        return parse.parseResults(messages, client.parsers, options)[0]!;
      }),
    );
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          params && params.length > 0 && READ.test(text) && !options?.blob
            ? run(text, params, options)
            : target.query(text, params, options);
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
