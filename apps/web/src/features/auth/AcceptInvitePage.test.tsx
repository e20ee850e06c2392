// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import AcceptInvitePage from './AcceptInvitePage';

const routes = [
  { path: '/accept-invite', element: <AcceptInvitePage /> },
  { path: '/admin/dashboard', element: <h1>Admin area</h1> },
];
const TOKEN = 'b'.repeat(43);

describe('accept invitation page', () => {
  it('an expired invitation says so and offers no form', async () => {
    mockFetch(() => jsonResponse({ code: 'CONFLICT', message: STAFF_MESSAGES.linkExpired }, 409));
    renderRoutes(routes, `/accept-invite?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.linkExpired);
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument();
  });

  it('shows whom it is for, then signs the new admin in', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('/lookup')
        ? jsonResponse({ email: 'meera@example.in', name: 'Meera', roles: ['MANAGE_ORDERS'] })
        : jsonResponse({ token: 'jwt-9', userType: 'ADMIN', userId: 9, roles: ['MANAGE_ORDERS'] }),
    );
    renderRoutes(routes, `/accept-invite?token=${TOKEN}`);
    expect(await screen.findByText(/meera@example.in/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'meera');
    await user.type(screen.getByLabelText(/^Password/), 'Ruby#Necklace42');
    await user.type(screen.getByLabelText(/Confirm Password/), 'Ruby#Necklace42');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-9');
    const last = fetchMock.mock.calls.at(-1)!;
    expect(last[0]).toBe('/api/user/invites/accept');
    expect(JSON.parse(String(last[1]?.body))).toEqual({
      token: TOKEN,
      username: 'meera',
      password: 'Ruby#Necklace42',
    });
  });
});
