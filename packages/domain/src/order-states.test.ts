import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ORDER_STATUS_VALUES, PAYMENT_STATUS_VALUES } from './commerce';
import {
  REFUNDING_PAYMENT_STATUSES,
  canMoveOrder,
  canMoveOrderWithPayment,
  canMovePayment,
  nextOrderStatuses,
  nextOrderStatusesWithPayment,
  orderStatusInput,
  paymentStatusInput,
} from './order-states';

describe('order state machine', () => {
  it('moves forward one step at a time from confirmation to delivery', () => {
    expect(canMoveOrder('CONFIRMED', 'PROCESSING')).toBe(true);
    expect(canMoveOrder('PROCESSING', 'SHIPPED')).toBe(true);
    expect(canMoveOrder('SHIPPED', 'DELIVERED')).toBe(true);
    expect(canMoveOrder('CONFIRMED', 'SHIPPED')).toBe(false);
    expect(canMoveOrder('DELIVERED', 'SHIPPED')).toBe(false);
  });

  it('allows cancelling only before shipping, and never confirming by hand', () => {
    const cancellable = ORDER_STATUS_VALUES.filter((s) => canMoveOrder(s, 'CANCELLED'));
    expect(cancellable).toEqual(['PENDING', 'PAYMENT_PENDING', 'CONFIRMED', 'PROCESSING']);
    expect(ORDER_STATUS_VALUES.some((s) => canMoveOrder(s, 'CONFIRMED'))).toBe(false);
    expect(nextOrderStatuses('CANCELLED')).toEqual([]);
  });

  it('offers a refunded shipped order no Delivered, and offers exactly the moves the server accepts', () => {
    expect(nextOrderStatusesWithPayment('SHIPPED', 'REFUNDED')).toEqual([]);
    expect(nextOrderStatusesWithPayment('PROCESSING', 'REFUND_PENDING')).toEqual(['CANCELLED']);
    expect(nextOrderStatusesWithPayment('SHIPPED', 'CAPTURED')).toEqual(['DELIVERED']);
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUS_VALUES),
        fc.constantFrom(...ORDER_STATUS_VALUES),
        fc.constantFrom(...PAYMENT_STATUS_VALUES),
        (from, to, payment) => {
          const offered = nextOrderStatusesWithPayment(from, payment).includes(to);
          expect(offered).toBe(canMoveOrderWithPayment(from, to, payment));
          if (REFUNDING_PAYMENT_STATUSES.includes(payment) && offered) expect(to).toBe('CANCELLED');
        },
      ),
    );
  });

  it('refunds only a captured payment and never captures by hand', () => {
    expect(canMovePayment('CAPTURED', 'REFUNDED')).toBe(true);
    expect(canMovePayment('PENDING', 'REFUNDED')).toBe(false);
    expect(canMovePayment('PENDING', 'CAPTURED')).toBe(false);
  });

  it('reads status values in any letter case and refuses unknown ones', () => {
    expect(orderStatusInput.parse(' shipped ')).toBe('SHIPPED');
    expect(paymentStatusInput.parse('Refunded')).toBe('REFUNDED');
    expect(orderStatusInput.safeParse('LOST').success).toBe(false);
  });
});
