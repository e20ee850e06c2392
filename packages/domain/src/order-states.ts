import { orderTaxDocumentsSchema } from './gst';
import { z } from 'zod';
import { safeString } from './primitives';
import { INDIAN_STATES } from './indian-states';
import {
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  appliedCouponSchema,
  orderAddressSchema,
} from './commerce';
import { pageQuerySchema } from './paging';
import { orderRefundsSummarySchema } from './partial-refunds';
import { orderDeliverySchema } from './shipments';
import { ATTRIBUTION_SOURCES } from './quotes';

export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];

/**
 * The order states an admin may move an order to. Confirmation belongs to the payment flow (a paid
 * provider event), never to a dropdown; cancelling is possible until the order ships.
 */
export const ORDER_STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ['CANCELLED'],
  PAYMENT_PENDING: ['CANCELLED'],
  CONFIRMED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/**
 * Payment states an admin may set. Capture only comes from the provider; an admin may record a
 * failed or abandoned payment (which releases the reservation) or a refund of a captured one.
 */
export const PAYMENT_STATUS_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING: ['FAILED', 'CANCELLED'],
  AUTHORIZED: [],
  CAPTURED: ['REFUNDED'],
  FAILED: [],
  REFUNDED: [],
  CANCELLED: [],
  REFUND_PENDING: [],
  REFUND_FAILED: ['REFUNDED'],
  NEEDS_REVIEW: ['REFUNDED'],
};

/** Payment states of an order whose money goes (or went) back: it is never processed, shipped or delivered. */
export const REFUNDING_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'REFUND_PENDING',
  'REFUNDED',
  'REFUND_FAILED',
];

export const REFUNDED_ORDER_MESSAGE = 'A refunded order cannot be processed, shipped or delivered';

/** Whether an order may move to `to`, given its payment status as well as its order status. */
export function canMoveOrderWithPayment(from: OrderStatus, to: OrderStatus, payment: PaymentStatus): boolean {
  if (REFUNDING_PAYMENT_STATUSES.includes(payment) && to !== 'CANCELLED') return false;
  return canMoveOrder(from, to);
}

export const nextOrderStatuses = (from: OrderStatus): readonly OrderStatus[] =>
  ORDER_STATUS_TRANSITIONS[from];

/**
 * The dropdown's choices for an order with live shipments: SHIPPED and DELIVERED follow the
 * shipments' carrier events (issue 22), so they are not offered.
 */
export const nextOrderStatusesWithShipments = (
  from: OrderStatus,
  payment: PaymentStatus,
  hasShipments: boolean,
): readonly OrderStatus[] =>
  nextOrderStatusesWithPayment(from, payment).filter(
    (to) => !hasShipments || (to !== 'SHIPPED' && to !== 'DELIVERED'),
  );

/** The order states an admin may choose next, given the payment status too (the dropdown's choices). */
export const nextOrderStatusesWithPayment = (
  from: OrderStatus,
  payment: PaymentStatus,
): readonly OrderStatus[] =>
  ORDER_STATUS_TRANSITIONS[from].filter((to) => canMoveOrderWithPayment(from, to, payment));
export const nextPaymentStatuses = (from: PaymentStatus): readonly PaymentStatus[] =>
  PAYMENT_STATUS_TRANSITIONS[from];

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUS_TRANSITIONS[from].includes(to);
}
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_STATUS_TRANSITIONS[from].includes(to);
}

/** The 409 text for a refused change, listing what is allowed instead. */
export function transitionRefusedMessage(
  what: 'order status' | 'payment status',
  from: string,
  to: string,
  allowed: readonly string[],
): string {
  const next = allowed.length > 0 ? allowed.join(', ') : 'none';
  return `Cannot change ${what} from ${from} to ${to}. Allowed next states: ${next}`;
}

/** Accepts any letter case ('shipped', 'Shipped') and answers 400 for an unknown value. */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  safeString()
    .trim()
    .toUpperCase()
    .pipe(z.enum(values, { message: `Use one of ${values.join(', ')}` }));

export const orderStatusInput = upperEnum(ORDER_STATUS_VALUES);
export const paymentStatusInput = upperEnum(PAYMENT_STATUS_VALUES);

