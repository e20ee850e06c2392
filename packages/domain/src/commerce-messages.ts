/** Cart, checkout and payment texts from the specification, word for word. */
export const PAYMENT_TEXT = {
  stockLimitTitle: 'Stock Limit',
  stockLimit: (stock: number) => `Maximum available quantity is ${stock}`,
  lowStock: (n: number) => `Only ${n} left!`,
  cartEmpty: 'Your cart is empty',
  tooManyWaiting: (minutes: number) =>
    `Too many orders are waiting for payment. Please pay or cancel one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  waitingOrdersTitle: 'Orders waiting for payment',
  waitingOrderCancel: 'Cancel',
  waitingOrderCancelled: (orderNumber: string) =>
    `Order ${orderNumber} cancelled; its pieces are back in stock.`,
  checkoutEmpty: 'Your checkout is empty',
  freeShipping: 'Free',
  fillAllRequired: 'Please fill all required fields',
  invalidPin: 'Please enter a valid 6-digit PIN code',
  addressRequired: 'Please fill in all required address fields.',
  /** Issue 20 item 2: the state is one of the 36, and the PIN code can be in it. */
  stateNotListed: 'Please choose your state from the list',
  pinNotInState: (state: string) => `This PIN code is not in ${state}. Please check the state and PIN code.`,
  validationError: 'Validation Error',
  couponApplied: 'Coupon applied successfully',
  couponFailed: 'Failed to apply coupon',
  couponNotApplicable: 'This coupon cannot be applied',
  /** One coupon per order (docs/decisions/0013-traps-prices-and-coupons.md): never replaced silently. */
  oneCouponOnly: (applied: string) =>
    `Only one coupon can be used per order. Remove ${applied} first to use another.`,
  couponRemoved: 'Coupon removed',
  checkoutLoadFailed: 'Failed to load checkout details',
  verifying: 'Verifying payment... Please do not close this window',
  initiateFailed: 'Failed to initiate payment',
  paymentFailed: 'Payment failed',
  paymentCancelled: 'Payment cancelled by user',
  confirmFailed: 'Payment confirmation failed',
  beingConfirmed: (orderNumber: string) =>
    `Your payment for order ${orderNumber} was received and the order is being confirmed. This page updates by itself; please do not pay again.`,
  orderIdMissing: 'Order ID not found',
  orderNotFound: 'Order not found',
  orderLoadFailed: 'Failed to load order details',
  checkoutExpired: 'Your checkout has expired. Please check out again.',
  outOfStock: (name: string, stock: number) =>
    stock > 0 ? `Only ${stock} of ${name} left in stock` : `${name} is out of stock`,
  productUnavailable: (sku: string) => `Product ${sku} is not available in this shop`,
  amountsChanged: 'Prices have changed. Please review your order.',
  signatureInvalid: 'Payment verification failed',
  /** One cart, one payment (issue 20): another tab or window of the same cart is paying it. */
  cartBeingPaid:
    'This cart is already being paid in another window. Finish or close that payment first; you will not be charged twice.',
  cartAlreadyPaid: 'This cart has already been paid. Check your order confirmation before paying again.',
  duplicateRefunding: (amount: string) =>
    `We received a second payment of ${amount} for this order. It is being refunded to you automatically.`,
  duplicateRefunded: (amount: string) =>
    `We received a second payment of ${amount} for this order. It has been refunded to you.`,
  duplicateRefundFailed: (amount: string) =>
    `We received a second payment of ${amount} for this order. Its refund could not be completed yet; our team will retry it.`,
} as const;

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
