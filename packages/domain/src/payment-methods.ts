/**
 * The payment methods the checkout offers, in Razorpay Checkout's order for Indian buyers: UPI first,
 * then cards, netbanking and EMI. Passed to the gateway as Checkout's `config.display` (blocks and a
 * sequence, documented in 'Configure payment methods › Display the configuration'); the sandbox's
 * payment window shows the same blocks and records which one the buyer used.
 */
export const PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'emi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  upi: 'UPI',
  card: 'Cards',
  netbanking: 'Netbanking',
  emi: 'EMI',
};

/** Razorpay Checkout's `config` option: one block per method, shown in this sequence. */
export function checkoutDisplayConfig() {
  return {
    display: {
      blocks: Object.fromEntries(
        PAYMENT_METHODS.map((m) => [m, { name: PAYMENT_METHOD_LABEL[m], instruments: [{ method: m }] }]),
      ),
      sequence: PAYMENT_METHODS.map((m) => `block.${m}`),
      preferences: { show_default_blocks: false },
    },
  };
}
