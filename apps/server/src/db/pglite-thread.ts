import { Worker } from 'node:worker_threads';
import { messages, type PGlite, type QueryOptions, type Results, type RowMode } from '@electric-sql/pglite';
import { threadExecArgv, workerScript } from '../lib/worker-script';

/*
 * The embedded database on a thread of its own (decision 0103). PGlite is PostgreSQL compiled to
 * WebAssembly: every statement runs synchronously on the thread that calls it. On the request thread,
 * each order's and each read's statements held up every other request (cached storefront reads fell to
 * 9 % of their rate alone at 30 paid orders a second). Here one worker thread owns PGlite; the request
 * thread sends it each statement and awaits the answer, free meanwhile.
 *
 * The client below is what drizzle's PGlite driver and the rest of the server use of a PGlite object:
 * `query` (parsers cross as "leave these types as text", which is all drizzle asks of them), `exec`,
 * `transaction` (the callback runs here, its statements in one PGlite transaction there, other
 * statements wait for it as PGlite's own mutex makes them), `dumpDataDir` and `close`. The named
 * prepared reads (pglite-prepared.ts) run in the thread, around its PGlite.
 */

/** What the thread is started with. */
export type PgliteWorkerData = { dataDir?: string; loadDataDir?: Uint8Array };

type Compression = Parameters<PGlite['dumpDataDir']>[0];

/** A request to the thread; `tx` names the open transaction a statement belongs to. */
export type PgliteRequest = { id: number } & (
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: RowMode;
      raw?: number[];
      paramTypes?: number[];
      tx?: number;
    }
  | { op: 'exec'; text: string; rowMode?: RowMode; raw?: number[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'dump'; compression?: Compression }
  | { op: 'close' }
);

/** An error as plain data; `database`: it came from PostgreSQL (a DatabaseError with its fields). */
export type ThreadError = {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, string | number>;
  database: boolean;
};

/** The thread's answer to request `id` (0: the database is open, or why it is not). */
export type PgliteReply = { id: number; result?: unknown; error?: ThreadError };

/** The error a request gets back: PostgreSQL's own class and fields, so callers read `code` as before. */
function rebuildError(data: ThreadError, params?: unknown[]): Error {
  const err = data.database
    ? new messages.DatabaseError(data.message, Number(data.fields.length ?? 0), 'error')
    : new Error(data.message);
  Object.assign(err, data.fields);
  if (params) Object.assign(err, { params });
  // Where it was raised, in the thread; the caller's own frames are not known here.
  if (data.stack)
    err.stack = `${data.stack.split('\n')[0]}\n    (in the PGlite thread)\n${data.stack.split('\n').slice(1).join('\n')}`;
  return err;
}

const PROBE = '\u0000 probe';
const rawTypes = new WeakMap<object, number[]>();
/**
 * The types a query's parsers leave as text. Functions cannot cross to the thread; drizzle's parsers
 * all return the text they get (dates, intervals, numeric arrays), so the thread is told which types
 * to leave alone. A parser that changes its text is refused rather than silently dropped.
 */
function rawTypesOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let raw = rawTypes.get(parsers);
  if (!raw) {
    raw = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(PROBE) !== PROBE)
        throw new Error(
          `PGlite thread: the parser for type ${oid} changes values; only "leave as text" crosses`,
        );
      return Number(oid);
    });
    rawTypes.set(parsers, raw);
  }
  return raw;
}

function checkOptions(options: QueryOptions | undefined) {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new Error('PGlite thread: serializers, blob and onNotice do not cross to the thread');
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void; params?: unknown[] };

