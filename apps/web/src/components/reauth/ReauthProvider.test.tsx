// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { api } from '../../lib/api';
import { getToken } from '../../lib/storage';
import { jsonResponse, mockFetch, signIn } from '../../test/utils';
import { ReauthProvider } from './ReauthProvider';
import { isReauthCancelled, useReauth } from './reauth-context';

function Refund() {
  const reauth = useReauth();
  const [result, setResult] = useState('');
  const run = async () => {
    try {
      setResult(await reauth(() => api.post<string>('/orders/refund')));
    } catch (err) {
      setResult(isReauthCancelled(err) ? 'cancelled' : 'failed');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Refund
      </button>
      <output>{result}</output>
    </>
  );
}

describe('password re-entry before sensitive actions', () => {
  it('asks for the password when the server wants it, stores the new token and runs the action again', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    let proved = false;
    const fetch = mockFetch((url, init) => {
      if (url.endsWith('/user/reauth')) {
        const { password } = JSON.parse(init.body as string) as { password: string };
        if (password !== 'Right@Pass1')
          return jsonResponse({ code: 'BAD_REQUEST', message: 'The current password is not correct' }, 400);
        proved = true;
        return jsonResponse({ token: 'fresh-token', userType: 'ADMIN', userId: 1, roles: ['SUPER_ADMIN'] });
      }
      return proved
        ? jsonResponse('refunded')
        : jsonResponse({ code: 'REAUTH_REQUIRED', message: 'Please enter your password again' }, 403);
    });
    const user = userEvent.setup();
    render(
      <ReauthProvider>
        <Refund />
      </ReauthProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.type(screen.getByLabelText('Password'), 'Wrong@Pass1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Right@Pass1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('refunded')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(getToken()).toBe('fresh-token');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('does nothing more when the prompt is cancelled', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    mockFetch(() =>
      jsonResponse({ code: 'REAUTH_REQUIRED', message: 'Please enter your password again' }, 403),
    );
    const user = userEvent.setup();
    render(
      <ReauthProvider>
        <Refund />
      </ReauthProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
  });
});
