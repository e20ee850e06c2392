import { useEffect, useRef, useState } from 'react';
import { checkUsernameResponse } from '@zevar/domain';
import { api } from '../../lib/api';

export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Pause after the last keystroke before the availability call. */
export const USERNAME_CHECK_DELAY_MS = 300;
export const USERNAME_CHECK_MIN_LENGTH = 3;

/**
 * Username availability: checked after a 300 ms pause, only for 3 or more characters and only when
 * the value differs from the one last checked. Calls GET /api/user/check-username?username=X.
 */
export function useUsernameAvailability(username: string): UsernameStatus {
  const [status, setStatus] = useState<UsernameStatus>('idle');
  const last = useRef<{ value: string; status: UsernameStatus } | null>(null);

  useEffect(() => {
    const value = username.trim();
    if (value.length < USERNAME_CHECK_MIN_LENGTH) {
      setStatus('idle');
      return;
    }
    if (last.current?.value === value) {
      // Unchanged since the last answer (typed away and back within the pause): no new call.
      setStatus(last.current.status);
      return;
    }
    setStatus('idle');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('checking');
      api
        .get('/user/check-username', {
          query: { username: value },
          schema: checkUsernameResponse,
          signal: controller.signal,
        })
        .then((answer) => {
          const result: UsernameStatus = answer.available ? 'available' : 'taken';
          last.current = { value, status: result };
          setStatus(result);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Username check failed', err);
          setStatus('error');
        });
    }, USERNAME_CHECK_DELAY_MS);

    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username]);

  return status;
}
