// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KYC_TEXT, type Kyc } from '@zevar/domain';
import { describe, expect, it, vi } from 'vitest';
import { vendorUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import KycForm, { KYC_FORM_TEXT } from './KycForm';

const submitted = (overrides: Partial<Kyc> = {}): Kyc => ({
  vendorId: 7,
  vendorName: 'Asha Gold House',
  status: 'AWAITING_APPROVAL',
  pan: 'ABCPK1234F',
  panHolderType: 'Individual',
  legalName: 'Asha Kulkarni',
  gstin: null,
  accountHolderName: 'Asha Kulkarni',
  accountNumber: '••••9012',
  ifsc: 'SBIN0000001',
  bankName: 'State Bank of India',
  check: { status: 'VERIFIED', registeredName: 'ASHA KULKARNI', nameMatch: 1, reason: null, checkedAt: null },
  submittedAt: '2026-11-20T06:30:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  rejectionReason: null,
  bankChangedSinceKyc: false,
  ...overrides,
});

function renderForm(kyc: Kyc | null = null, answer?: (url: string, init: RequestInit) => Response) {
  signIn('VENDOR', [], 7);
  const fetchMock = mockFetch(
    answer ??
      ((url) =>
        url === '/api/kyc/ifsc/SBIN0000001'
          ? jsonResponse({ ifsc: 'SBIN0000001', bankName: 'State Bank of India', bankCode: 'SBIN' })
          : notFound()),
  );
  const onSaved = vi.fn();
  renderRoutes([{ path: '/', element: <KycForm vendor={vendorUser()} kyc={kyc} onSaved={onSaved} /> }], '/');
  return { fetchMock, onSaved, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Submit for verification' });

describe('reseller KYC form', () => {
  it('explains each invalid field with the shared schema’s messages and sends nothing', async () => {
    const { fetchMock, user } = renderForm();
    await user.type(screen.getByLabelText('PAN'), 'ABC12');
    await user.type(screen.getByLabelText('GSTIN (optional)'), '27AAPFU');
    await user.clear(screen.getByLabelText('Bank account number'));
    await user.type(screen.getByLabelText('Bank account number'), '1234');
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'SBIN1');
    await user.click(submit());

    expect(await screen.findByLabelText('PAN')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.panInvalid),
    );
    expect(screen.getByLabelText('Legal name (as on the PAN)')).toHaveAccessibleDescription(
      KYC_TEXT.required,
    );
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.gstinInvalid),
    );
    expect(screen.getByLabelText('Bank account number')).toHaveAccessibleDescription(KYC_TEXT.accountInvalid);
    expect(screen.getByLabelText('IFSC')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.ifscInvalid),
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/api/kyc/me', expect.anything());
  });

  it('checks the PAN’s fourth letter, the account typed twice and the GSTIN’s PAN', async () => {
    const { fetchMock, user } = renderForm();
    // Fourth letter X names no kind of holder.
    await user.type(screen.getByLabelText('PAN'), 'ABCXK1234F');
    await user.type(screen.getByLabelText('Legal name (as on the PAN)'), 'Asha Kulkarni');
    await user.type(screen.getByLabelText('Re-enter bank account number'), '123456789013');
    await user.type(screen.getByLabelText('GSTIN (optional)'), '27AAPFU0939F1ZV');
    await user.click(submit());
    expect(await screen.findByLabelText('PAN')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.panHolderUnknown),
    );
    await user.clear(screen.getByLabelText('PAN'));
    await user.type(screen.getByLabelText('PAN'), 'abcpk1234f');
    expect(screen.getByText('PAN of: Individual')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByLabelText('Re-enter bank account number')).toHaveAccessibleDescription(
      KYC_TEXT.accountsDiffer,
    );
    expect(screen.getByLabelText('GSTIN (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.gstinPanMismatch),
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/api/kyc/me', expect.anything());
  });

  it('shows the bank of a well-formed IFSC, and says when the directory has no such code', async () => {
    const { user } = renderForm();
    expect(await screen.findByText('Bank: State Bank of India')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'zzzz0000001');
    expect(await screen.findByText(KYC_TEXT.ifscUnknown)).toBeInTheDocument();
  });

  it('submits PAN, names and the account with PUT /api/kyc/me, upper-cased and without an empty GSTIN', async () => {
    const { fetchMock, onSaved, user } = renderForm(null, (url) =>
      url === '/api/kyc/me'
        ? jsonResponse(submitted())
        : jsonResponse({ ifsc: 'SBIN0000001', bankName: 'State Bank of India', bankCode: 'SBIN' }),
    );
    await user.type(screen.getByLabelText('PAN'), 'abcpk1234f');
    await user.type(screen.getByLabelText('Legal name (as on the PAN)'), 'Asha Kulkarni');
    await user.type(screen.getByLabelText('Re-enter bank account number'), '123456789012');
    await user.click(submit());
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(dialog).toHaveAccessibleDescription(KYC_FORM_TEXT.submitted);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/kyc/me');
    expect(call?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      pan: 'ABCPK1234F',
      legalName: 'Asha Kulkarni',
      gstin: null,
      accountHolderName: 'Asha',
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'SBIN0000001',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ pan: 'ABCPK1234F' })));
  });

  it('says a changed bank account is verified again and holds payouts, and asks for the account again', () => {
    renderForm(submitted());
    expect(screen.getByRole('note')).toHaveTextContent(KYC_FORM_TEXT.bankChangeNotice);
    expect(screen.getByLabelText('Bank account number')).toHaveValue('');
    expect(screen.getByLabelText('PAN')).toHaveValue('ABCPK1234F');
  });

  it('puts the server’s field issues on the fields', async () => {
    const { user } = renderForm(submitted(), (url) =>
      url === '/api/kyc/me'
        ? jsonResponse(
            {
              code: 'BAD_REQUEST',
              message: KYC_TEXT.ifscUnknown,
              issues: [{ path: 'ifsc', message: KYC_TEXT.ifscUnknown }],
            },
            400,
          )
        : jsonResponse({ ifsc: 'SBIN0000001', bankName: 'State Bank of India', bankCode: 'SBIN' }),
    );
    await user.type(screen.getByLabelText('Bank account number'), '123456789012');
    await user.type(screen.getByLabelText('Re-enter bank account number'), '123456789012');
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      KYC_TEXT.ifscUnknown,
    );
    expect(screen.getByLabelText('IFSC')).toHaveAccessibleDescription(
      expect.stringContaining(KYC_TEXT.ifscUnknown),
    );
  });
});
