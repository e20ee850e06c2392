/**
 * The payments module's public entry: other modules import from here, never its files (eslint
 * import-x/no-restricted-paths). Payments, refunds, webhook events and the sandbox's records are
 * written only through these (docs/decisions/0015-module-table-ownership.md).
 */
export { capturedAmountOf, recordProviderOrder } from './payment-records';
export { createRazorpayGateway, type RazorpayClient } from './razorpay-gateway';
export { reconcilePayments } from './reconciler';
export { duplicatePaymentsOf, issueRefund, requestRefundIn } from './refunds.service';
export {
  askAgainIn,
  lastFailedPlannedRefundIn,
  orderRefundsOf,
  partsTakenIn,
  refundByKeyIn,
  requestPlannedRefundIn,
  type TakenPart,
} from './refund-parts';
export { openPaymentLinkOfQuote } from './quote-links';
export { releaseOrder, releaseOrderIn } from './release-order';
export { settlePayment } from './settle-payment';
