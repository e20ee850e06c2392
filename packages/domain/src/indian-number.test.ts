import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatIndianRupees } from './indian-number';

// The oracle's formatters, one per option set (25 at most): building an Intl.NumberFormat costs far
// more than formatting with it, and the properties below format thousands of values.
const formatters = new Map<string, Intl.NumberFormat>();
const formatter = (options: Intl.NumberFormatOptions) => {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat('en-IN', options)));
  return f;
};
const intl = (value: number, max: number, min: number) =>
  formatter({ minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
const intlRupees = (value: number, digits: number) =>
  formatter({
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

/** Decimals asked for: (max, min) as the app asks (prices, grams, percents) and more. */
const digits = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }))
  .map(([a, b]) => [Math.max(a, b), Math.min(a, b)] as const);

describe('formatIndianNumber', () => {
  it('groups lakhs and crores', () => {
    expect(formatIndianNumber(1234567.5)).toBe('12,34,567.50');
    expect(formatIndianNumber(100000, 0)).toBe('1,00,000');
    expect(formatIndianNumber(999, 2, 0)).toBe('999');
    expect(formatIndianRupees(154606.14)).toBe('₹1,54,606.14');
    expect(formatIndianRupees(-5)).toBe('-₹5.00');
  });

  it('rounds half away from zero on the shortest decimal form, as Intl does', () => {
    expect(formatIndianNumber(1.005)).toBe('1.01');
    expect(formatIndianNumber(-0.5, 0)).toBe('-1');
    expect(formatIndianNumber(99999.999)).toBe('1,00,000.00');
  });

  it('writes what Intl en-IN writes for any amount of paise up to ₹10 crore', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), digits, (paise, [max, min]) => {
        const rupees = paise / 100;
        expect(formatIndianNumber(rupees, max, min)).toBe(intl(rupees, max, min));
        expect(formatIndianRupees(rupees, max)).toBe(intlRupees(rupees, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes what Intl en-IN writes for any double, large or small', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e16, max: 1e16 }), digits, (value, [max, min]) => {
        expect(formatIndianNumber(value, max, min)).toBe(intl(value, max, min));
      }),
      { numRuns: 3000 },
    );
  });
});
