import { gstinInput, panInput } from './gst';
import { z } from 'zod';
import { priceBreakupSchema } from './price-breakup';
import { safeString } from './primitives';
import { PAYMENT_TEXT } from './commerce-messages';
import { ADDRESS_STATE_TEXT } from './checkout-messages';
import { dbIdSchema } from './paging';
import { phoneSchema } from './users';
import { INDIAN_STATES } from './indian-states';
import { pinMatchesState } from './place-of-supply';

export * from './coupons';
export * from './commerce-messages';
export * from './checkout-messages';

/* ---------- cart ---------- */

/** A cart line in browser storage (cart_items). */
export const cartLineSchema = z.object({
  productId: dbIdSchema,
  quantity: z.number().int().min(1),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartQuoteQuery = z.object({ vendorSlug: safeString().trim().min(1).max(100) });
/** POST /api/checkout: the shop, and the browser cart's key (one per cart, shared by its tabs). */
export const createCheckoutQuery = cartQuoteQuery.extend({ cartKey: z.uuid().optional() });
/** A price in rupees the shopper was shown (paise precision); read only to tell them of a change. */
const seenPriceInput = z.number().min(0).max(1e11);

export const cartQuoteBody = z
  .array(
    z.object({
      productId: dbIdSchema,
      quantity: z.number().int().min(1).max(1000),
      /** The unit price the shopper last saw for this line (at Add to Cart or the last acknowledged quote). */
      seenPrice: seenPriceInput.optional(),
    }),
  )
  .max(100);

export const cartQuoteLineSchema = z.object({
  productId: z.number().int(),
  available: z.boolean(),
  name: safeString(),
  slug: safeString(),
  sku: safeString(),
  image: safeString().nullable(),
  /** Unit price in rupees, rounded up to a whole rupee as checkout does. */
  price: z.number(),
  originalPrice: z.number().nullable(),
  stock: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /** The unit price the shopper last saw when today's differs from it (issue 20 item 14), else null. */
  previousPrice: z.number().nullable(),
});
export const cartQuoteSchema = z.object({
  lines: z.array(cartQuoteLineSchema),
  /** What the changed in-stock lines add to (or, below 0, take off) the subtotal the shopper last saw. */
  priceChange: z.number(),
  /** Sum of the in-stock lines at the products' own prices. */
  subtotal: z.number(),
  /** What rounding the amount to pay up to a whole rupee added (0 to 0.99; spec §9). */
  roundOff: z.number(),
  /** Subtotal rounded up to a whole rupee. */
  total: z.number(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;
export type CartQuoteLine = z.infer<typeof cartQuoteLineSchema>;

/* ---------- checkout ---------- */

export const CHECKOUT_STATUS_VALUES = ['PENDING', 'EXPIRED', 'COMPLETED', 'ABANDONED'] as const;

/**
 * What the client sends; SKU and quantity are priced by the server. `price`, the unit price the shopper
 * last saw, is only compared with the server's to tell them of a change; it is never charged.
 */
export const checkoutItemInput = z.object({
  productSku: safeString().trim().min(1).max(100),
  quantity: z.number().int().min(1).max(1000),
  price: seenPriceInput.optional(),
  name: safeString().max(500).optional(),
  image: safeString().max(2000).nullable().optional(),
});
export const createCheckoutBody = z.array(checkoutItemInput).min(1, 'Your checkout is empty').max(100);

export const appliedCouponSchema = z.object({ code: safeString(), discount: z.number() });

export const checkoutSchema = z.object({
  checkoutId: safeString(),
  vendorSlug: safeString(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      productSku: safeString(),
      name: safeString(),
      image: safeString().nullable(),
      quantity: z.number().int(),
      price: z.number(),
      lineTotal: z.number(),
      /** Per unit, as held for the checkout's window. */
      priceBreakup: priceBreakupSchema,
      /** The unit price the shopper saw before (cart, product page, an expired hold) when it differs. */
      previousPrice: z.number().nullable(),
    }),
  ),
  /** What the changed lines add to (or, below 0, take off) the subtotal the shopper saw before. */
  priceChange: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  /** What rounding the amount to pay up to a whole rupee added (0 to 0.99; spec §9). */
  roundOff: z.number(),
  /** Amount to pay: subtotal minus discount, rounded up to a whole rupee. */
  totalAmount: z.number(),
  appliedCoupons: z.array(appliedCouponSchema),
  status: z.enum(CHECKOUT_STATUS_VALUES),
  expirationTime: safeString(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** A checkout re-priced after its window: today's prices, a new window, and what it cost before. */
export const repricedCheckoutSchema = checkoutSchema.extend({ previousTotal: z.number() });
export type RepricedCheckout = z.infer<typeof repricedCheckoutSchema>;

/** The coupon code, as a JSON string or { code }. */
export const applyCouponBody = z.union([
  safeString().trim().min(1).max(50),
  z.object({ code: safeString().trim().min(1).max(50) }),
]);

/* ---------- orders ---------- */

const text = (max: number) => safeString().trim().min(1, PAYMENT_TEXT.fillAllRequired).max(max);

/** A delivery address: the state is one of the 36 and the PIN code can be in it (issue 20 item 2). */
export const addressInput = z
  .object({
    fullName: text(200),
    street: text(500),
    city: text(100),
    state: z.enum(INDIAN_STATES, ADDRESS_STATE_TEXT.stateNotListed),
    country: safeString().trim().max(100).default('India'),
    postalCode: safeString()
      .trim()
      .regex(/^\d{6}$/, PAYMENT_TEXT.invalidPin),
    phone: phoneSchema,
  })
  .superRefine((a, ctx) => {
    if (!pinMatchesState(a.postalCode, a.state))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: ADDRESS_STATE_TEXT.pinNotInState(a.state),
      });
  });
export type AddressInput = z.infer<typeof addressInput>;

export const initiateOrderBody = z.object({
  customerName: text(200),
  customerEmail: z.email('Please enter a valid email address').max(200),
  customerPhone: phoneSchema,
  vendorSlug: safeString().trim().min(1).max(100),
  checkoutId: z.uuid().optional(),
  orderItems: z
    .array(
      z.object({
        productSku: safeString().trim().min(1).max(100),
        quantity: z.number().int().min(1).max(1000),
        productName: safeString().max(500).optional(),
        priceAtTime: z.number().optional(),
        totalPrice: z.number().optional(),
      }),
    )
    .min(1)
    .max(100),
  /** Client figures: ignored when they match, 409 with the server's figures when they do not. */
  totalAmount: z.number().optional(),
  couponDiscount: z.number().optional(),
  finalAmount: z.number().optional(),
  paymentMethod: z.literal('RAZORPAY').default('RAZORPAY'),
  customerNotes: safeString().max(1000).optional(),
  shippingAddress: addressInput,
  billingAddress: addressInput.optional(),
  /** A registered buyer's GSTIN, printed on the tax invoice. */
  buyerGstin: gstinInput,
  /** Required when the order total is above the PAN threshold (GET /api/config says it). */
  buyerPan: panInput,
  appliedCoupons: z
    .array(
      z.union([
        safeString().trim().min(1).max(50),
        z.object({ code: safeString().trim().min(1).max(50) }).loose(),
      ]),
    )
    .max(5)
    .default([]),
  /**
   * The cancel keys of the orders this browser started that still wait for payment: a browser that
   * holds none of an address's waiting orders is another shopper behind the same (carrier) address.
   */
  waitingOrderKeys: z.array(safeString().trim().min(1).max(200)).max(20).default([]),
});
export type InitiateOrderInput = z.input<typeof initiateOrderBody>;

export const initiateOrderResponse = z.object({
  orderId: safeString(),
  orderNumber: safeString(),
  amount: z.number(),
  razorpayOrderId: safeString(),
  /** Held only by the browser that placed the order: needed to cancel it while unpaid. */
  cancelKey: safeString(),
  /**
   * False when other shoppers' unpaid orders hold the product's share (UNPAID_HOLD_SHARE_PERCENT): the
   * order holds no pieces, takes them when paid, and is refunded in full if they are gone by then.
   */
  held: z.boolean().default(true),
});

export const confirmPaymentQuery = z.object({
  razorpayOrderId: safeString().trim().min(1).max(100),
  razorpayPaymentId: safeString().trim().min(1).max(100),
  razorpaySignature: safeString().trim().min(1).max(200),
});
export const confirmPaymentResponse = z.object({ status: z.enum(['success', 'failed']) });

export const cancelPaymentBody = z.object({
  reason: z.enum(['dismissed', 'failed']).default('dismissed'),
  cancelKey: safeString().trim().min(1).max(200),
});

/**
 * A signed link to one order from its mail (decision 0033): `expires` (seconds since the epoch) and
 * the server's `signature` over the order id and the expiry.
 */
export const documentLinkQuery = z.object({
  expires: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  signature: safeString().trim().min(1).max(200).optional(),
});

/** The card window opened: the browser holding the order's cancel key asks for the whole payment window. */
export const paymentWindowBody = z.object({ cancelKey: safeString().trim().min(1).max(200) });
export const paymentWindowResponse = z.object({
  /** False when the order holds no stock to extend (released, paid, or placed without a hold). */
  extended: z.boolean(),
  /** When the order's hold ends, or null when it holds no stock any more. */
  holdExpiresAt: z.string().nullable(),
});

export const ORDER_STATUS_VALUES = [
  'PENDING',
  'PAYMENT_PENDING',
  'CONFIRMED',
  'PROCESSING',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export const PAYMENT_STATUS_VALUES = [
  'PENDING',
  'AUTHORIZED',
  'CAPTURED',
  'FAILED',
  'REFUNDED',
  'CANCELLED',
  /** A refund was asked of the gateway; its webhook or the reconciler settles it. */
  'REFUND_PENDING',
  /** The gateway refused or failed the refund; an admin may ask again (set REFUNDED). */
  'REFUND_FAILED',
  /** The captured amount was not the order's: not confirmed; an operator reviews and refunds it. */
  'NEEDS_REVIEW',
] as const;

export const orderAddressSchema = z.object({
  fullName: safeString(),
  street: safeString(),
  city: safeString(),
  state: safeString(),
  country: safeString(),
  postalCode: safeString(),
  phone: safeString(),
});

/** What the payment-status page shows: no email, no internal ids beyond the unguessable order id. */
export const orderStatusViewSchema = z.object({
  id: safeString(),
  orderNumber: safeString(),
  vendorSlug: safeString(),
  /** The buyer's name and address: only for the buyer's key or signed link (null by order id alone). */
  customerName: safeString().nullable(),
  status: z.enum(ORDER_STATUS_VALUES),
  paymentStatus: z.enum(PAYMENT_STATUS_VALUES),
  paymentId: safeString().nullable(),
  paymentDate: safeString().nullable(),
  orderDate: safeString(),
  shippingAddress: orderAddressSchema.nullable(),
  orderItems: z.array(
    z.object({
      productSku: safeString(),
      productName: safeString(),
      image: safeString().nullable(),
      quantity: z.number().int(),
      priceAtTime: z.number(),
      totalPrice: z.number(),
    }),
  ),
  totalAmount: z.number(),
  couponDiscount: z.number(),
  shippingCost: z.number(),
  /** What rounding the amount to pay up to a whole rupee added (0 to 0.99; spec §9). */
  roundOff: z.number(),
  finalAmount: z.number(),
  appliedCoupons: z.array(appliedCouponSchema),
  /** Second captures for this already paid order, each refunded automatically through the gateway. */
  duplicatePayments: z
    .array(z.object({ amount: z.number(), status: z.enum(['PENDING', 'REFUNDED', 'FAILED']) }))
    .optional(),
});
export type OrderStatusView = z.infer<typeof orderStatusViewSchema>;

/** Payment-status page: query status success -> success; failed or cancelled -> failure; else pending. */
export function statusFromQuery(status: string | null | undefined): 'success' | 'failure' | 'pending' {
  const s = (status ?? '').toLowerCase();
  if (s === 'success') return 'success';
  if (s === 'failed' || s === 'cancelled') return 'failure';
  return 'pending';
}

/** After the order loads: CAPTURED or SUCCESS is success (unless the order was cancelled for a refund). */
export function statusFromOrder(
  order: Pick<OrderStatusView, 'paymentStatus' | 'status'>,
): 'success' | 'failure' {
  const paid = order.paymentStatus === 'CAPTURED' || (order.paymentStatus as string) === 'SUCCESS';
  return paid && order.status !== 'CANCELLED' ? 'success' : 'failure';
}
