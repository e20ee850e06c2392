import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ATTRIBUTION_SOURCES,
  CHECKOUT_STATUS_VALUES,
  COUPON_TYPES,
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  PAYOUT_STATUSES,
  type LineBreakup,
} from '@zevar/domain';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';
import { products } from './catalogue';

export type AppliedCoupon = { code: string; discountPaise: number };
export type CheckoutLine = {
  productId: number;
  sku: string;
  name: string;
  image: string | null;
  quantity: number;
  pricePaise: number;
  /** Per-unit breakup of `pricePaise`, held with it for the checkout's window (absent on older rows). */
  breakup?: LineBreakup;
  /**
   * The unit price the shopper saw before this checkout (cart, product page, an expired hold), kept
   * only to tell them of a change (issue 20 item 14); never charged. Null or absent: not known.
   */
  seenPricePaise?: number | null;
  /**
   * The reseller's commission on one piece when it is less than the product's: a quote's discount
   * comes out of it (docs/decisions/0059). Absent: the product's commission.
   */
  commissionPaise?: number;
};
export type Address = {
  fullName: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  phone: string;
};

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull().default('APPLY_WITH_QUANTITY'),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    minimumTotalPaise: bigint('minimum_total_paise', { mode: 'number' }).notNull().default(0),
    expiryDate: tstz('expiry_date').notNull(),
    description: text('description').notNull().default(''),
    usedCount: integer('used_count').notNull().default(0),
    /** Optimistic lock: every edit names the version it started from and bumps it (decision 0023). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_upper_uq').on(sql`upper(${t.code})`),
    index('coupons_expiry_idx').on(t.expiryDate),
  ],
);

export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: integer('vendor_id').references(() => users.id, { onDelete: 'set null' }),
    vendorSlug: text('vendor_slug').notNull(),
    items: jsonb('items').$type<CheckoutLine[]>().notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    appliedCoupons: jsonb('applied_coupons').$type<AppliedCoupon[]>().notNull().default([]),
    status: text('status', { enum: CHECKOUT_STATUS_VALUES }).notNull().default('PENDING'),
    expirationTime: tstz('expiration_time').notNull(),
    /**
     * The browser cart this checkout was made from (one key per cart, shared by the shopper's tabs):
     * a cart already being paid, or paid, cannot be paid again from another checkout.
     */
    cartKey: text('cart_key'),
    /** The reseller's quote this checkout buys at its quoted prices (Buy now on /q/<code>), or null. */
    quoteId: uuid('quote_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('checkouts_status_exp_idx').on(t.status, t.expirationTime),
    index('checkouts_cart_key_idx').on(t.cartKey),
  ],
);

