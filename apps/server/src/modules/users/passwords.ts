import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 is Argon2id; the library's defaults (19 MiB, 2 passes) follow the OWASP minimum.
const OPTIONS = { algorithm: 2 as const };
const DUMMY_HASH = hash('timing-equaliser-not-a-password', OPTIONS);

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Verifies against a hash, or against a dummy one when the user does not exist, so timing reveals nothing. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password);
  } catch {
    return false;
  }
}
