// No zod here: the storefront's first load uses these rules; rupeesSchema is in primitives.ts.
/**
 * Money rules. The server keeps integer paise; the API speaks rupees with at most two decimals.
 */
import { formatIndianRupees } from './indian-number';
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/** Rounds up to a whole rupee: used for the amount to pay only (see `orderTotals`), never for line prices. */
export function roundUpToRupee(paise: Paise): Paise {
  return Math.ceil(paise / 100) * 100;
}

/**
 * Exact integer arithmetic for money (issue 13: "integer paise, big enough for crores"). Products of
 * paise, weights and basis points pass 2^53 long before the amounts themselves do, so price and tax
 * functions compute on `bigint` and convert back only amounts JavaScript holds exactly.
 */
export function paiseBig(value: number, what = 'amount'): bigint {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number of paise from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return BigInt(value);
}

/** n / d rounded half up (n ≥ 0, d > 0), exact at any size. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A bigint amount back to a number; one past 2^53 cannot be held exactly and is refused (RangeError). */
export function exactNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError('The amount is too large to hold exactly');
  return Number(value);
}

/** Discount percent = round((original - price) / original x 100); 0 when there is no real discount. */
export function discountPercent(pricePaise: Paise, originalPaise: Paise | null | undefined): number {
  if (!originalPaise || originalPaise <= 0 || pricePaise >= originalPaise) return 0;
  return Math.round(((originalPaise - pricePaise) / originalPaise) * 100);
}

/**
 * The largest single amount an input may carry: ₹10 crore (a product price, a commission, a coupon,
 * a plan price). Paise columns are PostgreSQL `bigint`; with at most 100 lines of 1000 units an
 * order stays below 10^15 paise, inside both `bigint` and JavaScript's exact integers.
 */
export const MAX_AMOUNT_RUPEES = 100_000_000;
export const MAX_AMOUNT_PAISE = MAX_AMOUNT_RUPEES * 100;

/** '₹1,23,456.00': written without Intl (indian-number.ts), the same on the server and every browser. */
export function formatInr(rupees: number, fractionDigits = 2): string {
  return formatIndianRupees(rupees, fractionDigits);
}
