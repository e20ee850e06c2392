// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SECTIONS, type AdminSectionKey } from '@zevar/domain';
import { useContext, type ComponentType } from 'react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { SectionPresetContext } from '../../lib/section-preset';
import { STORAGE_KEYS } from '../../lib/storage';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import AdminDashboardPage from './AdminDashboardPage';

// Sections are owned by their features; here each one only names itself and the filter it was opened
// with (a Today tile's link).
function stub(key: string): ComponentType {
  return function Stub() {
    const preset = useContext(SectionPresetContext).toString();
    return <p>{`${key} section body${preset ? ` (${preset})` : ''}`}</p>;
  };
}
const stubSections = Object.fromEntries(ADMIN_SECTIONS.map((s) => [s.key, stub(s.key)])) as Record<
  AdminSectionKey,
  ComponentType
>;

function renderDashboard(roles: string[], initialSection?: 'vendors' | 'email-templates') {
  signIn('ADMIN', roles);
  return renderRoutes(
    [
      {
        path: '/admin/dashboard',
        element: <AdminDashboardPage initialSection={initialSection} sections={stubSections} />,
      },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    '/admin/dashboard',
  );
}

/** The sections in the side navigation (the Today button above them aside). */
function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  return within(nav)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((label) => label !== 'Today');
}

/*
 * The dashboard asks the server for its own user on entry (and the Today figures, and ends the session
 * on logout): every test answers them here, so none of them reaches the network (happy-dom would send
 * them to http://localhost:3000). A test that needs other answers mocks fetch again.
 */
let server: Mock;
beforeEach(() => {
  server = mockFetch((url, init) => {
    if (url === '/api/user/1') return jsonResponse({ name: 'A', username: 'a', email: 'a@x.in' });
    if (url === '/api/user/logout' && init.method === 'POST') return new Response(null, { status: 204 });
    return notFound();
  });
});

