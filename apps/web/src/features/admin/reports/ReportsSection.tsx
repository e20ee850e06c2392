import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SalesRegisterSummary } from '@zevar/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { formatInr } from '../../../lib/format';
import { monthDays, previousMonth, REGISTER_TABLES, reportsApi, type RegisterTableKey } from './reports-api';

const HEADERS = ['Table', 'Documents or rows', 'Value', 'Taxable value', 'IGST', 'CGST', 'SGST'] as const;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type Totals = SalesRegisterSummary['invoices'];

function summaryRows(s: SalesRegisterSummary): Array<[string, string, Omit<Totals, 'roundOff'>]> {
  const t = s.tables;
  return [
    ['Invoices', 'All invoices issued in the month', s.invoices],
    ['Credit notes', 'All credit notes issued in the month', s.creditNotes],
    ['B2B', 'Invoices to buyers with a GSTIN', t.b2b],
    ['B2CL', `Inter-state invoices to buyers without a GSTIN above ${formatInr(s.b2clThreshold, 0)}`, t.b2cl],
    [
      'B2CS',
      'Other invoices to buyers without a GSTIN, by state and rate, net of their credit notes',
      t.b2cs,
    ],
    ['CDNR', 'Credit notes to buyers with a GSTIN', t.cdnr],
    ['CDNUR', 'Credit notes against B2CL invoices', t.cdnur],
    [
      'HSN summary',
      `Net of credit notes; ${t.hsn.quantity} ${t.hsn.quantity === 1 ? 'piece' : 'pieces'}`,
      t.hsn,
    ],
  ];
}

function RegisterSummary({ summary }: { summary: SalesRegisterSummary }) {
  return (
    <StackedTable headers={HEADERS} minWidth="sm:min-w-[52rem]">
      {summaryRows(summary).map(([name, note, t]) => (
        <StackedRow key={name}>
          <StackedCell label="Table">
            <span className="font-medium">{name}</span>
            <span className="block text-xs text-taupe">{note}</span>
          </StackedCell>
          <StackedCell label="Documents or rows">{t.count}</StackedCell>
          <StackedCell label="Value">{formatInr(t.value)}</StackedCell>
          <StackedCell label="Taxable value">{formatInr(t.taxableValue)}</StackedCell>
          <StackedCell label="IGST">{formatInr(t.igst)}</StackedCell>
          <StackedCell label="CGST">{formatInr(t.cgst)}</StackedCell>
          <StackedCell label="SGST">{formatInr(t.sgst)}</StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

/** The invoices and credit notes of a period, as a spreadsheet or CSV. */
function DocumentsExport({ month }: { month: string }) {
  const [period, setPeriod] = useState(() => monthDays(month));
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  return (
    <section className="card space-y-3 p-4" aria-labelledby="documents-export-title">
      <h3 id="documents-export-title" className="text-lg font-semibold">
        Invoices export
      </h3>
      <p className="text-sm text-taupe">
        Every invoice and credit note issued in the period, with its figures.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          From
          <input
            type="date"
            className="input"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </label>
        <label className="flex flex-col text-sm">
          To
          <input
            type="date"
            className="input"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </label>
        <DownloadButton
          disabled={!valid}
          download={() => reportsApi.documents(period.from, period.to, 'xlsx')}
        >
          Download invoices (xlsx)
        </DownloadButton>
        <DownloadButton
          disabled={!valid}
          download={() => reportsApi.documents(period.from, period.to, 'csv')}
        >
          Download invoices (CSV)
        </DownloadButton>
      </div>
    </section>
  );
}

/** Reports: the month's GSTR-1 sales register (summary on screen, xlsx and CSV) and the invoices export. */
export default function ReportsSection() {
  const [month, setMonth] = useState(previousMonth);
  const [table, setTable] = useState<RegisterTableKey>('b2b');
  const valid = MONTH.test(month);
  const summary = useQuery({
    queryKey: ['reports', 'gst-sales-register', month],
    queryFn: () => reportsApi.summary(month),
    enabled: valid,
  });
  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-2xl font-semibold">
        Reports
      </h2>
      <section className="card space-y-3 p-4" aria-labelledby="register-title">
        <h3 id="register-title" className="text-lg font-semibold">
          GSTR-1 sales register
        </h3>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            Month
            <input type="month" className="input" value={month} onChange={(e) => setMonth(e.target.value)} />
          </label>
          <DownloadButton
            className="btn-primary"
            disabled={!valid}
            download={() => reportsApi.registerXlsx(month)}
          >
            Download register (xlsx)
          </DownloadButton>
          <label className="flex flex-col text-sm">
            Table
            <select
              className="input"
              value={table}
              onChange={(e) => setTable(e.target.value as RegisterTableKey)}
            >
              {REGISTER_TABLES.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <DownloadButton disabled={!valid} download={() => reportsApi.registerCsv(month, table)}>
            Download table (CSV)
          </DownloadButton>
        </div>
        {!valid && <p className="text-sm text-red-700">Choose a month</p>}
        {valid && summary.isPending && <PageSpinner label="Loading the sales register..." />}
        {summary.isError && <p className="text-sm text-red-700">Failed to load the sales register</p>}
        {summary.data && summary.data.invoices.count + summary.data.creditNotes.count === 0 && (
          <p className="text-sm text-taupe">No invoices or credit notes were issued in this month.</p>
        )}
        {summary.data && <RegisterSummary summary={summary.data} />}
        <p className="text-xs text-taupe">
          Figures are the issued invoices and credit notes, to the paisa; months and dates are in India time.
          Place of supply is the delivery state with its GST state code.
        </p>
      </section>
      {/* A new month starts the export's period afresh. */}
      {valid && <DocumentsExport key={month} month={month} />}
    </section>
  );
}
