import { paiseToRupees, roundOffOf } from '@zevar/domain';
import type { orderItems, orders } from '../../db/schema';

/** An order's stored paise as the API's rupees (shopper and admin views alike). */
export function orderMoney(order: typeof orders.$inferSelect) {
  return {
    totalAmount: paiseToRupees(order.totalAmountPaise),
    couponDiscount: paiseToRupees(order.couponDiscountPaise),
    shippingCost: paiseToRupees(order.shippingCostPaise),
    roundOff: paiseToRupees(
      roundOffOf({
        subtotalPaise: order.totalAmountPaise,
        discountPaise: order.couponDiscountPaise,
        shippingPaise: order.shippingCostPaise,
        finalPaise: order.finalAmountPaise,
      }),
    ),
    finalAmount: paiseToRupees(order.finalAmountPaise),
    appliedCoupons: order.appliedCoupons.map((c) => ({
      code: c.code,
      discount: paiseToRupees(c.discountPaise),
    })),
  };
}

export function lineMoney(item: typeof orderItems.$inferSelect) {
  return {
    priceAtTime: paiseToRupees(item.priceAtTimePaise),
    totalPrice: paiseToRupees(item.totalPricePaise),
  };
}
