// No zod here: the storefront's first load uses these rules; rupeesSchema is in primitives.ts.
/**
 * Money rules. The server keeps integer paise; the API speaks rupees with at most two decimals.
 */
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

export function formatInr(rupees: number, fractionDigits = 2): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(rupees);
}
