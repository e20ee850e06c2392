import type { CouponType } from './catalogue';
import { formatInr, roundUpToRupee } from './money';

/** A coupon as the rules see it: amounts in paise. */
export type CouponRule = {
  type: CouponType;
  discountPaise: number;
  /** Minimum total quantity (APPLY_WITH_QUANTITY). */
  minQuantity: number;
  /** Minimum subtotal (APPLY_WITH_TOTAL_PRICE). */
  minimumTotalPaise: number;
  expiryDate: Date;
};

/** What a coupon is evaluated against: the server's own figures. */
export type CouponBasket = { quantity: number; subtotalPaise: number };

export function isCouponExpired(coupon: Pick<CouponRule, 'expiryDate'>, now: Date): boolean {
  return coupon.expiryDate.getTime() < now.getTime();
}

/** Whether the basket meets the coupon's condition (expiry not considered). */
export function meetsCouponCondition(coupon: CouponRule, basket: CouponBasket): boolean {
  if (coupon.type === 'APPLY_WITH_TOTAL_PRICE') return basket.subtotalPaise >= coupon.minimumTotalPaise;
  return basket.quantity >= coupon.minQuantity;
}

/** A coupon applies when it is not expired, the basket is not empty and its condition is met. */
export function isCouponApplicable(coupon: CouponRule, basket: CouponBasket, now: Date): boolean {
  if (basket.quantity < 1 || basket.subtotalPaise <= 0) return false;
  return !isCouponExpired(coupon, now) && meetsCouponCondition(coupon, basket);
}

/** The provider refuses orders below ₹1, so a coupon never brings an order under it. */
export const MIN_PAYABLE_PAISE = 100;

/** Discount actually granted on an order: capped so at least MIN_PAYABLE_PAISE is left to pay. */
export function payableDiscount(discountPaise: number, subtotalPaise: number): number {
  return capDiscount(discountPaise, Math.max(0, subtotalPaise - MIN_PAYABLE_PAISE));
}

/** A discount is never negative and never more than the subtotal. */
export function capDiscount(discountPaise: number, subtotalPaise: number): number {
  return Math.max(0, Math.min(Math.round(discountPaise), Math.max(0, subtotalPaise)));
}

export const COUPON_TEXT = {
  /** The 400 a large discount gets without `confirmLargeDiscount`, and the form's question. */
  largeDiscount: (share: number) =>
    `This discount is more than ${share}% of the minimum order value. Confirm to save it anyway.`,
  /** A quantity coupon has no minimum order value: its amount is always named before it is saved. */
  quantityDiscount: (amount: string, share: number) =>
    `A quantity coupon has no minimum order value: ${amount} comes off any basket with enough pieces (at most ${share}% of it). Confirm to save it anyway.`,
  confirmTitle: 'Save a large discount?',
  confirmButton: 'Save anyway',
};

/** Default most share (percent) of a basket one coupon may take (`COUPON_MAX_SHARE_PERCENT`). */
export const DEFAULT_COUPON_MAX_SHARE_PERCENT = 50;

/** The most a coupon may take off a basket: `maxSharePercent` of its subtotal, rounded down to the paisa. */
export function couponShareCap(subtotalPaise: number, maxSharePercent: number): number {
  return Math.max(0, Math.floor((Math.max(0, subtotalPaise) * maxSharePercent) / 100));
}

/** A discount no larger than the coupon share cap of the basket. */
export function shareCappedDiscount(
  discountPaise: number,
  subtotalPaise: number,
  maxSharePercent: number,
): number {
  return Math.min(capDiscount(discountPaise, subtotalPaise), couponShareCap(subtotalPaise, maxSharePercent));
}

/**
 * Whether saving the coupon needs an explicit confirmation: its fixed discount is more than
 * `maxSharePercent` of its minimum basket. A quantity coupon has no minimum basket (a ₹25,000 typo
 * for ₹250 would take half of every basket up to the checkout cap), so its amount is always
 * confirmed.
 */
export function isLargeCouponDiscount(
  coupon: Pick<CouponRule, 'type' | 'discountPaise' | 'minimumTotalPaise'>,
  maxSharePercent: number,
): boolean {
  if (coupon.type === 'APPLY_WITH_QUANTITY') return coupon.discountPaise > 0;
  return coupon.discountPaise > couponShareCap(coupon.minimumTotalPaise, maxSharePercent);
}

/** Discount the coupon gives on the basket (0 when it does not apply). */
export function couponDiscount(coupon: CouponRule, basket: CouponBasket, now: Date): number {
  return isCouponApplicable(coupon, basket, now)
    ? capDiscount(coupon.discountPaise, basket.subtotalPaise)
    : 0;
}

/** The sentence a coupon listing shows for the coupon's condition. */
export function couponConditionText(
  coupon: Pick<CouponRule, 'type' | 'minQuantity' | 'minimumTotalPaise'>,
): string {
  if (coupon.type === 'APPLY_WITH_TOTAL_PRICE') {
    return coupon.minimumTotalPaise > 0
      ? `On orders of ${formatInr(coupon.minimumTotalPaise / 100, 0)} or more`
      : 'On any order';
  }
  return coupon.minQuantity > 1 ? `On orders of ${coupon.minQuantity} or more items` : 'On any order';
}

/**
 * Totals of a basket (storefront spec §9): lines keep the product's own price; only the amount to pay
 * (subtotal minus a capped discount plus shipping) is rounded up to a whole rupee, and that rounding
 * is its own figure (`roundOffPaise`, 0..99) so every screen, mail and the provider show the same sum.
 */
export function orderTotals(subtotalPaise: number, discountPaise: number, shippingPaise = 0) {
  const discount = capDiscount(discountPaise, subtotalPaise);
  const exact = subtotalPaise - discount + shippingPaise;
  const finalPaise = roundUpToRupee(exact);
  return {
    subtotalPaise,
    discountPaise: discount,
    shippingPaise,
    roundOffPaise: finalPaise - exact,
    finalPaise,
  };
}

/** The round-off of stored totals (nothing is stored twice: it is what the rounding added). */
export function roundOffOf(t: {
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise?: number;
  finalPaise: number;
}) {
  return t.finalPaise - (t.subtotalPaise - t.discountPaise + (t.shippingPaise ?? 0));
}
