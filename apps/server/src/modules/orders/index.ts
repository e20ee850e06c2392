/**
 * The orders module's public entry: other modules import from here, never its files (eslint
 * import-x/no-restricted-paths). Orders, their lines and their history are written only through these
 * (docs/decisions/0015-module-table-ownership.md). The admin use cases (order-transitions,
 * cancel-paid-order) call payments and are mounted by the routes, so they are not exported here: the
 * payments module depends on this entry, and exporting them would make an import cycle.
 */
export {
  orderById,
  orderByProviderOrderId,
  orderLines,
  orderStatusView,
  ordersAwaitingPayment,
  holdsOfNetwork,
  openAttemptsOfCheckouts,
  liveOrdersOfQuotes,
  pendingAttemptsOf,
  recentlyCancelledUnpaid,
  type PendingPayment,
} from './order-reads';
export {
  assertMayReadOrderDocuments,
  hashOrderKey,
  orderHolding,
  orderProofOf,
  signedOrderLinks,
  type OrderProof,
} from './order-access';
export {
  NEVER_PAID,
  attachProviderOrder,
  clearBuyerPanIn,
  extendHoldIn,
  followShipmentsIn,
  lockOrderByIdIn,
  lockHeldOrderIn,
  lockUnpaidOrderIn,
  markStockHeldIn,
  confirmPaidOrderIn,
  flagPaymentForReviewIn,
  markLatePaymentIn,
  recordConfirmationIn,
  recordLineHuidsIn,
  recordNewOrderIn,
  recordRefundStepIn,
  referenceRefundIn,
  releaseUnpaidOrderIn,
  settleOrderRefundIn,
  type OrderRow,
  type ReleaseReason,
} from './order-state';
export { newOrderNumber } from './order-number';
export { PAID_PAYMENT_STATUSES, refundsWaiting, salesFigures } from './today-figures';
