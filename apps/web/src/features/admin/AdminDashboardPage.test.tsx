import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SECTIONS } from '@zevar/domain';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/utils';
import AdminDashboardPage from './AdminDashboardPage';

// Sections are owned by their features; here each one only names itself.
vi.mock('./sections', async (importOriginal) => {
  const original = await importOriginal<typeof import('./sections')>();
  const { ADMIN_SECTIONS: sections } = await import('@zevar/domain');
  const stubs = Object.fromEntries(sections.map((s) => [s.key, () => <p>{`${s.key} section body`}</p>]));
  return { ...original, SECTION_COMPONENTS: stubs };
});

function renderDashboard(roles: string[], initialSection?: 'vendors' | 'email-templates') {
  signIn('ADMIN', roles);
  return renderRoutes(
    [
      { path: '/admin/dashboard', element: <AdminDashboardPage initialSection={initialSection} /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    '/admin/dashboard',
  );
}

function navLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  return within(nav)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
}

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
    expect(navLabels()).toEqual(['Products', 'Orders', 'Fulfilment', 'Invoices', 'Returns']);
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

  it('MANAGE_ORDERS alone shows Orders and the invoice series, and selects Orders', () => {
    renderDashboard(['MANAGE_ORDERS']);
    expect(navLabels()).toEqual(['Orders', 'Fulfilment', 'Invoices', 'Returns']);
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
      'Returns',
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
    expect(router.state.location.pathname).toBe('/login');
    for (const key of ['token', 'userType', 'userId', 'userRoles'] as const) {
      expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.cart)).not.toBeNull();
  });

  it('checks its token on entry: an expired one ends the session even on a section that reads public data', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401));
    renderDashboard(['SUPER_ADMIN']);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/1');
  });

  it('sends a non-admin session to /login on entry', async () => {
    signIn('VENDOR');
    const { router } = renderRoutes(
      [
        { path: '/admin/dashboard', element: <AdminDashboardPage /> },
        { path: '/login', element: <h1>Login page</h1> },
      ],
      '/admin/dashboard',
    );
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
