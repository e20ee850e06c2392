import { loginResponseSchema } from '@zevar/domain';
import { api } from './api';
import { getToken, logout, replaceToken } from './storage';

/**
 * Signs out: the server ends the token (so a copy of it stops working too), then the browser forgets
 * it. Signing out never fails for the user: an unreachable server still clears this browser.
 */
export async function signOut(): Promise<void> {
  if (getToken()) await api.post('/user/logout').catch(() => undefined);
  logout();
}

/** The password again: the server answers a token whose password proof is now. */
export async function reauthenticate(password: string): Promise<void> {
  const session = await api.post('/user/reauth', { password }, { schema: loginResponseSchema });
  replaceToken(session.token);
}
