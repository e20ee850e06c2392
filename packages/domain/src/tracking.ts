import { z } from 'zod';
import { safeString } from './primitives';
import { ORDER_STATUS_VALUES } from './commerce';
import { shipmentEventTypeSchema } from './shipment-events';

/** Texts of the buyer's tracking page (issue 22 item 5). */
export const TRACK_TEXT = {
  title: 'Track your order',
  intro: 'Enter your order number and the email address or phone number you ordered with.',
  orderNumberLabel: 'Order number',
  contactLabel: 'Email or phone number',
  sendCode: 'Send code',
  codeSent:
    'If these details match an order, we have sent a 6-digit code to the email address on it (and by SMS to the phone number, when you gave it). The code is valid for 10 minutes.',
  codeLabel: 'Code',
  verify: 'Show my order',
  wrongCode: 'This code is wrong or has expired. Please ask for a new code.',
  sessionEnded: 'Your tracking session has ended. Please ask for a new code.',
  anotherOrder: 'Track another order',
  invalidContact: 'Please enter the email address or 10-digit phone number you ordered with',
  invalidOrderNumber: 'Please enter your order number as in your confirmation email',
  invalidCode: 'Please enter the 6-digit code',
  noShipments: 'Your order has not shipped yet. We will email you when it does.',
  expectedDelivery: 'Expected delivery',
  trackWithCourier: 'Track with the courier',
  awb: 'Tracking number',
  mailSubject: 'Your Zevar tracking code',
} as const;

/** How the tracking page names an order's status. */
export const TRACK_ORDER_STATUS: Record<(typeof ORDER_STATUS_VALUES)[number], string> = {
  PENDING: 'Awaiting payment',
  PAYMENT_PENDING: 'Awaiting payment',
  CONFIRMED: 'Confirmed',
  PROCESSING: 'Being prepared',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** Order numbers are 'ZV' + yymmdd + '-' + 8 hex characters; a little slack for older forms. */
const orderNumberSchema = safeString()
  .trim()
  .toUpperCase()
  .min(1, TRACK_TEXT.invalidOrderNumber)
  .max(40, TRACK_TEXT.invalidOrderNumber)
  .regex(/^[A-Z0-9-]+$/, TRACK_TEXT.invalidOrderNumber);

/**
 * The buyer's email address or phone number: an email is lowercased; a phone loses spaces, dashes
 * and a leading +91 or 0, leaving the 10 digits orders keep.
 */
export const trackingContactSchema = safeString()
  .trim()
  .max(254, TRACK_TEXT.invalidContact)
  .transform((v, ctx) => {
    if (v.includes('@')) {
      const email = v.toLowerCase();
      if (z.email().safeParse(email).success) return { kind: 'email' as const, value: email };
    } else {
      const digits = v.replace(/[\s()-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, '');
      if (/^\d{10}$/.test(digits)) return { kind: 'phone' as const, value: digits };
    }
    ctx.addIssue({ code: 'custom', message: TRACK_TEXT.invalidContact });
    return z.NEVER;
  });

export const trackingCodeRequestBody = z.object({
  orderNumber: orderNumberSchema,
  contact: trackingContactSchema,
});
export const trackingCodeRequestResponse = z.object({ message: safeString() });

export const trackingCodeVerifyBody = z.object({
  orderNumber: orderNumberSchema,
  code: safeString()
    .trim()
    .regex(/^\d{6}$/, TRACK_TEXT.invalidCode),
});
export const trackingTokenSchema = z.object({
  /** Send as the `x-tracking-token` header to GET /api/track; valid until `expiresAt`. */
  token: safeString(),
  expiresAt: safeString(),
});

export const trackingEventSchema = z.object({
  type: shipmentEventTypeSchema,
  /** SHIPMENT_EVENT_LABELS[type]. */
  label: safeString(),
  /** ISO instant; the page writes it in the business timezone. */
  at: safeString(),
  location: safeString(),
  note: safeString(),
});

export const trackingShipmentSchema = z.object({
  id: z.number().int(),
  courierName: safeString().nullable(),
  awb: safeString().nullable(),
  trackingUrl: safeString().nullable(),
  /** Its latest event, or null before it is booked. */
  status: shipmentEventTypeSchema.nullable(),
  /** yyyy-mm-dd, or null when not known (or delivered). */
  expectedDelivery: safeString().nullable(),
  /** The pieces in this parcel: names and units. */
  items: z.array(z.object({ name: safeString(), quantity: z.number().int() })),
  /** Oldest first. */
  events: z.array(trackingEventSchema),
});

/** What the tracking page shows after the code: no address, email, phone or prices. */
export const trackingViewSchema = z.object({
  orderNumber: safeString(),
  orderDate: safeString(),
  status: z.enum(ORDER_STATUS_VALUES),
  /** The latest expected delivery date of the shipments still on their way (yyyy-mm-dd), or null. */
  expectedDelivery: safeString().nullable(),
  shipments: z.array(trackingShipmentSchema),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;
export type TrackingShipment = z.infer<typeof trackingShipmentSchema>;
