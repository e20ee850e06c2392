import { useEffect, useState } from 'react';
import { ERROR_TITLE, SUCCESS_TITLE, PAYMENT_TEXT, type Coupon } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { api } from '../../../lib/api';
import { formatInr } from '../../../lib/format';
import { setSelectedCoupon } from '../../../lib/storage';

/** Product page coupon texts (storefront error catalogue). */
export const PRODUCT_COUPON_TEXT = {
  applied: (discount: number) =>
    `Coupon applied! You save ${formatInr(discount, Number.isInteger(discount) ? 0 : 2)}`,
  notApplicable: PAYMENT_TEXT.couponNotApplicable,
  failed: PAYMENT_TEXT.couponFailed,
} as const;

/** The basket the coupon is checked against: the quantity chosen on the page and the unit price. */
export type CouponBasket = { quantity: number; unitPrice: number };

export type AppliedCoupon = { code: string; discount: number };

/** The answer is true or false (checked by hand: zod is not part of the product page's first load). */
const yesOrNo = {
  parse(value: unknown): boolean {
    if (typeof value !== 'boolean') throw new TypeError('Expected true or false');
    return value;
  },
};

const applies = (code: string, quantity: number, totalPrice: number) =>
  api.post('/coupon-codes/apply', undefined, { query: { code, quantity, totalPrice }, schema: yesOrNo });

/**
 * The coupon a shopper selected on the product page, checked by the server against the current quantity
 * and price x quantity. A change of quantity clears it (it was checked for the old basket).
 */
export function useCouponSelection(basket: CouponBasket) {
  const dialog = useDialog();
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => setApplied(null), [basket.quantity, basket.unitPrice]);

  const apply = async (coupon: Coupon) => {
    const total = Math.round(basket.unitPrice * basket.quantity * 100) / 100;
    setPending(coupon.code);
    try {
      const ok = await applies(coupon.code, basket.quantity, total);
      if (ok) {
        const discount = Math.min(coupon.discount, total);
        setApplied({ code: coupon.code, discount });
        setSelectedCoupon(coupon.code);
        void dialog.success(SUCCESS_TITLE, PRODUCT_COUPON_TEXT.applied(discount));
      } else {
        void dialog.error(ERROR_TITLE, PRODUCT_COUPON_TEXT.notApplicable);
      }
    } catch {
      void dialog.error(ERROR_TITLE, PRODUCT_COUPON_TEXT.failed);
    } finally {
      setPending(null);
    }
  };

  const remove = () => {
    setApplied(null);
    setSelectedCoupon(null);
  };
  return { applied, pending, apply, remove };
}
