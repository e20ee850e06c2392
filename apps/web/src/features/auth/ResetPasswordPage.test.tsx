// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import ResetPasswordPage from './ResetPasswordPage';
import ForgotPasswordPage from './ForgotPasswordPage';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/login', element: <h1>Sign In</h1> },
];
const TOKEN = 'a'.repeat(43);

describe('forgotten password pages', () => {
  it('asks for a username or email and shows the one answer the server gives', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: STAFF_MESSAGES.resetRequested }));
    renderRoutes(routes, '/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Username or email/), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_MESSAGES.resetRequested);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ identifier: 'asha@example.in' });
  });

  it('says plainly that a used link no longer works, with a way to ask for a new one', async () => {
    mockFetch(() => jsonResponse({ code: 'CONFLICT', message: STAFF_MESSAGES.linkUsed }, 409));
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_MESSAGES.linkUsed);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/New Password/)).not.toBeInTheDocument();
  });

  it('sets the new password through a working link and shows a leaked-password refusal on the field', async () => {
    let attempt = 0;
    const fetchMock = mockFetch((url) => {
      if (url.includes('/lookup')) return jsonResponse({ valid: true });
      attempt += 1;
      return attempt === 1
        ? jsonResponse(
            {
              code: 'BAD_REQUEST',
              message: STAFF_MESSAGES.leakedPassword,
              issues: [{ path: 'password', message: STAFF_MESSAGES.leakedPassword }],
            },
            400,
          )
        : jsonResponse({ message: STAFF_MESSAGES.passwordReset });
    });
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New Password/), 'P@ssw0rd');
    await user.type(screen.getByLabelText(/Confirm New Password/), 'P@ssw0rd');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(STAFF_MESSAGES.leakedPassword)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), 'Emerald$Ring77');
    await user.clear(screen.getByLabelText(/Confirm New Password/));
    await user.type(screen.getByLabelText(/Confirm New Password/), 'Emerald$Ring77');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_MESSAGES.passwordReset);
    const last = fetchMock.mock.calls.at(-1)!;
    expect(last[0]).toBe('/api/user/password-reset');
    expect(JSON.parse(String(last[1]?.body))).toEqual({ token: TOKEN, password: 'Emerald$Ring77' });
  });
});
