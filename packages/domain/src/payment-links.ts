import { z } from 'zod';
import { safeString } from './primitives';
import { pageQuerySchema, pagedSchema } from './paging';
import { addressInput } from './commerce';
import { emailSchema, phoneSchema } from './users';
import { quoteCodeSchema } from './quotes';

/**
 * Payment links for assisted sales (issue 26 item 2, docs/decisions/0060): a buyer who will not check
 * out on the site pays a reseller's quote through a link the payment provider hosts; the paid link
 * becomes an order at the quoted prices, credited to the quote's reseller.
 */

export const PAYMENT_LINK_STATUSES = ['created', 'paid', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const PAYMENT_LINK_TEXT = {
  create: 'Payment link',
  dialogTitle: 'Payment link for this quote',
  created: 'Payment link created',
  cancelled: 'Payment link cancelled',
  cancel: 'Cancel link',
  copy: 'Copy link',
  copied: 'Link copied',
  empty: 'No payment links yet.',
  quoteExpired: 'This quote has expired: make a new quote to send a payment link',
  quoteBought: 'This quote has already been bought',
  /** Buy now on a quote whose payment link is open (one quote, one purchase). */
  beingPaidByLink: 'This quote is being paid through a payment link sent to the buyer',
  openLinkExists: 'This quote already has an open payment link: cancel it first',
  expiryAfterQuote: 'A payment link cannot outlive its quote',
  expiryPast: 'The expiry must be in the future',
  notCancellable: 'Only an unpaid, open payment link can be cancelled',
  linkExpired: 'This payment link has expired',
  linkCancelled: 'This payment link was cancelled',
  linkPaid: 'This payment link is already paid',
  providerFailed: 'The payment provider could not make the link. Try again.',
  statusLabel: {
    created: 'Waiting for payment',
    paid: 'Paid',
    expired: 'Expired',
    cancelled: 'Cancelled',
  } satisfies Record<PaymentLinkStatus, string>,
} as const;

/** Razorpay refuses an expiry less than 15 minutes away; the same floor holds for the sandbox. */
export const MIN_PAYMENT_LINK_MINUTES = 15;

export const createPaymentLinkBody = z
  .object({
    buyerName: safeString().trim().min(1, 'Enter the buyer’s name').max(200),
    buyerPhone: phoneSchema,
    buyerEmail: emailSchema.optional(),
    shippingAddress: addressInput,
    /** ISO date-time; absent: the quote's validity. Never later than the quote's validity. */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type CreatePaymentLinkBody = z.input<typeof createPaymentLinkBody>;

export const paymentLinkIdParams = z.object({ id: z.uuid('Payment link not found') });
export const quotePaymentLinkParams = z.object({ code: quoteCodeSchema });

export const paymentLinkSchema = z.object({
  id: safeString(),
  quoteCode: safeString(),
  vendorSlug: safeString(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  url: safeString(),
  amount: z.number(),
  buyerName: safeString(),
  buyerPhone: safeString(),
  buyerEmail: safeString().nullable(),
  expiresAt: safeString(),
  createdAt: safeString(),
  paidAt: safeString().nullable(),
  /** The order the paid link became (null until paid). */
  orderNumber: safeString().nullable(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;
export const paymentLinkListSchema = z.array(paymentLinkSchema);

/**
 * The admin's payment links: paged on the server, newest first; by status, by the reseller's shop
 * (slug), and searched by quote code or buyer's phone (`search`); `quote` is one quote's links.
 */
export const adminPaymentLinkQuery = pageQuerySchema(20, 100)
  .extend({
    status: z.enum(PAYMENT_LINK_STATUSES).optional(),
    vendor: safeString()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a shop')
      .max(100)
      .optional(),
    search: safeString().trim().max(100).optional(),
    quote: quoteCodeSchema.optional(),
  })
  .strict();
export type AdminPaymentLinkQuery = z.infer<typeof adminPaymentLinkQuery>;
export const pagedPaymentLinksSchema = pagedSchema(paymentLinkSchema);

/**
 * When a new link expires: the asked time, else the quote's validity; never after the quote's
 * validity and at least MIN_PAYMENT_LINK_MINUTES from now. A string is the reason it cannot be made.
 */
export function paymentLinkExpiry(
  quoteValidUntil: Date,
  asked: Date | undefined,
  now: Date,
): Date | { problem: 'quoteExpired' | 'expiryAfterQuote' | 'expiryPast' } {
  const floor = now.getTime() + MIN_PAYMENT_LINK_MINUTES * 60_000;
  if (quoteValidUntil.getTime() < floor) return { problem: 'quoteExpired' };
  if (!asked) return quoteValidUntil;
  if (asked.getTime() > quoteValidUntil.getTime()) return { problem: 'expiryAfterQuote' };
  if (asked.getTime() < floor) return { problem: 'expiryPast' };
  return asked;
}

/** A link's status as shown: an open link past its expiry is expired even before the job marks it. */
export function paymentLinkStatusOf(
  link: { status: PaymentLinkStatus; expiresAt: Date },
  now: Date,
): PaymentLinkStatus {
  if (link.status === 'created' && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return link.status;
}

/** The message a reseller shares with the payment link. */
export function paymentLinkShareText(l: { shopName: string; amount: string; expires: string; url: string }) {
  return `${l.shopName}: pay ${l.amount} for your quote here, before ${l.expires}. ${l.url}`;
}
