import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  capDiscount,
  couponConditionText,
  couponDiscount,
  isCouponApplicable,
  orderTotals,
  roundOffOf,
  payableDiscount,
  MIN_PAYABLE_PAISE,
  couponShareCap,
  isLargeCouponDiscount,
  shareCappedDiscount,
  type CouponRule,
} from './coupons';
import { roundUpToRupee } from './money';

const now = new Date('2026-06-01T00:00:00Z');
const future = new Date('2026-07-01T00:00:00Z');
const past = new Date('2026-05-01T00:00:00Z');

const quantityCoupon: CouponRule = {
  type: 'APPLY_WITH_QUANTITY',
  discountPaise: 50_000,
  minQuantity: 2,
  minimumTotalPaise: 0,
  expiryDate: future,
};
const priceCoupon: CouponRule = {
  ...quantityCoupon,
  type: 'APPLY_WITH_TOTAL_PRICE',
  minQuantity: 1,
  minimumTotalPaise: 300_000,
};

const couponArb = fc.record({
  type: fc.constantFrom('APPLY_WITH_QUANTITY' as const, 'APPLY_WITH_TOTAL_PRICE' as const),
  discountPaise: fc.integer({ min: 0, max: 10_000_000 }),
  minQuantity: fc.integer({ min: 1, max: 20 }),
  minimumTotalPaise: fc.integer({ min: 0, max: 10_000_000 }),
  expiryDate: fc.date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
});
const basketArb = fc.record({
  quantity: fc.integer({ min: 0, max: 50 }),
  subtotalPaise: fc.integer({ min: 0, max: 50_000_000 }),
});

describe('coupon rules', () => {
  it('a quantity coupon applies when the total quantity reaches its minimum', () => {
    expect(isCouponApplicable(quantityCoupon, { quantity: 1, subtotalPaise: 500_000 }, now)).toBe(false);
    expect(isCouponApplicable(quantityCoupon, { quantity: 2, subtotalPaise: 500_000 }, now)).toBe(true);
  });

  it('a price coupon applies when the subtotal reaches its minimum total', () => {
    expect(isCouponApplicable(priceCoupon, { quantity: 5, subtotalPaise: 299_999 }, now)).toBe(false);
    expect(isCouponApplicable(priceCoupon, { quantity: 1, subtotalPaise: 300_000 }, now)).toBe(true);
  });

  it('an expired coupon never applies', () => {
    expect(
      isCouponApplicable(
        { ...quantityCoupon, expiryDate: past },
        { quantity: 9, subtotalPaise: 900_000 },
        now,
      ),
    ).toBe(false);
  });

  it('the discount is capped at the subtotal', () => {
    expect(
      couponDiscount({ ...quantityCoupon, minQuantity: 1 }, { quantity: 1, subtotalPaise: 20_000 }, now),
    ).toBe(20_000);
  });

  it('the condition sentence names the minimum', () => {
    expect(couponConditionText(quantityCoupon)).toBe('On orders of 2 or more items');
    expect(couponConditionText(priceCoupon)).toBe('On orders of ₹3,000 or more');
    expect(couponConditionText({ ...quantityCoupon, minQuantity: 1 })).toBe('On any order');
  });

  it('a discount is always between 0 and the subtotal, in whole paise', () => {
    fc.assert(
      fc.property(couponArb, basketArb, (coupon, basket) => {
        const d = couponDiscount(coupon, basket, now);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.max(0, basket.subtotalPaise));
      }),
    );
  });

  it('a coupon that applies to a basket still applies when the basket grows', () => {
    fc.assert(
      fc.property(couponArb, basketArb, fc.nat(10), fc.nat(1_000_000), (coupon, basket, dq, dp) => {
        fc.pre(isCouponApplicable(coupon, basket, now));
        expect(
          isCouponApplicable(
            coupon,
            { quantity: basket.quantity + dq, subtotalPaise: basket.subtotalPaise + dp },
            now,
          ),
        ).toBe(true);
      }),
    );
  });

  it('capDiscount never goes negative for any input', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (d, s) => {
        const c = capDiscount(d, s);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(Math.max(0, s));
      }),
    );
  });
});

