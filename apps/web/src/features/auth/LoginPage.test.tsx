// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, homePathForUserType } from '../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import LoginPage from './LoginPage';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/vendor/dashboard', element: <h1>Vendor area</h1> },
  { path: '/admin/dashboard', element: <h1>Admin area</h1> },
  { path: '/', element: <h1>Shop</h1> },
];

async function signIn(username = 'asha', password = 'Secret@123') {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Login' });
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText('Username'), username);
  expect(button).toBeDisabled();
  await user.type(screen.getByLabelText('Password'), password);
  expect(button).toBeEnabled();
  await user.click(button);
}

describe('login page', () => {
  it.each([
    ['VENDOR', '/vendor/dashboard', 'Vendor area'],
    ['ADMIN', '/admin/dashboard', 'Admin area'],
  ])('a %s login is stored and lands on %s', async (userType, path, heading) => {
    const fetchMock = mockFetch(() =>
      jsonResponse({ token: 'jwt-1', userType, userId: 7, roles: ['SUPER_ADMIN'] }),
    );
    const { router } = renderRoutes(routes, '/login');
    await signIn();

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(MSG.loginSuccess);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-1');
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe(userType);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('7');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userRoles) ?? '[]')).toEqual(['SUPER_ADMIN']);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/login');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'asha', password: 'Secret@123' });
  });

  it('asks for the code after a right password, without the forgot-password and register links', async () => {
    mockFetch(() => jsonResponse({ secondFactor: 'required', challenge: 'c-1', userType: 'ADMIN' }));
    renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    await signIn();

    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register here' })).not.toBeInTheDocument();
  });

  it('sends other user types to the shop', () => {
    expect(homePathForUserType('CUSTOMER')).toBe('/');
    expect(homePathForUserType('vendor')).toBe('/vendor/dashboard');
    expect(homePathForUserType('Admin')).toBe('/admin/dashboard');
  });

  it('never sends an Authorization header with the login call', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stale-token');
    const fetchMock = mockFetch(() => jsonResponse({ token: 't', userType: 'VENDOR', userId: 1, roles: [] }));
    renderRoutes(routes, '/login');
    await signIn();
    await screen.findByRole('heading', { name: 'Vendor area' });
    const headers = (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('shows the credentials error and stays on the page when the login is refused', async () => {
    mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'Invalid username or password' }, 401));
    const { router } = renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(MSG.loginFailed);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("shows the server's message when rate limited (429)", async () => {
    mockFetch(() =>
      jsonResponse(
        { code: 'RATE_LIMITED', message: 'Too many failed logins. Try again in 15 minutes.' },
        429,
      ),
    );
    renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Too many failed logins. Try again in 15 minutes.',
    );
  });

  it('switches to Vendor Registration from the reseller prompt and back', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText(/Want to become a reseller\?/)).toHaveTextContent(
      'Want to become a reseller? Register here',
    );
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Register here' }));
    expect(screen.getByRole('heading', { name: 'Vendor Registration' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mode=register');

    await user.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});
