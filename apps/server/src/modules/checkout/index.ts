/**
 * The checkout module's public entry: other modules import from here, never its files (eslint
 * import-x/no-restricted-paths). Checkouts are written only through these and the module's own
 * services (docs/decisions/0015-module-table-ownership.md).
 */
export { completeCheckoutIn, expireStaleCheckouts } from './checkout-state';
export { checkoutWindowOf, createQuotedCheckoutIn, priceForQuote } from './quoted-checkout';
