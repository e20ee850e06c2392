import { useId, useState } from 'react';
import type { ImportReport } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { applyProductSheet, checkProductSheet, type ImportProgress } from '../../../lib/product-import';

/** Rows of the report shown at once (a 10,000-row file lists the rest on demand). */
const SHOWN = 100;

function ProgressBar({ progress, label }: { progress: ImportProgress; label: string }) {
  const value =
    progress.phase === 'upload'
      ? progress.percent
      : progress.phase === 'write'
        ? Math.round((progress.done / Math.max(1, progress.total)) * 100)
        : undefined;
  const text =
    progress.phase === 'upload'
      ? `Uploading the file: ${progress.percent} %`
      : progress.phase === 'check'
        ? 'Reading and checking the file...'
        : `Saving products: ${progress.done.toLocaleString('en-IN')} of ${progress.total.toLocaleString('en-IN')}`;
  return (
    <div className="mt-4" aria-live="polite">
      <progress className="h-3 w-full accent-maroon" max={100} value={value} aria-label={label} />
      <p className="mt-1 text-sm text-taupe">{text}</p>
    </div>
  );
}

function Summary({ report }: { report: ImportReport }) {
  return (
    <p className="mt-4 text-sm" data-testid="import-summary">
      {report.rows.toLocaleString('en-IN')} row(s): <strong>{report.created}</strong> new,{' '}
      <strong>{report.updated}</strong> changed, <strong>{report.unchanged}</strong> unchanged,{' '}
      <strong className={report.errors.length ? 'text-red-700' : ''}>{report.errors.length}</strong> error(s)
    </p>
  );
}

function Errors({ report }: { report: ImportReport }) {
  const [all, setAll] = useState(false);
  if (report.errors.length === 0) return null;
  const shown = all ? report.errors : report.errors.slice(0, SHOWN);
  return (
    <section className="mt-4" aria-label="Errors">
      <h3 className="font-semibold text-red-700">Errors: correct them in the file and check it again</h3>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th className="pr-3">Row</th>
              <th className="pr-3">Column</th>
              <th>Problem</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e, i) => (
              <tr key={i} className="border-t border-sand align-top">
                <td className="pr-3">{e.row}</td>
                <td className="pr-3">{e.column || '(header)'}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!all && report.errors.length > SHOWN && (
        <button type="button" className="btn-outline mt-2" onClick={() => setAll(true)}>
          Show all {report.errors.length} errors
        </button>
      )}
    </section>
  );
}

function Changes({ report }: { report: ImportReport }) {
  const [all, setAll] = useState(false);
  const changing = report.outcomes.filter((o) => o.outcome !== 'unchanged');
  if (changing.length === 0) return null;
  const shown = all ? changing : changing.slice(0, SHOWN);
  return (
    <section className="mt-4" aria-label="Changes">
      <h3 className="font-semibold">{report.applied ? 'What changed' : 'What would change'}</h3>
      <ul className="mt-2 max-h-72 divide-y divide-sand overflow-auto text-sm">
        {shown.map((o) => (
          <li key={o.row} className="py-2">
            <span className="font-medium">
              Row {o.row} · {o.sku}
            </span>{' '}
            {o.outcome === 'created' ? (
              <span className="text-green-800">new product</span>
            ) : (
              o.outcome === 'updated' && (
                <ul className="mt-1 space-y-0.5 pl-3">
                  {o.changes.map((c) => (
                    <li key={c.column} className="break-words">
                      {c.column}: <del className="text-taupe">{c.before || '(empty)'}</del> →{' '}
                      <ins className="no-underline font-medium">{c.after || '(empty)'}</ins>
                    </li>
                  ))}
                </ul>
              )
            )}
          </li>
        ))}
      </ul>
      {!all && changing.length > SHOWN && (
        <button type="button" className="btn-outline mt-2" onClick={() => setAll(true)}>
          Show all {changing.length} rows
        </button>
      )}
    </section>
  );
}

/**
 * Import products from the export's file (CSV or xlsx): a dry run first (what each row would do,
 * every error with its row and column), then Apply, all or nothing, with the upload's and the
 * server's progress.
 */
export function ImportDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const titleId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  async function run(step: () => Promise<ImportReport>, after?: () => void) {
    setError(null);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      setReport(await step());
      after?.();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(null);
    }
  }
  const check = () => file && void run(() => checkProductSheet(file, setProgress));
  const apply = () =>
    file && report && void run(() => applyProductSheet(file, report.checksum, setProgress), onApplied);
  const canApply =
    report && !report.applied && report.errors.length === 0 && report.created + report.updated > 0;

  return (
    <Modal labelledBy={titleId} onDismiss={busy ? undefined : onClose} className="max-w-3xl!">
      <h2 id={titleId} className="text-xl font-semibold">
        Import Products
      </h2>
      <p className="mt-1 text-sm text-taupe">
        Use the file the export gives (CSV or Excel), one product per row. Products are matched by SKU: a new
        SKU adds a product, a known one is updated; columns left out stay as they are. Prices of gold and
        silver pieces are computed from today&apos;s rates.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label htmlFor={fileId} className="flex flex-col text-sm font-medium">
          File to import
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="mt-1 text-sm"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setError(null);
            }}
          />
        </label>
        <button type="button" className="btn-outline" disabled={!file || busy} onClick={check}>
          Check File
        </button>
      </div>
      {progress && <ProgressBar progress={progress} label="Import progress" />}
      {error && (
        <p role="alert" className="mt-4 whitespace-pre-line text-sm text-red-700">
          {error}
        </p>
      )}
      {report && !busy && (
        <>
          {report.applied && (
            <p role="status" className="mt-4 font-medium text-green-800">
              Import applied: {report.created} product(s) added, {report.updated} updated.
            </p>
          )}
          <Summary report={report} />
          <Errors report={report} />
          <Changes report={report} />
        </>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
          Close
        </button>
        {canApply && (
          <button type="button" className="btn-primary" onClick={apply} disabled={busy}>
            Apply Import
          </button>
        )}
      </div>
    </Modal>
  );
}
