/*
 * Texts kept apart from commerce-messages.ts, whose PAYMENT_TEXT a shopper's product page carries on
 * its first load: these are read only by the cart, the checkout, the payment status page and the
 * server, so that first load does not pay for them.
 */

/** One cart, one payment (issue 20 item 1). */
export const ONE_PAYMENT_TEXT = {
  cartBeingPaid:
    'This cart is already being paid in another window. Finish or close that payment first; you will not be charged twice.',
  cartAlreadyPaid: 'This cart has already been paid. Check your order confirmation before paying again.',
  duplicateRefunding: (amount: string) =>
    `We received a second payment of ${amount} for this order. It is being refunded to you automatically.`,
  duplicateRefunded: (amount: string) =>
    `We received a second payment of ${amount} for this order. It has been refunded to you.`,
  duplicateRefundFailed: (amount: string) =>
    `We received a second payment of ${amount} for this order. Its refund could not be completed yet; our team will retry it.`,
};

/** The shopper's own orders waiting for payment (issue 20 item 12). */
export const WAITING_ORDERS_TEXT = {
  tooManyWaiting: (minutes: number) =>
    `Too many orders are waiting for payment. Please pay or cancel one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  title: 'Orders waiting for payment',
  cancel: 'Cancel',
  cancelled: (orderNumber: string) => `Order ${orderNumber} cancelled; its pieces are back in stock.`,
};

/** The delivery address's state and PIN code (issue 20 item 2: one of the 36, and the PIN can be in it). */
export const ADDRESS_STATE_TEXT = {
  stateNotListed: 'Please choose your state from the list',
  pinNotInState: (state: string) => `This PIN code is not in ${state}. Please check the state and PIN code.`,
};

/**
 * The payment status page of an order whose money goes back. The specification has no words for it;
 * the titles are the back office's payment status labels ('Refund Pending', 'Refunded', 'Refund
 * Failed'), with 'Partially Refunded' when the credit notes cover less than the invoice.
 */
export const REFUND_TEXT = {
  pendingTitle: 'Refund Pending',
  refundedTitle: 'Refunded',
  partiallyRefundedTitle: 'Partially Refunded',
  failedTitle: 'Refund Failed',
  pending: (amount: string) => `Your order has been cancelled. Your payment of ${amount} is being refunded.`,
  refunded: (amount: string) =>
    `Your order has been cancelled and your payment of ${amount} has been refunded.`,
  partiallyRefunded: (refunded: string, paid: string) =>
    `${refunded} of your payment of ${paid} has been refunded.`,
  failed: 'Your order has been cancelled, but its refund could not be completed yet. Our team will retry it.',
  refundedAmount: 'Refunded',
} as const;

/** Stock held by unpaid orders and clients that leave orders unpaid (issue 21 item 1). */
export const HOLD_TEXT = {
  notHeldTitle: 'Not held for you',
  payAnyway: 'Pay now',
  notHeld:
    'Other shoppers are paying for the last pieces in this order, so they are not held for you. You can still pay: if they are sold before your payment arrives, it is refunded in full automatically.',
  tooManyAbandoned: (minutes: number) =>
    `Several orders from your network were left unpaid. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

/** Prices that changed since the shopper last saw them, told in the cart and at checkout (issue 20 item 14). */
export const PRICE_CHANGE_TEXT = {
  title: 'Prices have changed since you last saw them',
  /** One changed line: its name, then the unit price before → now. */
  each: 'each',
  /** `difference` is the amount without a sign. */
  total: (difference: string, up: boolean) =>
    `Your total is ${difference} ${up ? 'higher' : 'lower'} than before.`,
  cartNote: 'Metal rates move during the day; you pay the prices shown here.',
  checkoutNote: 'You will pay the amounts shown in the order summary.',
  acknowledge: 'OK, I have seen the new prices',
} as const;
