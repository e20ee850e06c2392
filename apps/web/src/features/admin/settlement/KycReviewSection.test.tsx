// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Kyc } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import KycReviewSection from './KycReviewSection';

const kyc = (over: Partial<Kyc> = {}): Kyc => ({
  vendorId: 7,
  vendorName: 'Meena Jewels',
  status: 'AWAITING_APPROVAL',
  pan: 'ABCPK1234F',
  panHolderType: 'Individual',
  legalName: 'Meena Kumari',
  gstin: '08ABCPK1234F1Z5',
  accountHolderName: 'Meena Kumari',
  accountNumber: '••••7778',
  ifsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  check: {
    status: 'VERIFIED',
    registeredName: 'RAMESH KUMAR',
    nameMatch: 0.5,
    reason: 'The name the bank holds differs from the account holder’s name',
    checkedAt: '2026-11-20T10:00:00.000Z',
  },
  submittedAt: '2026-11-20T09:59:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  rejectionReason: null,
  bankChangedSinceKyc: false,
  ...over,
});

function render(handler: (url: string, init: RequestInit) => Response) {
  signIn('ADMIN', ['MANAGE_VENDORS']);
  const calls: string[] = [];
  mockFetch((url, init) => {
    calls.push(`${init.method ?? 'GET'} ${url}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    return handler(url, init);
  });
  renderRoutes([{ path: '/', element: <KycReviewSection /> }], '/');
  return calls;
}

describe('KYC review', () => {
  it('lists resellers with their state and masked PAN and bank account, and filters by state', async () => {
    const calls = render((url) =>
      url.startsWith('/api/kyc')
        ? jsonResponse([kyc(), kyc({ vendorId: 8, vendorName: 'Ravi Gems', status: 'APPROVED' })])
        : notFound(),
    );
    const row = (await screen.findByText('Meena Jewels')).closest('tr')!;
    expect(within(row).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(row).getByText('XXXXXX234F')).toBeInTheDocument();
    expect(within(row).getByText(/••••7778/)).toBeInTheDocument();
    expect(screen.queryByText('ABCPK1234F')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Approved');
    await waitFor(() => expect(calls).toContain('GET /api/kyc?status=APPROVED'));
  });

  it('opens a KYC with the penny drop result, and approves it after a confirmation', async () => {
    let approved = false;
    const calls = render((url, init) => {
      if (url === '/api/kyc/vendor/7/approve' && init.method === 'POST') {
        approved = true;
        return jsonResponse(
          kyc({ status: 'APPROVED', reviewedAt: '2026-11-21T10:00:00.000Z', reviewedBy: 'Asha' }),
        );
      }
      if (url.startsWith('/api/kyc')) return jsonResponse([kyc(approved ? { status: 'APPROVED' } : {})]);
      return notFound();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review KYC of Meena Jewels' }));
    const detail = screen.getByRole('article', { name: 'KYC of Meena Jewels' });
    expect(within(detail).getByText('XXXXXX234F (Individual)')).toBeInTheDocument();
    expect(within(detail).getAllByText('Meena Kumari')).toHaveLength(2);
    expect(within(detail).getByText('08ABCPK1234F1Z5')).toBeInTheDocument();
    expect(within(detail).getByText('SBIN0001234')).toBeInTheDocument();
    expect(within(detail).getByText('Penny drop: Verified by penny drop')).toBeInTheDocument();
    expect(within(detail).getByText(/50 % match: names differ/)).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve KYC' });
    expect(confirm).toHaveAccessibleDescription(/account ending 7778 at State Bank of India/);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('KYC of Meena Jewels: Approved')).toBeInTheDocument();
    expect(calls).toContain('POST /api/kyc/vendor/7/approve {}');
  });

  it('rejects a bank change only with a reason, and sends the reason', async () => {
    const calls = render((url, init) => {
      if (url === '/api/kyc/vendor/7/reject' && init.method === 'POST')
        return jsonResponse(
          kyc({ status: 'REJECTED', rejectionReason: 'Account is not in the firm’s name' }),
        );
      if (url.startsWith('/api/kyc')) return jsonResponse([kyc({ bankChangedSinceKyc: true })]);
      return notFound();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review KYC of Meena Jewels' }));
    expect(screen.getByText(/names another bank account than this KYC checked/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('/reject'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Account is not in the firm’s name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls).toContain('POST /api/kyc/vendor/7/reject {"reason":"Account is not in the firm’s name"}'),
    );
    expect(await screen.findByText('KYC of Meena Jewels: Rejected')).toBeInTheDocument();
  });

  it('asks the provider again about a pending penny drop', async () => {
    const calls = render((url) => {
      if (url === '/api/kyc/vendor/7/verify') return jsonResponse(kyc());
      if (url.startsWith('/api/kyc'))
        return jsonResponse([
          kyc({
            status: 'PENDING_VERIFICATION',
            check: { ...kyc().check, status: 'PENDING', registeredName: null, nameMatch: null, reason: null },
          }),
        ]);
      return notFound();
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review KYC of Meena Jewels' }));
    expect(screen.getByText('Penny drop: Penny drop pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check account again' }));
    await waitFor(() => expect(calls).toContain('POST /api/kyc/vendor/7/verify {}'));
  });

  it('says when there is nothing to review', async () => {
    render((url) => (url.startsWith('/api/kyc') ? jsonResponse([]) : notFound()));
    expect(await screen.findByText('No KYC submissions')).toBeInTheDocument();
  });
});