export const orders = pgTable(
  'orders',
  {
    /** Unguessable public id (used by the payment-status page). */
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    vendorId: integer('vendor_id').references(() => users.id, { onDelete: 'set null' }),
    vendorSlug: text('vendor_slug').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    billingAddress: jsonb('billing_address').$type<Address>(),
    /** Subtotal of the lines. */
    totalAmountPaise: bigint('total_amount_paise', { mode: 'number' }).notNull(),
    couponDiscountPaise: bigint('coupon_discount_paise', { mode: 'number' }).notNull().default(0),
    shippingCostPaise: bigint('shipping_cost_paise', { mode: 'number' }).notNull().default(0),
    finalAmountPaise: bigint('final_amount_paise', { mode: 'number' }).notNull(),
    appliedCoupons: jsonb('applied_coupons').$type<AppliedCoupon[]>().notNull().default([]),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('PENDING'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUS_VALUES }).notNull().default('PENDING'),
    paymentMethod: text('payment_method').notNull().default('RAZORPAY'),
    providerOrderId: text('provider_order_id'),
    paymentId: text('payment_id'),
    paymentDate: tstz('payment_date'),
    customerNotes: text('customer_notes'),
    /** Stock is held until this time while payment is pending. */
    reservationExpiresAt: tstz('reservation_expires_at'),
    /** When the shopper's card window opened (the brief hold was extended to the whole window then), or null. */
    paymentWindowAt: tstz('payment_window_at'),
    stockReleased: boolean('stock_released').notNull().default(false),
    /**
     * False for an order placed when the product's share of unpaid holds was taken (UNPAID_HOLD_SHARE_PERCENT):
     * it holds no stock and takes its pieces when paid (refunded if they are gone by then).
     */
    holdsStock: boolean('holds_stock').notNull().default(true),
    /** SHA-256 of the capability the creating browser holds to cancel this order while unpaid. */
    cancelKeyHash: text('cancel_key_hash'),
    /** The buyer's GSTIN for a business purchase (printed on the tax invoice), or null. */
    buyerGstin: text('buyer_gstin'),
    /**
     * The buyer's PAN (orders above PAN_THRESHOLD_RUPEES), kept only until the tax invoice carries it:
     * cleared when the invoice is issued or the unpaid order is released (docs/decisions).
     */
    buyerPan: text('buyer_pan'),
    /** Client network (IPv4 address or IPv6 /64) that placed the order, to cap its unpaid reservations. */
    clientAddress: text('client_address'),
    /**
     * The reseller the sale is credited to (its commission, its reports) and how the buyer reached
     * them (docs/decisions/0059); null on orders from before attribution and direct sales of the
     * platform's own shop, which credit `vendorId`.
     */
    attributedVendorId: integer('attributed_vendor_id').references(() => users.id, { onDelete: 'set null' }),
    attributedVendorSlug: text('attributed_vendor_slug'),
    attributionSource: text('attribution_source', { enum: ATTRIBUTION_SOURCES }),
    /** The quote the order was bought from, or null. */
    quoteId: uuid('quote_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    uniqueIndex('orders_provider_order_uq').on(t.providerOrderId),
    index('orders_vendor_idx').on(t.vendorId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The admin home's sales of the day and month (issue 23 item 6).
    index('orders_payment_date_idx').on(t.paymentDate),
    index('orders_status_idx').on(t.status),
    index('orders_payment_status_idx').on(t.paymentStatus, t.reservationExpiresAt),
    index('orders_client_address_idx').on(t.clientAddress, t.status),
    index('orders_attributed_vendor_idx').on(t.attributedVendorId, t.createdAt),
    index('orders_quote_idx').on(t.quoteId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productSku: text('product_sku').notNull(),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    quantity: integer('quantity').notNull(),
    priceAtTimePaise: bigint('price_at_time_paise', { mode: 'number' }).notNull(),
    totalPricePaise: bigint('total_price_paise', { mode: 'number' }).notNull(),
    /** Per-unit vendor commission at the time of the order. */
    vendorCommissionPaise: bigint('vendor_commission_paise', { mode: 'number' }).notNull().default(0),
    /** Per-unit price breakup at the time of sale (issue 13); null on lines sold before it was kept. */
    priceBreakup: jsonb('price_breakup').$type<LineBreakup>(),
    /** HUIDs of the hallmarked pieces this line sold (one per piece). */
    huids: jsonb('huids').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_qty_positive', sql`${t.quantity} > 0`),
  ],
);

/** Audit of every status or payment-status change: who, when, from, to. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `refund`: a partial refund asked for or settled (docs/decisions/0039); `to` is the refund's status. */
    field: text('field', { enum: ['status', 'paymentStatus', 'shippingState', 'refund'] }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    actor: text('actor').notNull(),
    /** The gateway's refund id on refund entries. */
    reference: text('reference'),
    /** Why an admin cancelled or refunded a paid order. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Signed webhook events, deduplicated by the provider's event id. */
export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  eventId: text('event_id').notNull().unique(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: createdAt(),
  processedAt: tstz('processed_at'),
});

/** One row per provider order the server created (shop orders and plan subscriptions). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['ORDER', 'SUBSCRIPTION'] }).notNull(),
    referenceId: text('reference_id').notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** What the provider reports as captured, when it differs from the amount (flagged for review). */
    capturedAmountPaise: bigint('captured_amount_paise', { mode: 'number' }),
    status: text('status', { enum: ['CREATED', 'CAPTURED', 'FAILED'] })
      .notNull()
      .default('CREATED'),
    verifiedAt: tstz('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_uq').on(t.providerOrderId),
    index('payments_reference_idx').on(t.referenceId),
  ],
);

/** The offline sandbox gateway's own records (what Razorpay would keep on its side). */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('INR'),
  receipt: text('receipt'),
  status: text('status', { enum: ['created', 'paid', 'failed'] })
    .notNull()
    .default('created'),
  paymentId: text('payment_id'),
  /** The method the buyer chose in the sandbox window ('upi', 'card', 'netbanking', 'emi'), as Razorpay's payment reports it. */
  method: text('method'),
  createdAt: createdAt(),
});

