import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { vendorUser } from '../../test/fixtures';
import { expectConsoleError, jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/utils';
import VendorDashboardPage from './VendorDashboardPage';

function renderDashboard(answer: (url: string) => Response) {
  signIn('VENDOR', [], 7);
  const fetchMock = mockFetch(answer);
  const utils = renderRoutes(
    [
      { path: '/vendor/dashboard', element: <VendorDashboardPage /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    '/vendor/dashboard',
  );
  return { ...utils, fetchMock };
}

describe('vendor dashboard shell', () => {
  it('loads the stored user with the token and shows header, stats and profile', async () => {
    const { fetchMock } = renderDashboard(() => jsonResponse(vendorUser()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Jewellers' })).toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/7');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');

    expect(screen.getByText('Basic')).toBeInTheDocument();
    expect(screen.getByText('Valid until 15 March 2099')).toBeInTheDocument();
    for (const name of ['Upgrade Plan', 'Notifications', 'Settings', 'Logout']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('Total Products').nextSibling).toHaveTextContent('40');
    expect(screen.getByText('Total Orders').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Commission earned').nextSibling).toHaveTextContent('₹15,400.50');
    expect(screen.getByText('Commission paid out').nextSibling).toHaveTextContent('₹9,000.00');
    expect(screen.getByText('Sales').nextSibling).toHaveTextContent('₹1,54,005.00');
    expect(screen.getByText('Last Payout Date').nextSibling).toHaveTextContent('5 Feb 2025');
    expect(screen.queryByText(/Upgrade your plan/)).not.toBeInTheDocument();

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile',
      'Shop face',
      'All Products',
      'Quotes',
      'Analytics',
      'Orders',
      'Payout History',
      'Statement',
      'Payouts & KYC',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: /\/asha$/ })).toHaveAttribute('href', '/asha');
  });

  it('prompts for a website name when the vendor has no slug, and notes upgrades on Free', async () => {
    renderDashboard(() => jsonResponse(vendorUser({ slug: null, plan: 'FREE', subscriptions: [] })));
    expect(await screen.findByText(MSG.vendorSlugMissing)).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText(/Valid until/)).not.toBeInTheDocument();
    expect(screen.getByText(/Upgrade your plan/)).toBeInTheDocument();
  });

  it('hides the expiry when the subscription has ended', async () => {
    const ended = vendorUser().subscriptions.map((s) => ({ ...s, endDate: '2020-01-01T00:00:00.000Z' }));
    renderDashboard(() => jsonResponse(vendorUser({ subscriptions: ended })));
    await screen.findByRole('heading', { level: 1, name: 'Asha Jewellers' });
    expect(screen.queryByText(/Valid until/)).not.toBeInTheDocument();
  });

  it('switches tabs and opens the profile editor', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDashboard(() => jsonResponse(vendorUser()));
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/vendor-payouts/') ? jsonResponse([]) : jsonResponse(vendorUser()),
    );
    await screen.findByRole('heading', { level: 1, name: 'Asha Jewellers' });
    await user.click(screen.getByRole('tab', { name: 'Payout History' }));
    expect(screen.getByRole('tab', { name: 'Payout History' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
  });

  it("shows 'Failed to load vendor details' and goes to /login when loading fails", async () => {
    expectConsoleError('Failed to load vendor details');
    const { router } = renderDashboard(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      MSG.vendorLoadFailed,
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says what the vendor owes back after refunds, and shows gross sales, reversals and net sales per payout', async () => {
    const stats = { ...vendorUser().vendorStats!, revenue: 100, commissionPaidOut: 350, owedBack: 250 };
    const payout = {
      id: 1,
      vendorId: 7,
      vendorName: 'Asha Jewellers',
      payoutDate: '2026-11-20T06:30:00.000Z',
      amount: 350,
      productCount: 1,
      orderCount: 1,
      revenue: 1000,
      reversedUnits: 2,
      reversals: 2000,
      netSales: -1000,
      bankDetails: {
        bankName: 'SBI',
        accountNumber: '5556667778',
        ifscCode: 'SBIN0001234',
        accountHolderName: 'Asha',
      },
    };
    renderDashboard((url) =>
      url.includes('/vendor-payouts/')
        ? jsonResponse([payout])
        : jsonResponse(vendorUser({ vendorStats: stats })),
    );
    expect((await screen.findByText('Owed back')).nextSibling).toHaveTextContent('₹250.00');
    expect(screen.getByText(/taken from your next payouts/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Payout History' }));
    const table = await screen.findByRole('table', { name: 'Payout history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Gross Sales', 'Reversals', 'Net Sales']));
    expect(headers).not.toContain('Revenue');
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['₹1,000.00', '₹2,000.00 (2 pcs)', '-₹1,000.00']));
  });

  it('logs out to /login', async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard(() => jsonResponse(vendorUser()));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
