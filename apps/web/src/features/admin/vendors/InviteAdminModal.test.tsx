// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { InviteAdminModal } from './InviteAdminModal';

describe('Invite Admin', () => {
  it('offers SUPER_ADMIN only to a super admin and sends the invitation', async () => {
    localStorage.setItem(STORAGE_KEYS.userRoles, JSON.stringify(['MANAGE_USERS']));
    const fetchMock = mockFetch(() =>
      jsonResponse(
        {
          id: 1,
          email: 'meera@example.in',
          name: 'Meera',
          roles: ['VIEW_DETAILS'],
          expiresAt: '2026-11-29T00:00:00Z',
        },
        201,
      ),
    );
    renderRoutes([{ path: '/', element: <InviteAdminModal onClose={() => undefined} /> }], '/');
    expect(screen.queryByLabelText('SUPER_ADMIN')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Meera');
    await user.type(screen.getByLabelText(/^Email/), 'meera@example.in');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Select at least one role')).toBeInTheDocument();
    await user.click(screen.getByLabelText('VIEW_DETAILS'));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      STAFF_MESSAGES.inviteSent('meera@example.in'),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/invites');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'meera@example.in',
      name: 'Meera',
      roles: ['VIEW_DETAILS'],
    });
  });
});
