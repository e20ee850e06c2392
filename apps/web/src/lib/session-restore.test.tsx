// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coupon } from '@zevar/domain';
import { SessionEndHandler } from '../components/SessionEndHandler';
import CouponsSection from '../features/admin/coupons/CouponsSection';
import LoginPage from '../features/auth/LoginPage';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../test/utils';

const coupon: Coupon = {
  id: 1,
  code: 'DIWALI500',
  type: 'APPLY_WITH_QUANTITY',
  discount: 500,
  quantity: 1,
  minimumTotalPrice: 0,
  expiryDate: '2099-01-01T00:00:00.000Z',
  description: 'Festive offer',
  expired: false,
  condition: 'On any order',
};

const routes = [
  {
    element: (
      <>
        <SessionEndHandler />
        <Outlet />
      </>
    ),
    children: [
      { path: '/admin/coupons', element: <CouponsSection /> },
      { path: '/admin/dashboard', element: <p>Admin home</p> },
      { path: '/login', element: <LoginPage /> },
    ],
  },
];

/** The coupon manager against a server whose token expires on demand; sign-in answers as `userId`. */
function setup(userId = 1) {
  const server = { expired: false, saved: null as unknown };
  signIn('ADMIN', ['SUPER_ADMIN'], 1);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/user/login' && init.method === 'POST') {
      server.expired = false;
      return jsonResponse({ token: 'fresh', userType: 'ADMIN', userId, roles: ['SUPER_ADMIN'] });
    }
    if (server.expired) return jsonResponse({ code: 'UNAUTHORIZED', message: 'Token expired' }, 401);
    if (url === '/api/coupon-codes/admin') return jsonResponse([coupon]);
    if (url === '/api/coupon-codes/1' && init.method === 'PUT') {
      server.saved = JSON.parse(init.body as string);
      return jsonResponse(coupon);
    }
    return notFound();
  });
  const { router } = renderRoutes(routes, '/admin/coupons');
  return { server, fetchMock, router, user: userEvent.setup() };
}

async function editThenLoseTheSession({ server, router, user }: ReturnType<typeof setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit DIWALI500' }));
  const description = screen.getByLabelText('Description');
  await user.clear(description);
  await user.type(description, 'Typed before the session ended');
  server.expired = true;
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
}

async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Username/), 'admin');
  await user.type(screen.getByLabelText(/Password/), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => window.sessionStorage.clear());

describe('an expired session keeps the work', () => {
  it('an edit, a 401, sign in again: the same screen with the unsaved edit restored, saved once, then gone', async () => {
    const ctx = setup();
    await editThenLoseTheSession(ctx);
    await signInAgain(ctx.user);

    await waitFor(() => expect(ctx.router.state.location.pathname).toBe('/admin/coupons'));
    expect(await screen.findByRole('heading', { name: 'Edit Coupon' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Typed before the session ended');
    expect(screen.getByLabelText('Code')).toHaveValue('DIWALI500');
    // The draft was handed back once: storage holds nothing any more.
    expect(window.sessionStorage.length).toBe(0);

    await ctx.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(ctx.server.saved).toMatchObject({
        code: 'DIWALI500',
        description: 'Typed before the session ended',
      }),
    );
  });

  it("another user signing in does not get the first user's screen or draft", async () => {
    const ctx = setup(2);
    await editThenLoseTheSession(ctx);
    await signInAgain(ctx.user);

    await waitFor(() => expect(ctx.router.state.location.pathname).toBe('/admin/dashboard'));
    expect(window.sessionStorage.length).toBe(0);
  });
});
