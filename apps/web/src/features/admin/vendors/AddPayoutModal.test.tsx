// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReauthProvider } from '../../../components/reauth/ReauthProvider';
import { BackOfficeProviders } from '../../../test/BackOfficeProviders';
import { vendorUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, signIn, testQueryClient } from '../../../test/utils';
import { AddPayoutModal } from './AddPayoutModal';

const preview = (confirmed: boolean) => ({
  vendorId: 7,
  amount: 1200,
  revenue: 12_000,
  productCount: 3,
  orderCount: 2,
  reversals: 0,
  reversedUnits: 0,
  netSales: 12_000,
  owedBack: 0,
  eligible: confirmed,
  reason: confirmed
    ? null
    : 'Bank account changed on 20 Nov 2026, 3:30 pm: an admin must confirm it before a payout',
  bankChangedAt: '2026-11-20T10:00:00.000Z',
  bankConfirmed: confirmed,
});

describe('Add Payout for a vendor whose bank account changed', () => {
  it('Confirm account asks, then the password, confirms through the server and lets the payout proceed', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    let confirmed = false;
    let proved = false;
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/preview')) return jsonResponse(preview(confirmed));
      if (url.endsWith('/user/reauth')) {
        proved = true;
        return jsonResponse({ token: 'fresh', userType: 'ADMIN', userId: 1, roles: ['SUPER_ADMIN'] });
      }
      if (url.endsWith('/user/7/confirm-bank') && init.method === 'POST') {
        if (!proved)
          return jsonResponse({ code: 'REAUTH_REQUIRED', message: 'Please enter your password again' }, 403);
        confirmed = true;
        return new Response(null, { status: 204 });
      }
      return jsonResponse({}, 404);
    });
    const user = userEvent.setup();
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <ReauthProvider>
          <AddPayoutModal vendor={vendorUser({ id: 7, bussinessName: 'Asha Gems' })} onClose={vi.fn()} />
        </ReauthProvider>
      </BackOfficeProviders>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Bank account changed on 20 Nov 2026');
    expect(screen.getByRole('button', { name: 'Process Payout' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Confirm account' }));
    const question = await screen.findByRole('dialog', { name: 'Confirm Bank Account' });
    expect(question).toHaveTextContent("Confirm that Asha Gems's new bank account");
    await user.click(within(question).getByRole('button', { name: 'Confirm account' }));

    await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(screen.getByLabelText('Password'), 'Right@Pass1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Bank account confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Process Payout' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Confirm account' })).not.toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/confirm-bank'));
    expect(calls).toHaveLength(2); // refused once for the password, then done
  });

  it('offers no Confirm account for an account that did not change', async () => {
    mockFetch(() => jsonResponse({ ...preview(true), bankChangedAt: null }));
    render(
      <BackOfficeProviders queryClient={testQueryClient()}>
        <AddPayoutModal vendor={vendorUser({ id: 7 })} onClose={vi.fn()} />
      </BackOfficeProviders>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Process Payout' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Confirm account' })).not.toBeInTheDocument();
  });
});
