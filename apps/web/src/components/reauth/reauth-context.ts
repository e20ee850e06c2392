import { createContext, useContext } from 'react';
import { isApiError } from '../../lib/api';

/** Thrown when the user closes the password prompt: the action was not done, and nothing more is said. */
export class ReauthCancelled extends Error {
  constructor() {
    super('Re-authentication cancelled');
    this.name = 'ReauthCancelled';
  }
}

export function isReauthCancelled(err: unknown): boolean {
  return err instanceof ReauthCancelled;
}

/** Whether the server refused an action until the password is entered again. */
export function needsReauth(err: unknown): boolean {
  return isApiError(err) && err.code === 'REAUTH_REQUIRED';
}

/** Asks for the password; resolves true once the server accepted it, false when the user cancelled. */
export type ReauthPrompt = () => Promise<boolean>;

export const ReauthContext = createContext<ReauthPrompt | null>(null);

/**
 * Runs an action that the server may refuse with REAUTH_REQUIRED (role changes, refunds, password
 * resets): on that refusal it asks for the password once and runs the action again. Without a
 * ReauthProvider the action simply runs.
 */
export function useReauth(): <T>(action: () => Promise<T>) => Promise<T> {
  const prompt = useContext(ReauthContext);
  return async (action) => {
    try {
      return await action();
    } catch (err) {
      if (!prompt || !needsReauth(err)) throw err;
      if (!(await prompt())) throw new ReauthCancelled();
      return action();
    }
  };
}
