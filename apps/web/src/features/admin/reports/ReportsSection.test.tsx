// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import ReportsSection from './ReportsSection';
import { monthDays, previousMonth } from './reports-api';

const totals = (count: number, value: number, taxable: number, igst: number, cgst = 0, sgst = 0) => ({
  count,
  value,
  taxableValue: taxable,
  igst,
  cgst,
  sgst,
});
const summary = {
  month: '2026-10',
  invoices: { ...totals(3, 260000, 252427.18, 4572.82, 1500, 1500), roundOff: 0 },
  creditNotes: { ...totals(1, 10300, 10000, 300), roundOff: 0 },
  tables: {
    b2b: totals(1, 103000, 100000, 3000),
    b2cl: totals(1, 123600, 120000, 3600),
    b2cs: totals(1, 33400, 32427.18, -327.18, 1500, 1500),
    cdnr: totals(0, 0, 0, 0),
    cdnur: totals(1, 10300, 10000, 300),
    hsn: { ...totals(1, 249700, 242427.18, 4272.82, 1500, 1500), quantity: 5 },
  },
  b2clThreshold: 100000,
};

/** The summary row of a table (its name is also an option of the CSV table choice). */
const rowOf = (name: string) =>
  screen
    .getAllByText(name)
    .map((e) => e.closest('tr'))
    .find((tr): tr is HTMLTableRowElement => tr !== null)!;

describe('reports section', () => {
  it('shows the chosen month’s register totals per table and downloads the xlsx, a CSV table and the invoices export', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url);
      if (url.startsWith('/api/reports/gst-sales-register?')) {
        const month = new URL(url, 'http://x').searchParams.get('month');
        return jsonResponse({ ...summary, month });
      }
      if (url.startsWith('/api/reports/')) return new Response(new Blob(['file']));
      return notFound();
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    renderRoutes([{ path: '/', element: <ReportsSection /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    // Opens on the month GST is filed for: the one before today.
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue(previousMonth());
    await screen.findByText('Credit notes to buyers with a GSTIN');
    const b2cl = rowOf('B2CL');
    expect(within(b2cl).getByText('₹1,23,600.00')).toBeInTheDocument();
    expect(b2cl).toHaveTextContent('above ₹1,00,000');
    expect(rowOf('HSN summary')).toHaveTextContent('5 pieces');

    await userEvent.clear(month);
    await userEvent.type(month, '2026-10');
    await screen.findByText('Credit notes to buyers with a GSTIN');
    expect(asked).toContain('/api/reports/gst-sales-register?month=2026-10');
    await userEvent.click(screen.getByRole('button', { name: 'Download register (xlsx)' }));
    await userEvent.selectOptions(screen.getByLabelText('Table'), 'hsn');
    await userEvent.click(screen.getByRole('button', { name: 'Download table (CSV)' }));
    expect(screen.getByLabelText('From')).toHaveValue(monthDays('2026-10').from);
    expect(screen.getByLabelText('To')).toHaveValue('2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Download invoices (CSV)' }));
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/reports/gst-sales-register/xlsx?month=2026-10',
        '/api/reports/gst-sales-register/csv?month=2026-10&table=hsn',
        '/api/reports/tax-documents?from=2026-10-01&to=2026-10-31&format=csv',
      ]),
    );
  });

  it('says so when a month has no documents, and when the register fails to load', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const empty = {
      ...summary,
      invoices: { ...totals(0, 0, 0, 0), roundOff: 0 },
      creditNotes: { ...totals(0, 0, 0, 0), roundOff: 0 },
    };
    let fail = false;
    mockFetch((url) =>
      url.startsWith('/api/reports/gst-sales-register?')
        ? fail
          ? new Response(JSON.stringify({ code: 'INTERNAL', message: 'x' }), { status: 500 })
          : jsonResponse(empty)
        : notFound(),
    );
    renderRoutes([{ path: '/', element: <ReportsSection /> }], '/');
    expect(
      await screen.findByText('No invoices or credit notes were issued in this month.'),
    ).toBeInTheDocument();
    fail = true;
    await userEvent.clear(screen.getByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '2026-01');
    expect(await screen.findByText('Failed to load the sales register')).toBeInTheDocument();
  });
});
