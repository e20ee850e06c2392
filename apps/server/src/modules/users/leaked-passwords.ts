import { STAFF_MESSAGES } from '@zevar/domain';
import { AppError } from '../../lib/errors';

let list: Promise<ReadonlySet<string>> | null = null;

/**
 * The 49,233 most common passwords of public leaks, as zxcvbn-ts ships them (decision 0043):
 * bundled, loaded on first use (about 0.4 MB), never a network call. Entries are lower-case.
 */
function leakedPasswords(): Promise<ReadonlySet<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return list;
}

/** Whether the password (compared case-insensitively, as the list is) is a commonly leaked one. */
export async function isLeakedPassword(password: string): Promise<boolean> {
  return (await leakedPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a leaked password with a 400 naming the field, for every place a password is set. */
export async function assertNotLeaked(password: string, field: string): Promise<void> {
  if (!(await isLeakedPassword(password))) return;
  throw new AppError('BAD_REQUEST', STAFF_MESSAGES.leakedPassword, [
    { path: field, message: STAFF_MESSAGES.leakedPassword },
  ]);
}
