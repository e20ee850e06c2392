import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_TEXT, type Checkout, type IndianState } from '@zevar/domain';
import { isApiError } from '../../lib/api';
import { clearCart, clearStoredCheckout } from '../../lib/cart';
import { STORAGE_KEYS, writeItem } from '../../lib/storage';
import { forgetWaitingOrder, rememberWaitingOrder, waitingOrderKeys } from '../../lib/waiting-orders';
import { rememberOrderKey } from '../../lib/order-keys';
import { checkoutApi } from './checkout-api';
import {
  RAZORPAY_SCRIPT,
  SANDBOX_SCRIPT,
  loadCheckoutScript,
  openPaymentWindow,
  toPaise,
  type PaymentSuccess,
} from '../../lib/payment-window';
import type { ShippingValues } from './shipping-form';
import { EMPTY_TAX_IDS, type TaxIdValues } from './tax-ids';

export type PaymentPhase = 'idle' | 'processing' | 'verifying';

function orderInput(checkout: Checkout, v: ShippingValues, tax: TaxIdValues) {
  const address = {
    fullName: v.fullName.trim(),
    street: v.street.trim(),
    city: v.city.trim(),
    // The State select offers only the 36; the server checks it (and the PIN code) again.
    state: v.state.trim() as IndianState,
    country: 'India',
    postalCode: v.pincode.trim(),
    phone: v.phone.trim(),
  };
  return {
    customerName: address.fullName,
    customerEmail: v.email.trim(),
    customerPhone: address.phone,
    vendorSlug: checkout.vendorSlug,
    checkoutId: checkout.checkoutId,
    orderItems: checkout.items.map((i) => ({
      productSku: i.productSku,
      quantity: i.quantity,
      productName: i.name,
    })),
    totalAmount: checkout.subtotal,
    couponDiscount: checkout.discount,
    finalAmount: checkout.totalAmount,
    paymentMethod: 'RAZORPAY' as const,
    shippingAddress: address,
    billingAddress: address,
    ...(tax.gstin.trim() ? { buyerGstin: tax.gstin.trim() } : {}),
    ...(tax.pan.trim() ? { buyerPan: tax.pan.trim() } : {}),
    appliedCoupons: checkout.appliedCoupons.map((c) => c.code),
    waitingOrderKeys: waitingOrderKeys(),
  };
}

/**
 * Initiate the order, open the card window, verify, then go to the status page. An order placed
 * without a hold (other shoppers' unpaid orders hold the product's share) is paid only once the
 * shopper agrees (`confirmNotHeld`); otherwise it is cancelled at once.
 */
export function usePayment(
  home: string,
  onAmountsChanged: () => void,
  confirmNotHeld: () => Promise<boolean> = () => Promise.resolve(true),
) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [error, setError] = useState<string | null>(null);

  const goToStatus = (orderId: string, status: string) =>
    navigate(
      `${home}/payment-status?orderId=${encodeURIComponent(orderId)}&status=${encodeURIComponent(status)}`,
    );

  async function verify(orderId: string, response: PaymentSuccess) {
    if (!response.razorpay_payment_id || !response.razorpay_order_id || !response.razorpay_signature) {
      setPhase('idle');
      setError(PAYMENT_TEXT.paymentFailed);
      return;
    }
    setPhase('verifying');
    try {
      const result = await checkoutApi.confirmPayment({
        razorpayOrderId: response.razorpay_order_id,
        razorpayPaymentId: response.razorpay_payment_id,
        razorpaySignature: response.razorpay_signature,
      });
      forgetWaitingOrder(orderId);
      clearCart();
      clearStoredCheckout();
      await goToStatus(orderId, result.status);
    } catch {
      // The provider has a payment id, so money may have been taken: the order is not failed, it is
      // being confirmed (the webhook or the reconciler settles it). The cart stays until it is paid.
      writeItem(STORAGE_KEYS.confirmingOrder, orderId);
      await goToStatus(orderId, 'confirming');
    }
  }

  async function start(checkout: Checkout, values: ShippingValues, tax: TaxIdValues = EMPTY_TAX_IDS) {
    setError(null);
    setPhase('processing');
    try {
      const [order, config] = await Promise.all([
        checkoutApi.initiateOrder(orderInput(checkout, values, tax)),
        checkoutApi.paymentConfig(),
      ]);
      // Kept after payment too: the key opens the order's address and invoice on the status page.
      rememberOrderKey(order.orderId, order.cancelKey);
      rememberWaitingOrder({
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        amount: order.amount,
        cancelKey: order.cancelKey,
        startedAt: Date.now(),
      });
      await loadCheckoutScript(config.payments === 'sandbox' ? SANDBOX_SCRIPT : RAZORPAY_SCRIPT);
      if (!order.held && !(await confirmNotHeld())) {
        await checkoutApi
          .cancelPayment(order.orderId, 'dismissed', order.cancelKey)
          .then(() => forgetWaitingOrder(order.orderId))
          .catch((err: unknown) => console.error('cancel-payment failed', err));
        setPhase('idle');
        return;
      }
      // The card window opens now: the brief hold becomes the whole payment window. Paying works
      // without it (the hold only gets shorter), so a failure here does not stop the payment.
      await checkoutApi
        .openPaymentWindow(order.orderId, order.cancelKey)
        .catch((err: unknown) => console.warn('extending the hold failed', err));
      const address = [values.street, values.city, values.state, values.pincode]
        .map((s) => s.trim())
        .join(', ');
      const cancel = (reason: 'dismissed' | 'failed') =>
        checkoutApi
          .cancelPayment(order.orderId, reason, order.cancelKey)
          .then(() => forgetWaitingOrder(order.orderId))
          .catch((err: unknown) => console.error('cancel-payment failed', err));
      const instance = openPaymentWindow(
        {
          key: config.razorpayKeyId,
          amount: toPaise(order.amount),
          currency: 'INR',
          name: 'Zevar',
          description: `Order ${order.orderNumber}`,
          order_id: order.razorpayOrderId,
          prefill: { name: values.fullName.trim(), email: values.email.trim(), contact: values.phone.trim() },
          notes: { orderId: order.orderId, address },
          theme: { color: '#333333' },
          modal: {
            escape: false,
            confirm_close: true,
            ondismiss: () => void cancel('dismissed').then(() => goToStatus(order.orderId, 'cancelled')),
          },
          handler: (response) => void verify(order.orderId, response),
        },
        (failure) => {
          console.error('Payment failed', failure.error?.description ?? failure);
          instance.close?.();
          void cancel('failed').then(() => goToStatus(order.orderId, 'failed'));
        },
      );
    } catch (err) {
      setPhase('idle');
      if (isApiError(err) && err.status === 409) onAmountsChanged();
      setError(err instanceof Error && err.message ? err.message : PAYMENT_TEXT.initiateFailed);
    }
  }

  return { phase, error, start };
}
