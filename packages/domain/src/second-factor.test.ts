import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptsStep,
  isTotpCode,
  normalizeRecoveryCode,
  secondFactorRequired,
  timeStep,
  TOTP_WINDOW,
} from './second-factor';

describe('TOTP time steps', () => {
  it('counts 30-second steps from the epoch', () => {
    expect(timeStep(0)).toBe(0);
    expect(timeStep(29_999)).toBe(0);
    expect(timeStep(30_000)).toBe(1);
    // RFC 6238 appendix B: T = 0x23523EC at 1111111109 s.
    expect(timeStep(1_111_111_109_000)).toBe(0x23523ec);
  });

  it('accepts a code of the current step or one step either side, never further', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 1e8 }), fc.integer({ min: -5, max: 5 }), (now, delta) => {
        expect(acceptsStep(now, now + delta, 0)).toBe(Math.abs(delta) <= TOTP_WINDOW);
      }),
    );
  });

  it('refuses a replayed code: a step at or before the last accepted one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 1e8 }), fc.integer({ min: -1, max: 1 }), (now, delta) => {
        const step = now + delta;
        expect(acceptsStep(now, step, step - 1)).toBe(true);
        expect(acceptsStep(now, step, step)).toBe(false);
        expect(acceptsStep(now, step, step + 1)).toBe(false);
      }),
    );
  });

  it('after a newer code was accepted, an older code inside the window is refused', () => {
    expect(acceptsStep(100, 101, 0)).toBe(true);
    expect(acceptsStep(100, 100, 101)).toBe(false);
    expect(acceptsStep(100, 99, 101)).toBe(false);
  });
});

describe('codes as typed', () => {
  it('tells six digits from a recovery code', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('abcd-efgh-ij')).toBe(false);
  });

  it('compares recovery codes without dashes, spaces or case', () => {
    expect(normalizeRecoveryCode(' AbCd-eFgh-12 ')).toBe('abcdefgh12');
  });
});

describe('who must have a second factor', () => {
  it('super admins and the roles that move money; never vendors', () => {
    expect(secondFactorRequired('ADMIN', ['SUPER_ADMIN'])).toBe(true);
    expect(secondFactorRequired('ADMIN', ['MANAGE_ORDERS'])).toBe(true);
    expect(secondFactorRequired('ADMIN', ['MANAGE_VENDORS', 'VIEW_DETAILS'])).toBe(true);
    expect(secondFactorRequired('ADMIN', ['MANAGE_PRODUCTS', 'VIEW_AUDIT'])).toBe(false);
    expect(secondFactorRequired('VENDOR', ['SUPER_ADMIN'])).toBe(false);
  });
});
