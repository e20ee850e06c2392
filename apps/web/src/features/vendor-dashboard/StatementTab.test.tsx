// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Statement, TdsEntry, VendorPosition } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { vendorUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import StatementTab from './StatementTab';

const NOW = new Date('2026-11-20T06:30:00Z');

const november: Statement = {
  vendorId: 7,
  vendorName: 'Asha Gold House',
  month: '2026-11',
  openingBalance: 1200,
  orders: [
    {
      orderNumber: 'ZV-1001',
      at: '2026-11-02T06:00:00.000Z',
      commission: 25000,
      reversed: 0,
      releasedOn: '2026-11-10T06:00:00.000Z',
    },
    {
      orderNumber: 'ZV-1002',
      at: '2026-11-18T06:00:00.000Z',
      commission: 4000,
      reversed: 500,
      releasedOn: '2026-11-26T06:00:00.000Z',
    },
  ],
  earned: 29000,
  reversals: 500,
  released: 25000,
  heldAtEnd: 3500,
  payouts: [
    {
      payoutId: 31,
      at: '2026-11-12T06:00:00.000Z',
      commission: 26200,
      tds: 524,
      gst: 4716,
      net: 30392,
      status: 'PROCESSED',
      reference: 'UTR000123456',
    },
  ],
  tds: 524,
  gst: 4716,
  paid: 30392,
  closingBalance: 0,
};

const position = (overrides: Partial<VendorPosition> = {}): VendorPosition => ({
  vendorId: 7,
  vendorName: 'Asha Gold House',
  held: 3500,
  payable: 0,
  owed: 0,
  payoutsHeldBecause: null,
  ...overrides,
});

const tds: TdsEntry[] = [
  {
    id: 1,
    vendorId: 7,
    vendorName: 'Asha Kulkarni',
    payoutId: 31,
    financialYear: '2026-27',
    quarter: 'Q3',
    pan: 'ABCPK1234F',
    panStatus: 'VALID',
    section: '393(1)',
    ratePercent: 2,
    base: 26200,
    amount: 524,
    deductedOn: '2026-11-12T06:00:00.000Z',
    challan: null,
  },
];

function renderTab(answers: { position?: VendorPosition; statements?: Record<string, Statement> } = {}) {
  signIn('VENDOR', [], 7);
  const fetchMock = mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/settlement/vendor/7/balance')
      return jsonResponse(answers.position ?? position());
    if (u.pathname === '/api/settlement/vendor/7/statement') {
      const s = (answers.statements ?? { '2026-11': november })[u.searchParams.get('month') ?? ''];
      return s ? jsonResponse(s) : notFound();
    }
    if (u.pathname === '/api/tds/vendor/7/entries')
      return jsonResponse(u.searchParams.get('fy') === '2026-27' ? tds : []);
    return notFound();
  });
  renderRoutes([{ path: '/', element: <StatementTab vendor={vendorUser()} now={NOW} /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('reseller statement', () => {
  it('shows the balance and the month from opening to closing balance, with orders and payouts', async () => {
    renderTab();
    expect(await screen.findByText('Closing balance')).toBeInTheDocument();
    expect(screen.getByText('Held', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₹3,500.00');
    expect(screen.getByText('Payable', { selector: 'dt' }).nextElementSibling).toHaveTextContent('₹0.00');
    expect(figure('Opening balance')).toHaveTextContent('₹1,200.00');
    expect(figure('Commission earned')).toHaveTextContent('₹29,000.00');
    expect(figure('Reversals (refunds, cancellations, returns)')).toHaveTextContent('− ₹500.00');
    expect(figure('Released from hold')).toHaveTextContent('₹25,000.00');
    expect(figure('Still held at month end')).toHaveTextContent('₹3,500.00');
    expect(figure('TDS deducted')).toHaveTextContent('₹524.00');
    expect(figure('GST on commission')).toHaveTextContent('₹4,716.00');
    expect(figure('Paid to your bank')).toHaveTextContent('₹30,392.00');
    expect(figure('Closing balance')).toHaveTextContent('₹0.00');

    const orders = within(screen.getByRole('region', { name: 'Orders and commission' }));
    const rows = orders.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/ZV-1001.*₹25,000\.00.*Released 10 Nov 2026/);
    expect(rows[1]).toHaveTextContent(/ZV-1002.*₹4,000\.00.*− ₹500\.00.*Held until 26 Nov 2026/);
    const payouts = within(screen.getByRole('region', { name: 'Payouts' }));
    expect(payouts.getAllByRole('row')[1]).toHaveTextContent(
      /12 Nov 2026.*₹26,200\.00.*− ₹524\.00.*₹4,716\.00.*₹30,392\.00.*Paid.*UTR000123456/,
    );
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('shows a negative balance as owed, and why payouts are on hold', async () => {
    renderTab({
      position: position({
        payable: -800,
        owed: 800,
        payoutsHeldBecause: 'KYC waits for an admin’s approval',
      }),
      statements: { '2026-11': { ...november, closingBalance: -800 } },
    });
    expect(await screen.findByText('Owed by you', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Owed by you', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '₹800.00',
    );
    expect(screen.getByText(/KYC waits for an admin’s approval/)).toBeInTheDocument();
    expect(await screen.findByText('₹800.00 owed')).toBeInTheDocument();
  });

  it('loads the month picked, and lists the TDS deducted with its certificates', async () => {
    const { fetchMock, user } = renderTab({
      statements: {
        '2026-11': november,
        '2026-10': { ...november, month: '2026-10', orders: [], payouts: [] },
      },
    });
    await screen.findByText('ZV-1001');
    const months = screen.getByLabelText('Month');
    expect(within(months).getAllByRole('option')[0]).toHaveTextContent('November 2026');
    await user.selectOptions(months, '2026-10');
    expect(await screen.findByText('No orders this month.')).toBeInTheDocument();
    expect(screen.getByText('No payouts this month.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/settlement/vendor/7/statement?month=2026-10',
      expect.anything(),
    );

    const tdsSection = within(screen.getByRole('region', { name: 'Tax deducted at source (TDS)' }));
    expect(await tdsSection.findByText('Total deducted in FY 2026-27:')).toBeInTheDocument();
    expect(tdsSection.getAllByRole('row')[1]).toHaveTextContent(/Q3.*393\(1\).*2 %.*₹26,200\.00.*₹524\.00/);
    expect(tdsSection.getByRole('button', { name: 'TDS certificate FY 2026-27' })).toBeInTheDocument();
    expect(tdsSection.getByRole('button', { name: 'Q3 certificate' })).toBeInTheDocument();
    expect(tdsSection.queryByRole('button', { name: 'Q2 certificate' })).not.toBeInTheDocument();
    await user.selectOptions(tdsSection.getByLabelText('Financial year'), '2025-26');
    expect(await tdsSection.findByText('No tax was deducted in FY 2025-26.')).toBeInTheDocument();
  });
});
