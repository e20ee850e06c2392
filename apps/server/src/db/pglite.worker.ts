/**
 * The thread that owns the embedded database (pglite-thread.ts, decision 0103): it opens PGlite, runs
 * each statement a message asks for and answers its result or its error under the message's id.
 * Bundled on its own as dist/pglite-worker.mjs (scripts/build-server.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-open';
import { withPreparedReads } from './pglite-prepared';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, ThreadError } from './pglite-thread';

const port = parentPort;
if (!port) throw new Error('pglite.worker.ts runs as a worker thread');

/** An error as plain data: PostgreSQL's fields (code, constraint, detail…) cross with it. */
function errorData(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {}, database: false };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(err))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return {
    message: err.message,
    name: err.name,
    stack: err.stack,
    fields,
    // PGlite's errors from PostgreSQL carry a severity (DatabaseError); its own (a closed database) do not.
    database: typeof (err as { severity?: unknown }).severity === 'string',
  };
}

/** Parsers that leave the given types as PostgreSQL's text (what drizzle asks for dates and intervals). */
const rawParsers = new Map<string, QueryOptions['parsers']>();
function parsersLeaving(raw: number[] | undefined): QueryOptions['parsers'] {
  if (!raw || raw.length === 0) return undefined;
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(raw.map((oid) => [oid, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** A transaction the main thread holds open: its statements come with its id, until it ends. */
type Open = { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> };
/** Thrown into PGlite's transaction to roll it back when the main thread asks to; not an error there. */
const ROLLED_BACK = new Error('rolled back by the main thread');

async function serve(pg: PGlite) {
  const client = withPreparedReads(pg);
  const transactions = new Map<number, Open>();
  let nextTransaction = 1;

  const target = (tx: number | undefined) => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /** Opens a transaction (waiting, as PGlite does, for the one before to end); its id. */
  async function begin(): Promise<number> {
    const id = nextTransaction++;
    let began!: () => void;
    const inside = new Promise<void>((resolve) => (began = resolve));
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (finish = resolve));
    const done: Promise<void> = pg.transaction(async (tx) => {
      transactions.set(id, { tx, finish, done });
      began();
      // A throw makes PGlite roll back; the rollback the main thread asked for is no error.
      if (!(await ended)) throw ROLLED_BACK;
    });
    // BEGIN itself failing (a closed database) fails the request.
    await Promise.race([inside, done]);
    return id;
  }

  async function end(tx: number, commit: boolean): Promise<null> {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    transactions.delete(tx);
    open.finish(commit);
    try {
      await open.done;
    } catch (err) {
      if (err !== ROLLED_BACK) throw err;
    }
    return null;
  }

  async function handle(m: PgliteRequest): Promise<unknown> {
    switch (m.op) {
      case 'query':
        return target(m.tx).query(m.text, m.params, {
          rowMode: m.rowMode,
          parsers: parsersLeaving(m.raw),
          paramTypes: m.paramTypes,
        });
      case 'exec':
        return target(m.tx).exec(m.text, { rowMode: m.rowMode, parsers: parsersLeaving(m.raw) });
      case 'begin':
        return begin();
      case 'end':
        return end(m.tx, m.commit);
      case 'rollback': {
        const open = transactions.get(m.tx);
        if (!open) throw new Error('Transaction is closed');
        await open.tx.rollback();
        return null;
      }
      case 'dump': {
        const dump = await pg.dumpDataDir(m.compression);
        return new Uint8Array(await dump.arrayBuffer());
      }
      case 'close':
        // Transactions left open end with the database.
        for (const open of transactions.values()) open.finish(false);
        transactions.clear();
        await pg.close();
        return null;
    }
  }

  port!.on('message', (m: PgliteRequest) => {
    // Every request runs at once: a transaction's statements must reach it while it is open, and
    // PGlite's own mutexes keep the rest waiting (as they did on the main thread).
    handle(m).then(
      (result) => {
        const reply: PgliteReply = { id: m.id, result };
        port!.postMessage(reply, result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : []);
      },
      (err: unknown) => {
        const reply: PgliteReply = { id: m.id, error: errorData(err) };
        port!.postMessage(reply);
      },
    );
  });
}

const data = workerData as PgliteWorkerData;
openPglite(data.dataDir, data.loadDataDir ? new Blob([data.loadDataDir]) : undefined).then(
  async (pg) => {
    await serve(pg);
    port.postMessage({ id: 0, result: 'ready' } satisfies PgliteReply);
  },
  (err: unknown) => port.postMessage({ id: 0, error: errorData(err) } satisfies PgliteReply),
);
