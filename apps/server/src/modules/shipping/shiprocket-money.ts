/**
 * Shiprocket speaks rupees (numbers such as 123.9, or strings such as '9000.00'); the shop keeps
 * integer paise. Converting through `x * 100` is wrong for values like 1.15 (114.99999999999999),
 * so amounts are converted through their decimal digits instead.
 */

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * Rupees as Shiprocket sends them to exact paise. A third decimal (which they do not send today)
 * rounds half up; anything that is not a non-negative decimal is refused (RangeError).
 */
export function rupeesToPaise(rupees: number | string): number {
  const text = typeof rupees === 'number' ? numberToPlainString(rupees) : rupees.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not an amount in rupees: ${String(rupees).slice(0, 40)}`);
  const whole = m[1]!;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const paise = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1n : 0n);
  if (paise > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(paise);
}

/** Beyond 15 digits a double no longer holds every two-decimal rupee amount; orders stay far below. */
const MAX_EXACT_PAISE = 10 ** 15;

/** Integer paise to the rupee amount Shiprocket expects (a number with at most two decimals). */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise) || paise < 0 || paise > MAX_EXACT_PAISE)
    throw new RangeError('paise must be a whole number from 0 to 10^15');
  // Up to 15 significant digits, n / 100 is the double nearest the exact amount, and its shortest
  // decimal (what JSON.stringify writes) is that amount's two-decimal form.
  return paise / 100;
}

/** A declared value in whole rupees, rounded up so a parcel is never declared below its invoice. */
export function paiseToWholeRupeesUp(paise: number): number {
  return Math.ceil(paiseToRupees(paise));
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n) || n < 0) return 'NaN';
  // toString gives the shortest round-trip digits; exponent forms (1e21, 1e-7) are written out.
  const s = n.toString();
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}
