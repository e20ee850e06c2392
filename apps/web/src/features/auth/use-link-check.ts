import { useEffect, useState } from 'react';
import type { AnswerParser } from '../../lib/api';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../lib/api';
import { MSG, STAFF_MESSAGES } from '@zevar/domain';

export type LinkCheck<T> =
  { state: 'checking' } | { state: 'ok'; answer: T } | { state: 'refused'; message: string };

/** Asks the server whether an emailed one-time link still works (and says why not, word for word). */
export function useLinkCheck<T>(path: string, token: string, schema: AnswerParser<T>): LinkCheck<T> {
  const [check, setCheck] = useState<LinkCheck<T>>({ state: 'checking' });
  useEffect(() => {
    if (!token) {
      setCheck({ state: 'refused', message: STAFF_MESSAGES.linkInvalid });
      return;
    }
    const controller = new AbortController();
    api
      .get(path, { query: { token }, schema, signal: controller.signal })
      .then((answer) => setCheck({ state: 'ok', answer }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          err instanceof ApiError
            ? err.status === 0
              ? SERVER_NOT_RESPONDING
              : err.status === 400
                ? STAFF_MESSAGES.linkInvalid
                : err.message
            : MSG.genericError;
        setCheck({ state: 'refused', message });
      });
    return () => controller.abort();
  }, [path, token, schema]);
  return check;
}
