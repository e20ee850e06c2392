// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutRun, PayoutRunLine } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import PayoutRunsSection from './PayoutRunsSection';

const line = (over: Partial<PayoutRunLine> = {}): PayoutRunLine => ({
  payoutId: 31,
  vendorId: 7,
  vendorName: 'Meena Jewels',
  earnings: 60_000,
  reversalsNetted: 2_000,
  commission: 58_000,
  tds: 1_160,
  tdsRatePercent: 2,
  tdsSection: '393(1)',
  gst: 10_440,
  net: 67_280,
  status: 'PENDING_APPROVAL',
  utr: null,
  failureReason: null,
  ...over,
});

const run = (over: Partial<PayoutRun> = {}): PayoutRun => ({
  id: 5,
  status: 'PENDING_APPROVAL',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Asha Admin',
  createdById: 1,
  approvedAt: null,
  approvedBy: null,
  needsSecondAdmin: true,
  approvalAboveRupees: 50_000,
  provider: 'sandbox',
  totalNet: 67_280,
  lines: [line()],
  skipped: [{ vendorId: 9, vendorName: 'Ravi Gems', reason: 'KYC is not approved' }],
  ...over,
});

const balances = {
  vendors: [
    { vendorId: 7, vendorName: 'Meena Jewels', held: 3_000, payable: 58_000, owed: 0 },
    { vendorId: 8, vendorName: 'Kiran Silver', held: 0, payable: -1_500, owed: 1_500 },
  ],
  totalLiability: 61_000,
};

function render(
  runs: () => PayoutRun[],
  extra: (url: string, init: RequestInit) => Response | null = () => null,
  userId = 1,
) {
  signIn('ADMIN', ['MANAGE_VENDORS'], userId);
  const calls: string[] = [];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/payout-runs') return jsonResponse(runs());
    if (url === '/api/settlement/balances') return jsonResponse(balances);
    return notFound();
  });
  renderRoutes([{ path: '/', element: <PayoutRunsSection /> }], '/');
  return calls;
}

