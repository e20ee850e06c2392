import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CHECKOUT_STATUS_VALUES,
  COUPON_TYPES,
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
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
    discountPaise: integer('discount_paise').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    minimumTotalPaise: integer('minimum_total_paise').notNull().default(0),
    expiryDate: tstz('expiry_date').notNull(),
    description: text('description').notNull().default(''),
    usedCount: integer('used_count').notNull().default(0),
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
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    appliedCoupons: jsonb('applied_coupons').$type<AppliedCoupon[]>().notNull().default([]),
    status: text('status', { enum: CHECKOUT_STATUS_VALUES }).notNull().default('PENDING'),
    expirationTime: tstz('expiration_time').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checkouts_status_exp_idx').on(t.status, t.expirationTime)],
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
    totalAmountPaise: integer('total_amount_paise').notNull(),
    couponDiscountPaise: integer('coupon_discount_paise').notNull().default(0),
    shippingCostPaise: integer('shipping_cost_paise').notNull().default(0),
    finalAmountPaise: integer('final_amount_paise').notNull(),
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
    stockReleased: boolean('stock_released').notNull().default(false),
    /** SHA-256 of the capability the creating browser holds to cancel this order while unpaid. */
    cancelKeyHash: text('cancel_key_hash'),
    /** Client address that placed the order, to cap unpaid reservations per address. */
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    uniqueIndex('orders_provider_order_uq').on(t.providerOrderId),
    index('orders_vendor_idx').on(t.vendorId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_payment_status_idx').on(t.paymentStatus, t.reservationExpiresAt),
    index('orders_client_address_idx').on(t.clientAddress, t.status),
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
    priceAtTimePaise: integer('price_at_time_paise').notNull(),
    totalPricePaise: integer('total_price_paise').notNull(),
    /** Per-unit vendor commission at the time of the order. */
    vendorCommissionPaise: integer('vendor_commission_paise').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
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
    field: text('field', { enum: ['status', 'paymentStatus'] }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    actor: text('actor').notNull(),
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
    amountPaise: integer('amount_paise').notNull(),
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
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  receipt: text('receipt'),
  status: text('status', { enum: ['created', 'paid', 'failed'] })
    .notNull()
    .default('created'),
  paymentId: text('payment_id'),
  createdAt: createdAt(),
});

/** Commission a vendor earned on a paid order line; unique per line so it is recorded once. */
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
    units: integer('units').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    revenuePaise: integer('revenue_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_earnings_item_uq').on(t.orderItemId),
    index('vendor_earnings_vendor_idx').on(t.vendorId),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payoutDate: tstz('payout_date').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    productCount: integer('product_count').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    revenuePaise: integer('revenue_paise').notNull().default(0),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    accountHolderName: text('account_holder_name'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payouts_vendor_idx').on(t.vendorId, t.payoutDate)],
);
