import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indianMobileForSms, PHONE_PATTERN } from './index';

const mobile = fc
  .tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
  .map(([a, b]) => a + b);

describe('Indian mobile numbers for SMS providers', () => {
  it('a stored 10-digit mobile becomes 91 and its digits, however it is prefixed or spaced', () => {
    fc.assert(
      fc.property(mobile, (m) => {
        expect(PHONE_PATTERN.test(m)).toBe(true);
        const want = `91${m}`;
        for (const written of [
          m,
          `+91${m}`,
          `91${m}`,
          `0${m}`,
          `+91 ${m.slice(0, 5)} ${m.slice(5)}`,
          `${m.slice(0, 5)}-${m.slice(5)}`,
        ])
          expect(indianMobileForSms(written)).toBe(want);
      }),
    );
  });

  it('refuses landlines, short, long and foreign numbers', () => {
    for (const bad of [
      '2212345678',
      '0221234567',
      '98765',
      '98765432101',
      '+14155550100',
      '',
      'abcdefghij',
      '91-22-1234-5678',
    ])
      expect(indianMobileForSms(bad)).toBeUndefined();
    fc.assert(
      fc.property(fc.stringMatching(/^[0-5]\d{9}$/), (landline) => {
        expect(indianMobileForSms(landline)).toBeUndefined();
      }),
    );
  });
});
