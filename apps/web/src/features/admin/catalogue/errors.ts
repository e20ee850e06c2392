import { isApiError } from '../../../lib/api';

/**
 * The specification's failure text, followed by the server's reason when the server refused the input
 * (409 duplicates, 400 validation) so the admin knows what to change.
 */
export function failure(specText: string, err: unknown): string {
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.message)
    return `${specText}: ${err.message}`;
  return specText;
}