/** One open transaction, seen from the main thread: its statements carry its id. */
export type ThreadTransaction = {
  query: <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (text: string, options?: QueryOptions) => Promise<Results[]>;
  rollback: () => Promise<void>;
  readonly closed: boolean;
};

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Why requests fail at once: the thread stopped, or the database was closed. */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in it (or rejects with why it could not). */
  static async start(data: PgliteWorkerData): Promise<PgliteThread> {
    const script = await workerScript(
      new URL('./pglite-worker.mjs', import.meta.url),
      new URL('./pglite.worker.ts', import.meta.url),
      'the PGlite',
    );
    const worker = new Worker(script, {
      // The thread runs a file: a parent started with `--input-type` (a script given as text) would
      // make it refuse to start.
      execArgv: threadExecArgv(),
      workerData: data,
      transferList: data.loadDataDir ? [data.loadDataDir.buffer as ArrayBuffer] : [],
    });
    const thread = new PgliteThread(worker);
    await thread.#listen();
    return thread;
  }

  #listen(): Promise<void> {
    const w = this.#worker;
    return new Promise<void>((opened, failedToOpen) => {
      w.on('message', (reply: PgliteReply) => {
        if (reply.id === 0) {
          if (reply.error) {
            failedToOpen(rebuildError(reply.error));
            void w.terminate();
          } else {
            // From here the thread keeps the process alive only while a request waits for it.
            w.unref();
            opened();
          }
          return;
        }
        const p = this.#pending.get(reply.id);
        if (!p) return;
        this.#pending.delete(reply.id);
        if (this.#pending.size === 0) w.unref();
        if (reply.error) p.reject(rebuildError(reply.error, p.params));
        else p.resolve(reply.result);
      });
      const stop = (err: Error) => {
        this.#stopped ??= err;
        failedToOpen(err);
        for (const p of this.#pending.values()) p.reject(err);
        this.#pending.clear();
      };
      w.on('error', (err) =>
        stop(new Error(`the embedded database (PGlite) thread failed: ${err.message}`, { cause: err })),
      );
      w.on('exit', (code) =>
        stop(
          new Error(
            this.#closing
              ? 'the embedded database (PGlite) is closed'
              : `the embedded database (PGlite) thread stopped (exit code ${code}): restart the server`,
          ),
        ),
      );
    });
  }

  #request<T>(message: PgliteRequest, params?: unknown[]): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closing && message.op !== 'close')
      return Promise.reject(new Error('the embedded database (PGlite) is closed'));
    return new Promise<T>((resolve, reject) => {
      // A value that cannot be copied to the thread (a function) fails here, before anything waits.
      this.#worker.postMessage(message);
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(message.id, { resolve: resolve as (v: unknown) => void, reject, params });
    });
  }

  async #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ) {
    checkOptions(options);
    return this.#request<Results<T>>(
      {
        id: this.#nextId++,
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        raw: rawTypesOf(options?.parsers),
        paramTypes: options?.paramTypes,
        tx,
      },
      params,
    );
  }

  async #exec(text: string, options: QueryOptions | undefined, tx?: number) {
    checkOptions(options);
    return this.#request<Results[]>({
      id: this.#nextId++,
      op: 'exec',
      text,
      rowMode: options?.rowMode,
      raw: rawTypesOf(options?.parsers),
      tx,
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  /** Several statements in one text (the simple query protocol): one result each. */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options);
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws (or
   * when the commit fails). Statements sent meanwhile outside it wait until it ends, as in PGlite.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.#request<number>({ id: this.#nextId++, op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (text, params, options) => (open(), this.#query(text, params, options, id)),
      exec: async (text, options) => (open(), this.#exec(text, options, id)),
      rollback: async () => {
        open();
        await this.#request({ id: this.#nextId++, op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    };
    // The thread's transaction ends exactly once, whatever the callback did (a rollback it asked for
    // included): until then every other statement waits for it.
    const end = (commit: boolean) => {
      closed = true;
      return this.#request({ id: this.#nextId++, op: 'end', tx: id, commit });
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      // The callback's error is the one to report; a thread that stopped has no transaction left.
      await end(false).catch(() => undefined);
      throw err;
    }
    await end(true);
    return result;
  }

  async dumpDataDir(compression?: Compression): Promise<Blob> {
    const bytes = await this.#request<Uint8Array>({ id: this.#nextId++, op: 'dump', compression });
    return new Blob([bytes]);
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#stopped !== undefined;
  }

  /** Closes the database (its files written) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.#request({ id: this.#nextId++, op: 'close' });
      await this.#worker.terminate();
    })();
    return this.#closing;
  }

  /** The thread itself (tests stop it to see requests fail). */
  get worker(): Worker {
    return this.#worker;
  }
}