describe('money totals (spec §9: only the total is rounded up)', () => {
  const linesArb = fc.array(
    fc.record({ price: fc.integer({ min: 1, max: 5_000_000 }), qty: fc.integer({ min: 1, max: 20 }) }),
    { minLength: 1, maxLength: 10 },
  );

  it('lines keep their exact price; the total is the exact sum rounded up by less than a rupee', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 10_000_000 }), (lines, discount) => {
        const subtotal = lines.reduce((sum, l) => sum + l.price * l.qty, 0);
        const t = orderTotals(subtotal, discount);
        expect(t.subtotalPaise).toBe(subtotal);
        expect(Number.isInteger(t.finalPaise)).toBe(true);
        expect(t.finalPaise % 100).toBe(0);
        expect(t.roundOffPaise).toBeGreaterThanOrEqual(0);
        expect(t.roundOffPaise).toBeLessThan(100);
        expect(t.subtotalPaise - t.discountPaise + t.shippingPaise + t.roundOffPaise).toBe(t.finalPaise);
        expect(roundOffOf(t)).toBe(t.roundOffPaise);
      }),
    );
  });

  it('a whole-rupee total has no round-off line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), (rupees) => {
        expect(orderTotals(rupees * 100, 0).roundOffPaise).toBe(0);
      }),
    );
  });

  it('₹907.60 stays ₹907.60 as a line and the total to pay is ₹908 with ₹0.40 round-off', () => {
    const t = orderTotals(90_760, 0);
    expect(t).toEqual({
      subtotalPaise: 90_760,
      discountPaise: 0,
      shippingPaise: 0,
      roundOffPaise: 40,
      finalPaise: 90_800,
    });
  });

  it('rounding up to a rupee never lowers an amount nor raises it by a rupee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (p) => {
        const r = roundUpToRupee(p);
        expect(r).toBeGreaterThanOrEqual(p);
        expect(r - p).toBeLessThan(100);
        expect(r % 100).toBe(0);
      }),
    );
  });
});

describe('payable discount', () => {
  it('always leaves at least one rupee to pay when the subtotal allows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 0, max: 1e8 }), (d, s) => {
        const p = payableDiscount(d, s);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(d);
        if (s >= MIN_PAYABLE_PAISE) expect(s - p).toBeGreaterThanOrEqual(MIN_PAYABLE_PAISE);
      }),
    );
  });
});

describe('coupon share cap (issue 20: a ₹25,000 typo for ₹250 sold a ₹2,499 piece for ₹1)', () => {
  it('never lets a coupon take more than the share of the basket', () => {
    expect(shareCappedDiscount(2_500_000, 249_900, 50)).toBe(124_950);
    expect(shareCappedDiscount(25_000, 249_900, 50)).toBe(25_000);
    expect(couponShareCap(101, 50)).toBe(50);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 1, max: 100 }),
        (discount, subtotal, share) => {
          const d = shareCappedDiscount(discount, subtotal, share);
          return d >= 0 && d <= discount && d * 100 <= subtotal * share;
        },
      ),
    );
  });

  it('flags a fixed discount above the share of the minimum basket', () => {
    const rule = { type: 'APPLY_WITH_TOTAL_PRICE' as const, minimumTotalPaise: 200_000 };
    expect(isLargeCouponDiscount({ ...rule, discountPaise: 2_500_000 }, 50)).toBe(true);
    expect(isLargeCouponDiscount({ ...rule, discountPaise: 100_000 }, 50)).toBe(false);
    expect(isLargeCouponDiscount({ ...rule, discountPaise: 100_001 }, 50)).toBe(true);
    // A quantity coupon has no minimum basket: any amount is confirmed (a ₹25,000 typo for ₹250).
    const quantity = { type: 'APPLY_WITH_QUANTITY' as const, minimumTotalPaise: 0 };
    expect(isLargeCouponDiscount({ ...quantity, discountPaise: 25_000_00 }, 50)).toBe(true);
    expect(isLargeCouponDiscount({ ...quantity, discountPaise: 500 }, 50)).toBe(true);
    expect(isLargeCouponDiscount({ ...quantity, discountPaise: 0 }, 50)).toBe(false);
  });
});
