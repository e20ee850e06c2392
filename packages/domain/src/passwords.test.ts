import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { isStrongPassword } from './passwords';
import { passwordSchema } from './users';

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
/** Every printable ASCII character that is not a letter, a digit or a space: what the message calls special. */
const special = fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

describe('the password rule', () => {
  it("accepts '#' and every other special character, as its message promises", () => {
    expect(passwordSchema.safeParse('Jewel#2026').success).toBe(true);
    fc.assert(
      fc.property(lower, upper, digit, special, fc.string({ maxLength: 20 }), (l, u, d, s, rest) => {
        const clean = rest.replace(/\p{Cc}/gu, '');
        const password = `${u}${l}${d}${s}xyzw${clean}`;
        expect(isStrongPassword(password)).toBe(true);
        expect(passwordSchema.safeParse(password).success).toBe(true);
      }),
    );
  });

  it('refuses a password missing any one of the promised parts, with the message that names them', () => {
    for (const weak of ['Jewel#2', 'jewel#2026', 'JEWEL#2026', 'Jewel#abcd', 'Jewel20266', 'Jewel 2026']) {
      expect(isStrongPassword(weak)).toBe(false);
      const result = passwordSchema.safeParse(weak);
      expect(result.error?.issues[0]?.message).toBe(MSG.password);
    }
  });

  it('refuses control characters and anything past 128 characters', () => {
    expect(isStrongPassword('Jewel#2026\n')).toBe(false);
    expect(isStrongPassword(`Jewel#2026${'a'.repeat(119)}`)).toBe(false);
    expect(isStrongPassword(`Jewel#2026${'a'.repeat(118)}`)).toBe(true);
  });
});
