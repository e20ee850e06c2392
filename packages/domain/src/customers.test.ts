import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { customerKeySchema, maskEmail, maskPhone } from './customers';

describe('contact data masked for detail viewers', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('meera.iyer@example.in')).toBe('m•••@example.in');
    expect(maskEmail('not-an-email')).toBe('•••');
    expect(maskEmail('@example.in')).toBe('•••');
  });

  it('keeps only the last two digits of a phone', () => {
    expect(maskPhone('+91 98100 12345')).toBe('•••••45');
    expect(maskPhone('7')).toBe('•••');
  });

  it('never shows more than two digits of any phone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 +-]{0,20}$/), (phone) => {
        expect(maskPhone(phone).replace(/\D/g, '').length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('takes only a 32-digit hex digest as a customer key', () => {
    expect(customerKeySchema.safeParse('0123456789abcdef0123456789abcdef').success).toBe(true);
    expect(customerKeySchema.safeParse('meera@example.in').success).toBe(false);
  });
});
