// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TdsEntry, TdsMonths } from '@zevar/domain';
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

const noMonths = (fy: string): TdsMonths => ({ financialYear: fy, months: [], challans: [] });

function render(entries: TdsEntry[], months: (fy: string) => TdsMonths = noMonths) {
  signIn('ADMIN', ['MANAGE_VENDORS']);
  const calls: string[] = [];
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    calls.push(url);
    if (url.startsWith('/api/tds/entries?')) return jsonResponse(entries);
    if (url.startsWith('/api/tds/months?'))
      return jsonResponse(months(new URL(url, 'http://x').searchParams.get('fy')!));
    if (url === '/api/tds/challans' && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      posted.push(body);
      if (body.bsrCode === '123')
        return jsonResponse(
          {
            code: 'VALIDATION',
            message: 'Invalid input',
            issues: [{ path: 'bsrCode', message: 'A BSR code is 7 digits' }],
          },
          400,
        );
      return jsonResponse(
        {
          id: 5,
          bsrCode: body.bsrCode,
          challanSerial: body.challanSerial,
          depositedOn: body.depositedOn,
          amount: body.amount,
          month: body.month,
          financialYear: '2026-27',
          quarter: 'Q3',
          section: body.section,
          deductions: 1,
          recordedBy: 'Admin',
          recordedAt: '2026-12-05T10:00:00.000Z',
        },
        201,
      );
    }
    if (url.startsWith('/api/tds/return.csv?'))
      return new Response('pan,amount\n', { headers: { 'content-type': 'text/csv' } });
    if (url.startsWith('/api/tds/vendor/7/certificate.pdf?'))
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    return notFound();
  });
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
  renderRoutes([{ path: '/', element: <TdsSection /> }], '/');
  return Object.assign(calls, { posted });
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

  it('says when nothing was deducted, under the deductions’ own heading (not as a second deposits line)', async () => {
    render([]);
    const empty = await screen.findByText('No tax was deducted in this period');
    const heading = screen.getByRole('heading', { name: 'Deductions' });
    expect(heading.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Deposits' }).compareDocumentPosition(heading) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows each month deducted, deposited and due by the 7th, and records a challan for what is due', async () => {
    const { posted } = render([entry()], (fy) => ({
      financialYear: fy,
      months: [
        {
          month: '2026-11',
          deducted: 1_160,
          deposited: 0,
          due: 1_160,
          dueOn: '2026-12-07',
          status: 'DUE',
          sectionsDue: ['393(1)'],
        },
        {
          month: '2026-12',
          deducted: 0,
          deposited: 0,
          due: 0,
          dueOn: '2027-01-07',
          status: 'NONE',
          sectionsDue: [],
        },
      ],
      challans: [],
    }));
    const deposits = await screen.findByRole('region', { name: 'Deposits' });
    const row = (await within(deposits).findByText('November 2026')).closest('tr')!;
    expect(within(row).getByText('7 Dec 2026')).toBeInTheDocument();
    expect(within(row).getByText('Due', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(within(deposits).queryByText('December 2026')).toBeNull();

    await userEvent.click(
      within(row).getByRole('button', { name: /Record challan for November 2026, section 393\(1\)/ }),
    );
    const form = screen.getByRole('form', { name: 'Record challan' });
    expect(within(form).getByLabelText(/Amount/)).toHaveValue(1160);
    await userEvent.type(within(form).getByLabelText(/BSR code/), '123');
    await userEvent.type(within(form).getByLabelText(/Challan serial number/), '00042');
    await userEvent.type(within(form).getByLabelText(/Deposit date/), '2026-12-05');
    await userEvent.click(within(form).getByRole('button', { name: 'Record challan' }));
    expect(await within(form).findByText('A BSR code is 7 digits')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText(/BSR code/));
    await userEvent.type(within(form).getByLabelText(/BSR code/), '0510308');
    await userEvent.click(within(form).getByRole('button', { name: 'Record challan' }));
    expect(
      await screen.findByText(/Challan 00042 recorded: ₹1,160.00 deposited for November 2026/),
    ).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({
      bsrCode: '0510308',
      challanSerial: '00042',
      depositedOn: '2026-12-05',
      amount: 1160,
      month: '2026-11',
      section: '393(1)',
    });
  });
});
