// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TdsEntry } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import TdsSection from './TdsSection';

const entry = (over: Partial<TdsEntry> = {}): TdsEntry => ({
  id: 1,
  vendorId: 7,
  vendorName: 'Meena Jewels',
  payoutId: 31,
  financialYear: '2026-27',
  quarter: 'Q3',
  pan: 'ABCPK1234F',
  panStatus: 'VALID',
  section: '393(1)',
  ratePercent: 2,
  base: 58_000,
  amount: 1_160,
  deductedOn: '2026-11-20T10:00:00.000Z',
  challan: null,
  ...over,
});

function render(entries: TdsEntry[]) {
  signIn('ADMIN', ['MANAGE_VENDORS']);
  const calls: string[] = [];
  mockFetch((url) => {
    calls.push(url);
    if (url.startsWith('/api/tds/entries?')) return jsonResponse(entries);
    if (url.startsWith('/api/tds/return.csv?'))
      return new Response('pan,amount\n', { headers: { 'content-type': 'text/csv' } });
    if (url.startsWith('/api/tds/vendor/7/certificate.pdf?'))
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    return notFound();
  });
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  renderRoutes([{ path: '/', element: <TdsSection /> }], '/');
  return calls;
}

describe('TDS ledger', () => {
  it('lists deductions with masked PAN, section, rate, amount and payout, and totals them', async () => {
    render([
      entry(),
      entry({
        id: 2,
        vendorId: 8,
        vendorName: 'Kiran Silver',
        pan: null,
        panStatus: 'MISSING',
        ratePercent: 20,
        base: 10_000,
        amount: 2_000,
        payoutId: 32,
        section: '393(1)',
      }),
    ]);
    const row = (await screen.findByText('Meena Jewels', { selector: 'span.font-semibold' })).closest('tr')!;
    for (const text of ['XXXXXX234F', '393(1)', '2 %', '₹58,000.00', '₹1,160.00', '#31'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const noPan = screen.getByText('Kiran Silver', { selector: 'span.font-semibold' }).closest('tr')!;
    expect(within(noPan).getByText('No PAN')).toBeInTheDocument();
    expect(within(noPan).getByText('20 %')).toBeInTheDocument();
    expect(screen.getByText('Total deducted:').parentElement).toHaveTextContent('₹3,160.00');
  });

  it('filters by financial year and quarter, and downloads the quarter’s return and a certificate', async () => {
    const calls = render([entry()]);
    await screen.findByText('#31');
    expect(screen.getByRole('button', { name: 'Download quarterly return (CSV)' })).toBeDisabled();
    const fy = (screen.getByLabelText('Financial year') as HTMLSelectElement).value;
    await userEvent.selectOptions(screen.getByLabelText('Quarter'), 'Q3');
    await waitFor(() => expect(calls).toContain(`/api/tds/entries?fy=${fy}&quarter=Q3`));
    await userEvent.click(screen.getByRole('button', { name: 'Download quarterly return (CSV)' }));
    await waitFor(() => expect(calls).toContain(`/api/tds/return.csv?fy=${fy}&quarter=Q3`));
    await userEvent.click(await screen.findByRole('button', { name: /^Certificate PDF\s*of Meena Jewels$/ }));
    await waitFor(() => expect(calls).toContain(`/api/tds/vendor/7/certificate.pdf?fy=${fy}&quarter=Q3`));
  });

  it('says when nothing was deducted', async () => {
    render([]);
    expect(await screen.findByText('No tax was deducted in this period')).toBeInTheDocument();
  });
});
