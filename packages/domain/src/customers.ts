import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { safeString } from './primitives';
import { ORDER_STATUS_VALUES, PAYMENT_STATUS_VALUES } from './commerce';

/**
 * The admin's customers (issue 23 item 7): shoppers stay anonymous to the storefront, so a customer
 * is the people behind paid orders, grouped by email (any case) and phone.
 */
export const CUSTOMER_SORTS = ['lastOrder', 'orders', 'spent', 'name'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerListQuery = pageQuerySchema(20, 100).extend({
  search: safeString().trim().max(100).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('lastOrder'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** A customer's key: an opaque digest of the email and phone (never the contact data in a URL). */
export const customerKeySchema = safeString()
  .trim()
  .regex(/^[0-9a-f]{32}$/, 'Unknown customer');

export const customerSchema = z.object({
  key: safeString(),
  /** The name on the customer's latest order. */
  name: safeString(),
  /** Masked ('r•••@example.com', '•••••43210') for roles that may not see contact data. */
  email: safeString(),
  phone: safeString(),
  orders: z.number().int(),
  /** Paid totals less what was refunded, in rupees. */
  totalSpent: z.number(),
  lastOrderAt: safeString(),
  returns: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const internalNoteSchema = z.object({
  id: z.number().int(),
  body: safeString(),
  author: safeString(),
  at: safeString(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const internalNoteInput = z.object({
  body: safeString().trim().min(1, 'Write the note').max(2000, 'A note is at most 2000 characters'),
});
export type InternalNoteInput = z.infer<typeof internalNoteInput>;

export const customerOrderSchema = z.object({
  orderNumber: safeString(),
  orderDate: safeString(),
  status: z.enum(ORDER_STATUS_VALUES),
  paymentStatus: z.enum(PAYMENT_STATUS_VALUES),
  total: z.number(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerDetailSchema = z.object({
  customer: customerSchema,
  orders: z.array(customerOrderSchema),
  notes: z.array(internalNoteSchema),
  /** Whether the viewer may record a note (the orders-managing permission). */
  mayWriteNotes: z.boolean(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** An email shown to a role that may not read contact data: first letter and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A phone shown to a role that may not read contact data: its last two digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 2 ? '•••' : `•••••${digits.slice(-2)}`;
}