export const adminOrderListQuery = pageQuerySchema(10, 100).extend({
  search: safeString().trim().max(100).optional(),
  status: orderStatusInput.optional(),
  paymentStatus: paymentStatusInput.optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

export const adminOrderItemSchema = z.object({
  /** The order line's id (a partial refund names its lines by it). */
  id: z.number().int().optional(),
  productId: z.number().int().nullable(),
  productName: safeString(),
  productSku: safeString(),
  image: safeString().nullable(),
  /** Unit price in rupees at the time of the order. */
  priceAtTime: z.number(),
  quantity: z.number().int(),
  totalPrice: z.number(),
});

export const adminOrderSchema = z.object({
  id: safeString(),
  orderNumber: safeString(),
  customerName: safeString(),
  customerEmail: safeString(),
  customerPhone: safeString(),
  orderDate: safeString(),
  status: z.enum(ORDER_STATUS_VALUES),
  paymentStatus: z.enum(PAYMENT_STATUS_VALUES),
  paymentId: safeString().nullable(),
  paymentDate: safeString().nullable(),
  vendor: z.object({ id: z.number().int(), name: safeString() }).nullable(),
  vendorSlug: safeString(),
  /**
   * The reseller the sale is credited to and how the buyer reached them (docs/decisions/0059); null
   * for a direct sale of the platform's own shop and for orders from before attribution.
   */
  attribution: z
    .object({ vendorSlug: safeString(), source: z.enum(ATTRIBUTION_SOURCES), fromQuote: z.boolean() })
    .nullable(),
  shippingAddress: orderAddressSchema,
  orderItems: z.array(adminOrderItemSchema),
  totalAmount: z.number(),
  couponDiscount: z.number(),
  shippingCost: z.number(),
  /** What rounding the amount to pay up to a whole rupee added (0 to 0.99; spec §9). */
  roundOff: z.number(),
  finalAmount: z.number(),
  appliedCoupons: z.array(appliedCouponSchema),
  customerNotes: safeString().nullable(),
  /**
   * The order's live shipments and their delivery state (issue 22); the vendor's order list shows
   * them. While any exists, SHIPPED and DELIVERED come from their carrier events, never by hand.
   */
  shipments: z.array(orderDeliverySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const orderHistoryEntrySchema = z.object({
  /**
   * `shippingState`: an admin named the state of an older order's address (its place of supply);
   * `refund`: a step of a partial refund (`to` is the refund's status, `reference` the refund).
   */
  field: z.enum(['status', 'paymentStatus', 'shippingState', 'refund']),
  from: safeString().nullable(),
  to: safeString(),
  actor: safeString(),
  at: safeString(),
  /** The gateway's refund id on refund entries. */
  reference: safeString().nullable().optional(),
  /** Why an admin cancelled or refunded a paid order (required for those, issue 20). */
  reason: safeString().nullable().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const adminOrderDetailSchema = adminOrderSchema.extend({
  statusHistory: z.array(orderHistoryEntrySchema),
  /** GST: the buyer's GSTIN, the PAN masked (only the invoice shows it whole), the tax documents. */
  tax: z.object({
    buyerGstin: z.string().nullable(),
    panMasked: z.string().nullable(),
    documents: orderTaxDocumentsSchema,
    /**
     * The delivery address's place of supply, or null when its state and PIN code do not name one of
     * the 36 for sure (an order from before the state became a choice): no invoice is issued for it.
     */
    placeOfSupply: z.object({ state: z.string(), code: z.string() }).nullable(),
  }),
  /** Refunds of the order, partial and full, and what is left to refund (docs/decisions/0039). */
  refunds: orderRefundsSummarySchema.optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** Order manager texts from the specification, word for word. */
export const ORDER_ADMIN_TEXT = {
  loadFailed: 'Failed to load orders',
  statusUpdated: 'Order status updated successfully',
  statusFailed: 'Failed to update order status',
  paymentUpdated: 'Payment status updated successfully',
  paymentFailed: 'Failed to update payment status',
  numberMissing: 'Order number is missing',
  empty: 'No orders found.',
  loading: 'Loading orders...',
  /** Cancelling or refunding a paid order (issue 20): asked first, with a reason kept on the order. */
  reasonRequired: 'Please give the reason for cancelling or refunding this paid order',
  reasonLabel: 'Reason (kept with the order)',
  cancelPaidTitle: 'Cancel Paid Order',
  refundTitle: 'Refund Order',
  cancelPaidConsequence: (amount: string) =>
    `This cancels the order and refunds ${amount} to the shopper through the payment gateway. A credit note is issued against its invoice. This cannot be undone.`,
  refundConsequence: (amount: string) =>
    `This refunds ${amount} to the shopper through the payment gateway and issues a credit note against the invoice. An order that has not shipped is cancelled too. This cannot be undone.`,
  /** An older order whose free-text state names no place of supply: an admin names the state. */
  stateLabel: 'State of the delivery address',
  stateSave: 'Set state and issue invoice',
  stateSaved: 'The state is set; the invoice is issued if the order is paid',
  stateFailed: 'Failed to set the state',
  stateKnown: 'This order already names its place of supply',
  stateNotForPin: (state: string, pin: string) =>
    `PIN code ${pin} is not in ${state}. Choose the state the PIN code is in.`,
} as const;

/** An admin names the state of an order whose address names no place of supply (issue 20 item 2). */
export const shippingStateCorrectionSchema = z.object({
  state: z.enum(INDIAN_STATES, { message: 'Please choose the state from the list' }),
});
export type ShippingStateCorrection = z.infer<typeof shippingStateCorrectionSchema>;

/** The reason an admin gives for cancelling or refunding a paid order (query `reason`). */
export const moneyActionReason = safeString().trim().min(1).max(500);
