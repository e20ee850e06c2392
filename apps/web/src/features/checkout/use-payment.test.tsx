// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkout } from '@zevar/domain';
import { inclusivePriceBreakup, toPriceBreakup } from '@zevar/domain';
import { getCart } from '../../lib/cart';
import type { RazorpayOptions } from '../../lib/payment-window';
import { STORAGE_KEYS } from '../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import { EMPTY_SHIPPING } from './shipping-form';
import { usePayment } from './use-payment';

/*
 * The provider's window, as Razorpay's checkout.js puts it on the page: it "returns" a signed payment at
 * once, as Razorpay's handler does. The real lib/payment-window finds it there and opens it.
 */
class FakeRazorpay {
  private readonly options: RazorpayOptions;
  constructor(options: RazorpayOptions) {
    this.options = options;
  }
  on() {}
  open() {
    this.options.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'sig',
    });
  }
}

const checkout: Checkout = {
  checkoutId: '11111111-2222-4333-8444-555555555555',
  vendorSlug: 'zevar',
  items: [
    {
      productId: 1,
      productSku: 'ZV-1',
      name: 'Ring',
      image: null,
      quantity: 1,
      price: 1000,
      lineTotal: 1000,
      priceBreakup: toPriceBreakup(inclusivePriceBreakup(Math.round(1000 * 100))),
      previousPrice: null,
    },
  ],
  priceChange: 0,
  subtotal: 1000,
  discount: 0,
  roundOff: 0,
  totalAmount: 1000,
  appliedCoupons: [],
  status: 'PENDING',
  expirationTime: '2099-01-01T00:00:00.000Z',
};

function Pay() {
  const payment = usePayment('/zevar', () => undefined);
  return (
    <button type="button" onClick={() => void payment.start(checkout, { ...EMPTY_SHIPPING, fullName: 'A' })}>
      Pay
    </button>
  );
}

function Status() {
  return <h1>Status {window.location.search}</h1>;
}

beforeEach(() => {
  localStorage.clear();
  window.Razorpay = FakeRazorpay as unknown as typeof window.Razorpay;
});
afterEach(() => {
  delete window.Razorpay;
});

describe('payment confirmation', () => {
  it('a failed confirm-payment after the provider took the payment is "being confirmed", not failed, and keeps the cart', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 1 }]));
    mockFetch((url) => {
      if (url.includes('/initiate-order'))
        return jsonResponse({
          orderId: 'o-1',
          orderNumber: 'ZV1',
          amount: 1000,
          razorpayOrderId: 'order_1',
          cancelKey: 'ck-1',
        });
      if (url.includes('/config')) return jsonResponse({ payments: 'sandbox', razorpayKeyId: 'k' });
      if (url.includes('/confirm-payment')) return jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
      if (url.includes('/payment-window')) return jsonResponse({ extended: true, holdExpiresAt: null });
      return jsonResponse({}, 404);
    });
    const { router } = renderRoutes(
      [
        { path: '/zevar/pay', element: <Pay /> },
        { path: '/zevar/payment-status', element: <Status /> },
      ],
      '/zevar/pay',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zevar/payment-status'));
    expect(router.state.location.search).toBe('?orderId=o-1&status=confirming');
    expect(getCart()).toEqual([{ productId: 1, quantity: 1 }]);
    expect(localStorage.getItem(STORAGE_KEYS.confirmingOrder)).toBe('o-1');
  });
});
