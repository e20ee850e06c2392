/** Cart, checkout and payment texts from the specification, word for word. */
export const PAYMENT_TEXT = {
  stockLimitTitle: 'Stock Limit',
  stockLimit: (stock: number) => `Maximum available quantity is ${stock}`,
  lowStock: (n: number) => `Only ${n} left!`,
  cartEmpty: 'Your cart is empty',
  checkoutEmpty: 'Your checkout is empty',
  freeShipping: 'Free',
  fillAllRequired: 'Please fill all required fields',
  invalidPin: 'Please enter a valid 6-digit PIN code',
  addressRequired: 'Please fill in all required address fields.',
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
} as const;
