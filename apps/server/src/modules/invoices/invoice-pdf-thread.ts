import { Worker } from 'node:worker_threads';
import { threadExecArgv, workerScript } from '../../lib/worker-script';
import type { RenderableDocument } from './invoice-pdf';

/**
 * Tax document PDFs rendered on a thread of their own instead of the request thread (decision 0101).
 * Every paid order's confirmation mail attaches its invoice, and a render is several milliseconds of
 * synchronous layout: on the request thread, a mail run after a rush (hundreds of invoices) held up
 * every order answered meanwhile (order p99 1.7 s at 30 paid orders a second). The thread renders the
 * same bytes (the same renderer, invoice-pdf.ts), one document at a time, in the order asked.
 *
 * The thread starts at the first render and is left out of what keeps the process alive; if it dies,
 * the renders it held fail (a mail's failed attempt, retried by the outbox like any other) and the
 * next render starts a new one.
 */
export type PdfThread = {
  render: (document: RenderableDocument) => Promise<Buffer>;
  /** Stops the thread (renders under way fail); the next render starts a new one. */
  close: () => Promise<void>;
};

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

/** `nice`: the thread's nice value (0–19; Linux gives each thread its own). */
export function createPdfThread(opts: { nice?: number } = {}): PdfThread {
  /** The thread, once started (the script is found, or built from the sources, first). */
  let worker: Promise<Worker> | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function start(): Promise<Worker> {
    const started: Promise<Worker> = workerScript(
      new URL('./invoice-pdf-worker.mjs', import.meta.url),
      new URL('./invoice-pdf.worker.ts', import.meta.url),
      'the invoice PDF',
    ).then(
      (script) => {
        const w = new Worker(script, {
          execArgv: threadExecArgv(),
          workerData: { nice: opts.nice ?? 0 },
          // A young generation of 4 MB instead of V8's default: the thread's memory is some 25 MB less
          // (its renders allocate little that lives), at no measured CPU cost (decision 0101).
          resourceLimits: { maxYoungGenerationSizeMb: 4 },
        });
        w.unref();
        w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
          const p = pending.get(m.id);
          if (!p) return;
          pending.delete(m.id);
          if (m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
          else p.reject(new Error(`invoice PDF not rendered: ${m.error ?? 'no answer'}`));
        });
        w.on('error', (err) => {
          if (worker === started) worker = undefined;
          failAll(err);
        });
        w.on('exit', (code) => {
          if (worker === started) worker = undefined;
          failAll(new Error(`the invoice PDF thread stopped (exit code ${code})`));
        });
        return w;
      },
      (err: unknown) => {
        // No script: this render fails, and the next one looks again.
        if (worker === started) worker = undefined;
        throw err;
      },
    );
    return started;
  }

  return {
    async render(document) {
      const w = await (worker ??= start());
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, document });
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) await (await w.catch(() => undefined))?.terminate();
    },
  };
}

/**
 * The process's PDF thread, at the process's own priority: at nice 10 the bench at load 2–5 sent about
 * 7 confirmation mails a second while orders came at 10–76 a second, and the mail waited for the run
 * to end (decision 0101); a confirmation may come a few seconds late in a rush, not minutes.
 */
export const invoicePdfThread = createPdfThread();
