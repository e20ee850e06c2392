/**
 * Numbers written the Indian way ('12,34,567.50': groups of two digits above the thousands), as
 * `Intl.NumberFormat('en-IN')` writes them, without Intl. A page's first use of Intl loads its locale
 * data: tens of milliseconds on a phone's main thread, for a storefront page that only shows prices.
 * The property tests hold this to Intl's output.
 */

function group(integer: string): string {
  if (integer.length <= 3) return integer;
  const head = integer.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${integer.slice(-3)}`;
}

/** `digits` (a decimal string of only digits) plus one in its last place. */
function increment(digits: string): string {
  return (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
}

/**
 * `value` with between `minDigits` and `maxDigits` decimals, rounded half away from zero on its
 * shortest decimal form (as Intl rounds): '1,23,456.5' for (123456.5, 2, 0).
 */
export function formatIndianNumber(value: number, maxDigits = 2, minDigits = maxDigits): string {
  const plain = String(Math.abs(value));
  // Not a finite number, or one JavaScript writes with an exponent (below 1e-6 or from 1e21): Intl.
  if (!Number.isFinite(value) || plain.includes('e')) {
    return new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    }).format(value);
  }
  let [integer = '0', fraction = ''] = plain.split('.');
  if (fraction.length > maxDigits) {
    const roundUp = fraction.charCodeAt(maxDigits) - 48 >= 5;
    const kept = integer + fraction.slice(0, maxDigits);
    const rounded = roundUp ? increment(kept) : kept;
    integer = rounded.slice(0, rounded.length - maxDigits) || '0';
    fraction = rounded.slice(rounded.length - maxDigits);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minDigits, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${group(integer)}${fraction ? `.${fraction}` : ''}`;
}

/** '₹1,23,456.00' (en-IN currency format, '-₹5.00' below zero). */
export function formatIndianRupees(rupees: number, fractionDigits = 2): string {
  const number = formatIndianNumber(rupees, fractionDigits);
  return number.startsWith('-') ? `-₹${number.slice(1)}` : `₹${number}`;
}