export const REFUND_STATUSES = ['REQUESTED', 'PENDING', 'PROCESSED', 'FAILED'] as const;

/**
 * Refunds asked of the gateway: REQUESTED before the call (so a crash leaves a row the reconciler
 * retries), PENDING once the gateway has its id, then PROCESSED or FAILED from its webhook or the
 * reconciler. Written by the payments module.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerRefundId: text('provider_refund_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('REQUESTED'),
    requestedBy: text('requested_by').notNull(),
    /**
     * A refund of part of the order (docs/decisions/0039): settling it moves no order status. False for
     * a full refund and for the part that takes what was left (it closes the order like a full refund).
     */
    partial: boolean('partial').notNull().default(false),
    /** Why the admin refunded (partial refunds; full ones keep it in the order history). */
    reason: text('reason'),
    /** Whether the refunded pieces went back to stock (partial refunds). */
    restock: boolean('restock'),
    /** The admin's request key: a double click or a replay finds this refund instead of making another. */
    idempotencyKey: text('idempotency_key'),
    /** Which ask of the gateway this is (an admin may ask again after a failure): part of the gateway's idempotency key. */
    attempt: integer('attempt').notNull().default(1),
    /**
     * Set by the one caller asking the gateway now (the request after commit, a replay, the
     * reconciler): a second caller finds it claimed and leaves it (docs/decisions/0039).
     */
    claimedAt: tstz('claimed_at'),
    createdAt: createdAt(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    uniqueIndex('refunds_idempotency_uq').on(t.idempotencyKey),
    // A second capture for a paid order is refunded once, however many times it is reported.
    uniqueIndex('refunds_duplicate_payment_uq')
      .on(t.providerPaymentId)
      .where(sql`${t.requestedBy} = 'system:duplicate-payment'`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * What each refund took from each order line (docs/decisions/0039): units, paise of the line's charged
 * total, and the HUIDs of the pieces concerned; a row without an order item is the shipping and
 * round-off. Written with the refund by the payments module; the credit note and the next refund's
 * plan read them.
 */
export const refundParts = pgTable(
  'refund_parts',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    huids: jsonb('huids').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('refund_parts_refund_idx').on(t.refundId),
    index('refund_parts_item_idx').on(t.orderItemId),
    check('refund_parts_not_negative', sql`${t.units} >= 0 and ${t.amountPaise} >= 0`),
  ],
);

/** The offline sandbox gateway's refunds (what Razorpay would keep on its side). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  /** Razorpay's X-Refund-Idempotency: the same key answers the refund it made. */
  idempotencyKey: text('idempotency_key').unique(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'processed', 'failed'] })
    .notNull()
    .default('processed'),
  createdAt: createdAt(),
});

export const EARNING_KINDS = ['EARNING', 'REVERSAL'] as const;

/**
 * The vendor earnings ledger, append-only: an EARNING row per paid order line, and a REVERSAL row
 * (negative amounts) when that sale is cancelled or refunded, one per partial refund of the line.
 * Rows are never updated or deleted; a vendor's balance is the sum of its rows minus its payouts.
 * Unique per line, kind and refund, so each is recorded once.
 */
export const vendorEarnings = pgTable(
  'vendor_earnings',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EARNING_KINDS }).notNull().default('EARNING'),
    /**
     * The partial refund a REVERSAL belongs to; null on EARNING rows and on the reversal of what was
     * left when the whole order was cancelled or refunded (docs/decisions/0039).
     */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per line and kind, and once more per partial refund (a null refund id counts as one value).
    unique('vendor_earnings_item_kind_refund_uq').on(t.orderItemId, t.kind, t.refundId).nullsNotDistinct(),
    index('vendor_earnings_vendor_idx').on(t.vendorId),
  ],
);

/**
 * A payout run (issue 24): an admin proposes payouts to resellers (one `payouts` row each, status
 * PENDING_APPROVAL); approving it (a second admin above PAYOUT_APPROVAL_ABOVE_RUPEES) sends them.
 */
