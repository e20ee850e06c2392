import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_VALUES } from './commerce';
import {
  canMoveOrder,
  canMovePayment,
  nextOrderStatuses,
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
