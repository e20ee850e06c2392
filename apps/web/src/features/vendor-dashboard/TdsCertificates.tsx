import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton';
import { StackedCell, StackedRow, StackedTable } from '../../components/StackedTable';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';
import { formatDate, formatInr } from '../../lib/format';
import { fetchTdsEntries, recentFinancialYears } from './settlement-api';

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/** The TDS deducted from the reseller's commission in a financial year, with yearly and quarterly certificates. */
export function TdsCertificates({ vendorId, now }: { vendorId: number; now: Date }) {
  const years = recentFinancialYears(now, 3);
  const [fy, setFy] = useState(years[0]!);
  const pickerId = useId();
  const entries = useQuery({
    queryKey: ['tds', vendorId, fy],
    queryFn: () => fetchTdsEntries(vendorId, fy),
  });
  const certificate = (quarter?: (typeof QUARTERS)[number]) => () =>
    downloadFile(
      `/tds/vendor/${vendorId}/certificate.pdf`,
      `tds-certificate-${quarter ? `${fy}-${quarter}` : fy}-${vendorId}.pdf`,
      { query: { fy, quarter } },
    );
  const list = entries.data ?? [];
  const quarters = QUARTERS.filter((q) => list.some((e) => e.quarter === q));
  const total = list.reduce((s, e) => s + e.amount, 0);

  return (
    <section aria-labelledby="tds-title" className="space-y-3">
      <h3 id="tds-title" className="text-lg font-semibold">
        Tax deducted at source (TDS)
      </h3>
      <div>
        <label htmlFor={pickerId} className="label">
          Financial year
        </label>
        <select id={pickerId} className="input max-w-xs" value={fy} onChange={(e) => setFy(e.target.value)}>
          {years.map((y) => (
            <option key={y} value={y}>
              {`FY ${y}`}
            </option>
          ))}
        </select>
      </div>
      {entries.isError ? (
        <p role="alert" className="text-red-800">
          Failed to load TDS: {errorMessage(entries.error)}
        </p>
      ) : !entries.data ? null : list.length === 0 ? (
        <p className="card p-4 text-taupe">No tax was deducted in FY {fy}.</p>
      ) : (
        <>
          <StackedTable
            headers={['Date', 'Quarter', 'Section', 'Rate', 'Commission', 'TDS']}
            minWidth="sm:min-w-[40rem]"
          >
            {list.map((e) => (
              <StackedRow key={e.id}>
                <StackedCell label="Date">{formatDate(e.deductedOn)}</StackedCell>
                <StackedCell label="Quarter">{e.quarter}</StackedCell>
                <StackedCell label="Section">{e.section}</StackedCell>
                <StackedCell label="Rate">{`${e.ratePercent} %`}</StackedCell>
                <StackedCell label="Commission">{formatInr(e.base)}</StackedCell>
                <StackedCell label="TDS" className="font-semibold">
                  {formatInr(e.amount)}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <p className="text-sm">
            Total deducted in FY {fy}: <strong>{formatInr(total)}</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            <DownloadButton download={certificate()}>{`TDS certificate FY ${fy}`}</DownloadButton>
            {quarters.map((q) => (
              <DownloadButton key={q} download={certificate(q)}>
                {`${q} certificate`}
              </DownloadButton>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
