/**
 * The thread that renders tax document PDFs (invoice-pdf-thread.ts): each message is a document to
 * render, each answer its bytes or the render's error, under the message's id. Bundled on its own as
 * dist/invoice-pdf-worker.mjs (scripts/build-server.mjs).
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderTaxDocumentPdf, type RenderableDocument } from './invoice-pdf';

const port = parentPort;
if (!port) throw new Error('invoice-pdf.worker.ts runs as a worker thread');
// On Linux a nice value is a thread's own: this lowers only this thread, so when the cores are short
// the process's request handling (and PostgreSQL) run before a mail's invoice (decision 0101).
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0) {
  try {
    setPriority(0, nice);
  } catch {
    // A platform without per-thread priorities renders at the process's own.
  }
}

port.on('message', (m: { id: number; document: RenderableDocument }) => {
  // A render that throws at once (a malformed document) answers its error like one that rejects: the
  // thread stays up for the next.
  Promise.resolve(m.document)
    .then(renderTaxDocumentPdf)
    .then(
      (pdf) => port.postMessage({ id: m.id, pdf }),
      (err: unknown) =>
        port.postMessage({
          id: m.id,
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        }),
    );
});