export const payoutRuns = pgTable('payout_runs', {
  id: serial('id').primaryKey(),
  status: text('status', { enum: ['PENDING_APPROVAL', 'APPROVED', 'CANCELLED'] })
    .notNull()
    .default('PENDING_APPROVAL'),
  totalNetPaise: bigint('total_net_paise', { mode: 'number' }).notNull(),
  needsSecondAdmin: boolean('needs_second_admin').notNull(),
  /** Resellers left out of the run and why. */
  skipped: jsonb('skipped')
    .$type<Array<{ vendorId: number; vendorName: string; reason: string }>>()
    .notNull()
    .default([]),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: tstz('approved_at'),
  createdAt: createdAt(),
});

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payoutDate: tstz('payout_date').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    productCount: integer('product_count').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    /** Gross sales: the value of the order lines earned in this payout's period. */
    revenuePaise: bigint('revenue_paise', { mode: 'number' }).notNull().default(0),
    /** Sales reversed (refunds, cancellations) in the period, as positive figures. */
    reversedUnits: integer('reversed_units').notNull().default(0),
    reversedPaise: bigint('reversed_paise', { mode: 'number' }).notNull().default(0),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    accountHolderName: text('account_holder_name'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The run that proposed it (null: recorded before payout runs existed). */
    runId: integer('run_id').references(() => payoutRuns.id, { onDelete: 'set null' }),
    /**
     * PENDING_APPROVAL → APPROVED → SENDING (claimed by one worker) → QUEUED/PROCESSING → PROCESSED,
     * or FAILED / REVERSED (its commission returns to the balance) / CANCELLED (run cancelled).
     * Rows recorded before payout runs were money paid: PROCESSED.
     */
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('PROCESSED'),
    /** Commission reversed on released orders that no earlier payout netted, netted in `amountPaise` (positive). */
    commissionReversedPaise: bigint('commission_reversed_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    gstPaise: bigint('gst_paise', { mode: 'number' }).notNull().default(0),
    /** What reaches the bank: commission + GST − TDS (`amountPaise` is the commission settled). */
    netPaise: bigint('net_paise', { mode: 'number' }),
    providerMode: text('provider_mode'),
    providerPayoutId: text('provider_payout_id'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    /** A send waiting after a provider outage is tried again from this time. */
    nextAttemptAt: tstz('next_attempt_at'),
    statusAt: tstz('status_at'),
  },
  (t) => [
    index('payouts_vendor_idx').on(t.vendorId, t.payoutDate),
    index('payouts_status_idx').on(t.status),
    index('payouts_run_idx').on(t.runId),
  ],
);

/**
 * The TDS ledger (issue 24 item 6): one row per payout that deducted tax, with the PAN, section and
 * rate of that day. `cancelledAt` is set when the payout failed or was reversed (nothing was deducted).
 */
/**
 * TDS challans (issue 24): the deposit of tax deducted in one month under one section, recorded by
 * an admin with the bank's BSR code, the challan serial number and the deposit date (the CIN).
 */
export const tdsChallans = pgTable(
  'tds_challans',
  {
    id: serial('id').primaryKey(),
    bsrCode: text('bsr_code').notNull(),
    challanSerial: text('challan_serial').notNull(),
    depositedOn: text('deposited_on').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    financialYear: text('financial_year').notNull(),
    quarter: text('quarter', { enum: ['Q1', 'Q2', 'Q3', 'Q4'] }).notNull(),
    section: text('section').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: tstz('recorded_at').notNull(),
  },
  (t) => [
    unique('tds_challans_cin_key').on(t.bsrCode, t.depositedOn, t.challanSerial),
    index('tds_challans_fy_idx').on(t.financialYear),
  ],
);

export const tdsEntries = pgTable(
  'tds_entries',
  {
    id: serial('id').primaryKey(),
    payoutId: integer('payout_id')
      .notNull()
      .unique()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    quarter: text('quarter', { enum: ['Q1', 'Q2', 'Q3', 'Q4'] }).notNull(),
    pan: text('pan'),
    panStatus: text('pan_status').notNull(),
    legalName: text('legal_name').notNull(),
    section: text('section').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    basePaise: bigint('base_paise', { mode: 'number' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    deductedAt: tstz('deducted_at').notNull(),
    cancelledAt: tstz('cancelled_at'),
    /** The challan that deposited this deduction; null until one is recorded. */
    challanId: integer('challan_id').references(() => tdsChallans.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('tds_entries_vendor_fy_idx').on(t.vendorId, t.financialYear),
    index('tds_entries_challan_idx').on(t.challanId),
  ],
);

/** Payout provider events applied (webhooks and polls), once each. */
export const payoutEvents = pgTable('payout_events', {
  eventId: text('event_id').primaryKey(),
  payoutId: integer('payout_id').references(() => payouts.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  receivedAt: createdAt(),
});
