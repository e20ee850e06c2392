/**
 * The one password rule, for every place a password is set (vendor registration, the first admin,
 * `npm run create-admin`, password changes), and the message that states it. "Special character"
 * means any character that is not a letter, a digit or a space: '#', '^', '_', '€' all count, as
 * the message promises; letters and digits of any script count as letters and digits.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Tested by the rule; kept as one pattern so zod, scripts and the seed share it. No control characters. */
export const PASSWORD_PATTERN = /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\p{Nd})(?=.*[^\p{L}\p{N}\s])[^\p{Cc}]{8,}$/u;

export function isStrongPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(password);
}