describe('admin dashboard shell', () => {
  it('shows every section to a super admin, products first selected', async () => {
    renderDashboard(['SUPER_ADMIN']);
    expect(navLabels()).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(screen.getByRole('heading', { level: 1, name: 'Products Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('products section body')).toBeInTheDocument();
  });

  it('shows only the sections the stored roles allow', () => {
    renderDashboard(['MANAGE_PRODUCTS', 'MANAGE_ORDERS']);
    expect(navLabels()).toEqual([
      'Products',
      'Orders',
      'Fulfilment',
      'Invoices',
      'Payment links',
      'Reports',
      'Returns',
      'Customers',
    ]);
  });

  it.each([
    ['MANAGE_CAROUSEL', 'Carousel'],
    ['MANAGE_CATEGORIES', 'Categories'],
  ])('%s alone shows %s and selects it', (role, label) => {
    renderDashboard([role]);
    expect(navLabels()).toEqual([label]);
    expect(screen.getByRole('heading', { level: 1, name: `${label} Management` })).toBeInTheDocument();
  });

  it('MANAGE_VENDORS alone shows Vendors and settlement (KYC review, payout runs, TDS), and selects Vendors', () => {
    renderDashboard(['MANAGE_VENDORS']);
    expect(navLabels()).toEqual(['Vendors', 'KYC review', 'Payout runs', 'TDS']);
    expect(screen.getByRole('heading', { level: 1, name: 'Vendors Management' })).toBeInTheDocument();
  });

  it('MANAGE_ORDERS alone shows Orders, fulfilment, invoices, payment links, reports, returns and customers, and selects Orders', () => {
    renderDashboard(['MANAGE_ORDERS']);
    expect(navLabels()).toEqual([
      'Orders',
      'Fulfilment',
      'Invoices',
      'Payment links',
      'Reports',
      'Returns',
      'Customers',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeInTheDocument();
  });

  it('keeps metals, plans, reviews, email templates and coupons for SUPER_ADMIN', () => {
    renderDashboard([
      'MANAGE_CAROUSEL',
      'MANAGE_CATEGORIES',
      'MANAGE_PRODUCTS',
      'MANAGE_VENDORS',
      'MANAGE_ORDERS',
    ]);
    expect(navLabels()).toEqual([
      'Carousel',
      'Categories',
      'Products',
      'Vendors',
      'KYC review',
      'Payout runs',
      'TDS',
      'Orders',
      'Fulfilment',
      'Invoices',
      'Payment links',
      'Reports',
      'Returns',
      'Customers',
    ]);
  });

  it("switches section and title '{Section} Management' from the side navigation", async () => {
    const user = userEvent.setup();
    renderDashboard(['SUPER_ADMIN']);
    await user.click(screen.getByRole('button', { name: 'Metals' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Metals Management' })).toBeInTheDocument();
    expect(await screen.findByText('metals section body')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email Templates' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Email Templates Management' })).toBeInTheDocument();
  });

  it('opens on the preselected section of admin/vendors', () => {
    renderDashboard(['SUPER_ADMIN'], 'vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Vendors Management' })).toBeInTheDocument();
  });

  it('falls back to an allowed section when the preselected one is not allowed', () => {
    renderDashboard(['MANAGE_ORDERS'], 'vendors');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeInTheDocument();
  });

  it('explains when the admin has no permissions at all', () => {
    renderDashboard([]);
    expect(navLabels()).toEqual([]);
    expect(screen.getByText(/no admin permissions/)).toBeInTheDocument();
  });

  it('logs out: clears the session and goes to /login', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.cart, '[{"productId":1,"quantity":1}]');
    const { router } = renderDashboard(['SUPER_ADMIN']);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    // Signing out asks the server to end the session first: wait for it, however busy the machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.mock.calls.map(([url]) => url)).toContain('/api/user/logout');
    for (const key of ['token', 'userType', 'userId', 'userRoles'] as const) {
      expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.cart)).not.toBeNull();
  });

  it('checks its token on entry: an expired one ends the session even on a section that reads public data', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401));
    renderDashboard(['SUPER_ADMIN']);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/user/1');
  });

  it('sends a non-admin session to /login on entry', async () => {
    signIn('VENDOR');
    const { router } = renderRoutes(
      [
        { path: '/admin/dashboard', element: <AdminDashboardPage sections={stubSections} /> },
        { path: '/login', element: <h1>Login page</h1> },
      ],
      '/admin/dashboard',
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  describe('today', () => {
    const today = {
      businessDate: '2026-11-26',
      asOf: '2026-11-26T05:00:00.000Z',
      sales: { today: { orders: 2, amount: 3500.5 }, month: { orders: 4, amount: 4500.5 } },
      fulfilment: { toPack: 2, toShip: 1, exceptions: 1 },
      stock: { low: 2, out: 1 },
      payouts: { vendors: 1, payable: 123.45, tdsDue: 2100, tdsDueOn: '2026-12-07', tdsOverdue: 0 },
    };

    it("opens on the day's figures above the default section, each tile a link to its filtered list", async () => {
      mockFetch((url) =>
        url === '/api/admin/today'
          ? jsonResponse(today)
          : jsonResponse({ name: 'A', username: 'a', email: 'a@x.in' }),
      );
      renderDashboard(['MANAGE_PRODUCTS', 'MANAGE_ORDERS']);
      const region = await screen.findByRole('region', { name: 'Today' });
      const lowStock = await within(region).findByRole('link', { name: /Low stock\s*2/ });
      expect(lowStock).toHaveAttribute('href', '/admin/dashboard?section=products&stock=low&status=active');
      expect(
        within(region).getByRole('link', { name: /Sales today\s*₹3,500\.50\s*2 orders/ }),
      ).toBeInTheDocument();
      expect(within(region).getByRole('link', { name: /Shipment exceptions\s*1/ })).toHaveAttribute(
        'href',
        '/admin/dashboard?section=fulfilment&queue=EXCEPTIONS',
      );
      // Payouts are the vendor managers': a figure the server gave, but no link for these roles.
      expect(within(region).getByText('Vendor payouts due').closest('a')).toBeNull();
      expect(within(region).getByText('TDS to deposit').closest('a')).toBeNull();
      expect(within(region).getByText('by 7 Dec 2026')).toBeInTheDocument();
      // The spec's default section stays below.
      expect(screen.getByRole('heading', { level: 1, name: 'Products Management' })).toBeInTheDocument();
    });

    it('follows a tile: the section opens with the filter and the tiles make room', async () => {
      const user = userEvent.setup();
      mockFetch((url) =>
        url === '/api/admin/today'
          ? jsonResponse(today)
          : jsonResponse({ name: 'A', username: 'a', email: 'a@x.in' }),
      );
      renderDashboard(['SUPER_ADMIN']);
      expect(await screen.findByRole('link', { name: /TDS to deposit\s*₹2,100\.00\s*by/ })).toHaveAttribute(
        'href',
        '/admin/dashboard?section=tds',
      );
      await user.click(await screen.findByRole('link', { name: /Orders to pack/ }));
      expect(screen.getByRole('heading', { level: 1, name: 'Fulfilment Management' })).toBeInTheDocument();
      expect(
        await screen.findByText('fulfilment section body (section=fulfilment&queue=TO_PACK)'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
      // Back to the figures from the side navigation; a section chosen there opens without a filter.
      await user.click(screen.getByRole('button', { name: 'Today' }));
      expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Orders' }));
      expect(await screen.findByText('orders section body')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    });

    it('shows no Today for roles without figures, and not on a preselected section', () => {
      renderDashboard(['MANAGE_CAROUSEL']);
      expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    });
  });
});
