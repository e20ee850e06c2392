// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/LoginPage';
import { api } from '../lib/api';
import { STORAGE_KEYS } from '../lib/storage';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../test/utils';
import { useDialog } from './dialog/dialog-context';
import { SessionEndHandler } from './SessionEndHandler';

/** A back-office screen that loads three things and reports each failure in a dialog, like the sections. */
function Section({ name }: { name: string }) {
  const dialog = useDialog();
  const query = useQuery({ queryKey: [name], queryFn: () => api.get(`/admin/${name}`), retry: false });
  useEffect(() => {
    if (query.isError) void dialog.error('Error', `Failed to load ${name}`);
  }, [query.isError, dialog, name]);
  return <p>{name}</p>;
}

const routes = [
  {
    element: (
      <>
        <SessionEndHandler />
        <Outlet />
      </>
    ),
    children: [
      {
        path: '/admin/dashboard',
        element: (
          <>
            <Section name="products" />
            <Section name="orders" />
            <Section name="metals" />
          </>
        ),
      },
      { path: '/login', element: <LoginPage /> },
    ],
  },
];

describe('session end', () => {
  it("an expired token signs out, clears storage and goes to /login saying 'Your session has ended' once, with no cascade of load failures", async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'Invalid token' }, 401));
    const { router } = renderRoutes(routes, '/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findAllByText('Your session has ended. Please sign in again.')).toHaveLength(1);
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.userType,
      STORAGE_KEYS.userId,
      STORAGE_KEYS.userRoles,
    ])
      expect(localStorage.getItem(key)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a refused request of a shopper (no token) is reported as before and does not end anything', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'No' }, 401));
    const { router } = renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(fetchMock).toHaveBeenCalled();
  });
});
