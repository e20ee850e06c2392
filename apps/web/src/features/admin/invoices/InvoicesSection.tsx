import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaxDocumentKind } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { formatDateTime, formatInr } from '../../../lib/format';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { DownloadButton } from '../../../components/DownloadButton';
import { downloadDocument, INVOICES_PAGE_SIZE, invoicesApi, type DocumentFilters } from './invoices-api';

const HEADERS = ['Number', 'Date', 'Order', 'Buyer', 'Taxable value', 'GST', 'Total', 'PDF'] as const;

/** The configured seller of record (read-only: it comes from the server's configuration). */
function SellerDetails() {
  const seller = useQuery({ queryKey: ['invoices', 'seller'], queryFn: invoicesApi.seller });
  const s = seller.data;
  return (
    <section className="card space-y-2 p-4" aria-labelledby="seller-tax-title">
      <h3 id="seller-tax-title" className="text-lg font-semibold">
        Seller Tax Details
      </h3>
      {seller.isError && <p className="text-sm text-red-700">Failed to load seller tax details</p>}
      {s && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-taupe">Legal name</dt>
          <dd className="break-words">{s.legalName}</dd>
          <dt className="font-medium text-taupe">Address</dt>
          <dd className="break-words">{s.address}</dd>
          <dt className="font-medium text-taupe">GSTIN</dt>
          <dd className="font-mono">{s.gstin}</dd>
          <dt className="font-medium text-taupe">State</dt>
          <dd>
            {s.state} ({s.stateCode})
          </dd>
          <dt className="font-medium text-taupe">Numbering</dt>
          <dd>
            Invoices {s.invoicePrefix}/yy-yy/000001, credit notes {s.creditNotePrefix}/yy-yy/000001, from 1
            April each year
          </dd>
          <dt className="font-medium text-taupe">PAN required above</dt>
          <dd>{formatInr(s.panThresholdRupees)}</dd>
        </dl>
      )}
      <p className="text-xs text-taupe">
        These details come from the server configuration (SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_GSTIN,
        SELLER_STATE) and are printed on every invoice and credit note.
      </p>
    </section>
  );
}

/** Invoices: the seller's tax details and the series of issued invoices and credit notes. */
export default function InvoicesSection() {
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<DocumentFilters>({ kind: '', financialYear: '' });
  const list = useQuery({
    queryKey: ['invoices', page, filters],
    queryFn: () => invoicesApi.list(page + 1, filters),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<DocumentFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };
  const data = list.data;
  return (
    <section aria-labelledby="invoices-title" className="space-y-4">
      <h2 id="invoices-title" className="text-2xl font-semibold">
        Invoices
      </h2>
      <SellerDetails />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          Document
          <select
            className="input"
            value={filters.kind}
            onChange={(e) => change({ kind: e.target.value as TaxDocumentKind | '' })}
          >
            <option value="">Invoices and credit notes</option>
            <option value="INVOICE">Invoices</option>
            <option value="CREDIT_NOTE">Credit notes</option>
          </select>
        </label>
        <label className="flex flex-col text-sm">
          Financial year
          <select
            className="input"
            value={filters.financialYear}
            onChange={(e) => change({ financialYear: e.target.value })}
          >
            <option value="">All years</option>
            {data?.financialYears.map((fy) => (
              <option key={fy} value={fy}>
                {fy}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending && <PageSpinner label="Loading invoices..." />}
      {list.isError && <p className="card p-6 text-center text-red-700">Failed to load invoices</p>}
      {data?.data.length === 0 && <p className="card p-6 text-center text-taupe">No invoices issued yet.</p>}
      {data && data.data.length > 0 && (
        <StackedTable headers={HEADERS} minWidth="sm:min-w-[52rem]">
          {data.data.map((doc) => (
            <StackedRow key={doc.id}>
              <StackedCell label="Number" className="font-mono text-xs whitespace-nowrap">
                {doc.number}
                {doc.kind === 'CREDIT_NOTE' && (
                  <span className="block font-sans whitespace-normal text-taupe">
                    Credit note against {doc.againstNumber}
                  </span>
                )}
              </StackedCell>
              <StackedCell label="Date">{formatDateTime(doc.issuedAt)}</StackedCell>
              <StackedCell label="Order" className="font-mono text-xs whitespace-nowrap">
                {doc.orderNumber}
              </StackedCell>
              <StackedCell label="Buyer">{doc.buyerName}</StackedCell>
              <StackedCell label="Taxable value">{formatInr(doc.taxableValue)}</StackedCell>
              <StackedCell label="GST">{formatInr(doc.tax)}</StackedCell>
              <StackedCell label="Total">{formatInr(doc.total)}</StackedCell>
              <StackedCell label="PDF">
                <DownloadButton className="link" download={() => downloadDocument(doc)}>
                  Download
                </DownloadButton>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {data && (
        <Pagination
          page={page}
          totalPages={Math.ceil(data.total / INVOICES_PAGE_SIZE)}
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