describe('payout runs', () => {
  it('shows balances with held, payable and owed, and the total liability', async () => {
    render(() => []);
    const row = (await screen.findByText('Kiran Silver')).closest('tr')!;
    expect(within(row).getByText('₹1,500.00')).toHaveClass('text-red-700');
    expect(within(row).getByRole('checkbox')).toBeDisabled();
    expect(screen.getByText('Total liability:').parentElement).toHaveTextContent('₹61,000.00');
    expect(screen.getByText('No payout runs yet')).toBeInTheDocument();
  });

  it('creates a run for the chosen resellers', async () => {
    const calls = render(
      () => [],
      (url, init) => (url === '/api/payout-runs' && init.method === 'POST' ? jsonResponse(run(), 201) : null),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Include Meena Jewels in the run' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create run for chosen (1)' }));
    await waitFor(() => expect(calls).toContain('POST /api/payout-runs {"vendorIds":[7]}'));
    expect(await screen.findByRole('dialog', { name: 'Payout Run Created' })).toHaveAccessibleDescription(
      /Payout run #5: 1 reseller, ₹67,280.00 net/,
    );
  });

  it('shows a run’s lines and tells the maker that a second admin must approve above the threshold', async () => {
    render(() => [run()]);
    const card = await screen.findByRole('article', { name: /Payout run #5/ });
    const row = within(card).getByText('Meena Jewels').closest('tr')!;
    for (const text of [
      '₹60,000.00',
      '−₹2,000.00',
      '₹1,160.00',
      '2 % u/s 393(1)',
      '₹10,440.00',
      '₹67,280.00',
      'Awaiting approval',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(card).getByRole('note')).toHaveTextContent(
      'Above ₹50,000: a second admin must approve this run. You created it, so another admin must approve it.',
    );
    expect(within(card).getByRole('button', { name: 'Approve and pay' })).toBeDisabled();
    expect(within(card).getByText('Ravi Gems: KYC is not approved')).toBeInTheDocument();
  });

  it('lets a second admin approve; the lines show paid with the bank reference', async () => {
    let approved = false;
    const calls = render(
      () => [
        approved
          ? run({
              status: 'APPROVED',
              approvedBy: 'Bala',
              lines: [line({ status: 'PROCESSED', utr: 'SBXN1234ABCD' })],
            })
          : run(),
      ],
      (url) => {
        if (url !== '/api/payout-runs/5/approve') return null;
        approved = true;
        return jsonResponse(run({ status: 'APPROVED' }));
      },
      2,
    );
    const card = await screen.findByRole('article', { name: /Payout run #5/ });
    expect(within(card).getByRole('note')).not.toHaveTextContent('You created it');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve and pay' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve Payout Run' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(calls).toContain('POST /api/payout-runs/5/approve {}'));
    const done = await screen.findByRole('article', { name: 'Payout run #5 · Approved' });
    expect(within(done).getByText('Paid')).toBeInTheDocument();
    expect(within(done).getByText('UTR SBXN1234ABCD')).toBeInTheDocument();
  });

  it('records the UTR of a manual transfer, and shows failed and reversed lines with their reason', async () => {
    const calls = render(
      () => [
        run({
          status: 'APPROVED',
          provider: 'manual',
          lines: [
            line({ status: 'QUEUED' }),
            line({
              payoutId: 32,
              vendorName: 'Kiran Silver',
              status: 'FAILED',
              failureReason: 'Account closed',
            }),
            line({
              payoutId: 33,
              vendorName: 'Ravi Gems',
              status: 'REVERSED',
              utr: 'N1234567',
              failureReason: 'Returned by the bank',
            }),
          ],
        }),
      ],
      (url) => (url === '/api/vendor-payouts/31/utr' ? new Response(null, { status: 204 }) : null),
    );
    const card = await screen.findByRole('article', { name: /Payout run #5/ });
    expect(within(card).getByText('Waiting for bank transfer')).toBeInTheDocument();
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('Account closed')).toBeInTheDocument();
    expect(within(card).getByText('Reversed')).toBeInTheDocument();
    expect(within(card).getByText('Returned by the bank')).toBeInTheDocument();
    const utr = within(card).getByLabelText('UTR for Meena Jewels');
    await userEvent.type(utr, 'abc');
    await userEvent.click(within(card).getByRole('button', { name: 'Record UTR' }));
    expect(within(card).getByText('A UTR is 6 to 30 letters and digits')).toBeInTheDocument();
    await userEvent.clear(utr);
    await userEvent.type(utr, 'HDFCN26112012345');
    await userEvent.click(within(card).getByRole('button', { name: 'Record UTR' }));
    await waitFor(() =>
      expect(calls).toContain('POST /api/vendor-payouts/31/utr {"utr":"HDFCN26112012345"}'),
    );
  });

  it('opens a reseller’s statement with its figures', async () => {
    const calls = render(
      () => [],
      (url) =>
        url.startsWith('/api/settlement/vendor/7/statement?')
          ? jsonResponse({
              vendorId: 7,
              vendorName: 'Meena Jewels',
              month: '2026-11',
              openingBalance: 0,
              orders: [
                {
                  orderNumber: 'ZV-1001',
                  at: '2026-11-02T10:00:00.000Z',
                  commission: 60_000,
                  reversed: 2_000,
                  releasedOn: '2026-11-12T10:00:00.000Z',
                },
              ],
              earned: 60_000,
              reversals: 2_000,
              released: 58_000,
              heldAtEnd: 3_000,
              payouts: [],
              tds: 0,
              gst: 0,
              paid: 0,
              closingBalance: 58_000,
            })
          : null,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Statement of Meena Jewels' }));
    const panel = await screen.findByRole('article', { name: 'Statement of Meena Jewels' });
    expect(await within(panel).findByText(/ZV-1001/)).toBeInTheDocument();
    expect(within(panel).getByText('Closing balance').nextSibling).toHaveTextContent('₹58,000.00');
    expect(
      calls.some((c) => /^GET \/api\/settlement\/vendor\/7\/statement\?month=\d{4}-\d{2}$/.test(c)),
    ).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });
});
