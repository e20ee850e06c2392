import { isApiError } from './api';

/**
 * The specification's failure text, followed by the server's reason when the server refused the input
 * (409 duplicates, 400 validation) so the admin knows what to change.
 */
export function failure(specText: string, err: unknown): string {
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.message)
    return `${specText}: ${err.message}`;
  return specText;
}

/** The server's message when it sent one (4xx/5xx with a body), else the fallback. */
export function serverMessageOr(err: unknown, fallback: string): string {
  return isApiError(err) && err.status !== 0 && err.message && !err.code.startsWith('HTTP_')
    ? err.message
    : fallback;
}
