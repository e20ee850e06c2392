import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_LINK_STATUSES } from '@zevar/domain';
import { createdAt, tstz } from './columns';
import { users } from './users';
import type { Address } from './commerce';

/**
 * A payment link for a reseller's quote (issue 26 item 2, docs/decisions/0060), owned by
 * `modules/payments`: the provider hosts the page; `payment_link.paid` turns it into an order.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's link id (Razorpay `plink_…`); the order it becomes carries it as provider order id. */
    providerLinkId: text('provider_link_id').notNull(),
    provider: text('provider', { enum: ['razorpay', 'sandbox'] }).notNull(),
    quoteId: uuid('quote_id').notNull(),
    quoteCode: text('quote_code').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorSlug: text('vendor_slug').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    shortUrl: text('short_url').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerEmail: text('buyer_email'),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    status: text('status', { enum: PAYMENT_LINK_STATUSES }).notNull().default('created'),
    expiresAt: tstz('expires_at').notNull(),
    /** Who made it: `vendor:<id>` or `admin:<id>`. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    paidAt: tstz('paid_at'),
    paymentId: text('payment_id'),
    /** The order the paid link became. */
    orderId: uuid('order_id'),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('payment_links_provider_uq').on(t.providerLinkId),
    index('payment_links_vendor_idx').on(t.vendorId, t.createdAt),
    index('payment_links_quote_idx').on(t.quoteId),
    index('payment_links_open_idx').on(t.status, t.expiresAt),
  ],
);

/** The offline gateway's own record of a link (what Razorpay keeps on its side). */
export const sandboxPaymentLinks = pgTable('sandbox_payment_links', {
  id: text('id').primaryKey(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  referenceId: text('reference_id').notNull(),
  description: text('description').notNull().default(''),
  customerName: text('customer_name').notNull(),
  customerContact: text('customer_contact').notNull(),
  customerEmail: text('customer_email'),
  callbackUrl: text('callback_url'),
  expireBy: tstz('expire_by').notNull(),
  status: text('status', { enum: ['created', 'paid', 'expired', 'cancelled'] })
    .notNull()
    .default('created'),
  paymentId: text('payment_id'),
  createdAt: createdAt(),
});
