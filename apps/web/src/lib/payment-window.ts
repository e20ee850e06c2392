import { checkoutDisplayConfig } from '@zevar/domain';
/** The provider's browser checkout (Razorpay's checkout.js, or the sandbox's stand-in with the same API). */
export type PaymentSuccess = {
  razorpay_payment_id?: string;
  razorpay_order_id?: string;
  razorpay_signature?: string;
};
export type PaymentFailure = { error?: { description?: string; code?: string } };

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  modal: { escape: boolean; confirm_close: boolean; ondismiss: () => void };
  handler: (response: PaymentSuccess) => void;
}

interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', fn: (response: PaymentFailure) => void): void;
}
/** What the provider's window is given: the caller's options and the one payment-method display. */
type WindowOptions = RazorpayOptions & {
  /** Checkout's payment-method display (blocks and their sequence: UPI first). */
  config: ReturnType<typeof checkoutDisplayConfig>;
};
type RazorpayConstructor = new (options: WindowOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_SCRIPT = '/sandbox/checkout.js';

const loading = new Map<string, Promise<void>>();

/** Loads the checkout script once; a failed load can be retried. */
export function loadCheckoutScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error('Could not load the payment window'));
    };
    document.body.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/**
 * Opens the card window; `onFailed` gets the provider's failure event. Every payment (an order, a
 * plan) offers the same methods in the same order: the checkout's display configuration is added here.
 */
export function openPaymentWindow(
  options: RazorpayOptions,
  onFailed: (response: PaymentFailure) => void,
): RazorpayInstance {
  if (!window.Razorpay) throw new Error('Payment window is not available');
  const instance = new window.Razorpay({ ...options, config: checkoutDisplayConfig() });
  instance.on('payment.failed', onFailed);
  instance.open();
  return instance;
}

/** Amount in paise for the provider: rupees times 100, rounded. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
