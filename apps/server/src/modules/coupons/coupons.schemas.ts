import { z } from 'zod';
import { editVersionSchema, isoDateTimeSchema, isoDaySchema, safeString } from '@zevar/domain';
import { COUPON_TYPES, rupeesSchema, idParamsSchema } from '@zevar/domain';

const optionalCount = z.coerce.number().int().min(0).max(100_000).optional();
const optionalRupees = z.coerce.number().min(0).max(100_000_000).optional();

export const couponListQuery = z.object({ quantity: optionalCount, totalPrice: optionalRupees });
export const couponApplyQuery = z.object({
  code: safeString().trim().min(1).max(50),
  quantity: z.coerce.number().int().min(0).max(100_000),
  totalPrice: z.coerce.number().min(0).max(100_000_000),
});
export const couponIdParams = idParamsSchema;
export const couponCodeParams = z.object({ code: safeString().trim().min(1).max(50) });

export const couponInput = z.object({
  code: safeString()
    .trim()
    .min(1, 'This field is required')
    .max(50)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - or _'),
  type: z.enum(COUPON_TYPES).default('APPLY_WITH_QUANTITY'),
  discount: rupeesSchema,
  quantity: z.number().int().min(1).max(100_000).default(1),
  minimumTotalPrice: rupeesSchema.default(0),
  /** A real day or date-time; `true`, `null`, numbers and arrays are 400, not 1970. */
  expiryDate: z
    .union([isoDateTimeSchema, isoDaySchema], { message: 'Invalid date' })
    .transform((v) => new Date(v)),
  description: safeString().trim().max(500).default(''),
  /** Saves a discount above COUPON_MAX_SHARE_PERCENT of the minimum basket (otherwise a 400). */
  confirmLargeDiscount: z.boolean().default(false),
});
export type CouponInput = z.infer<typeof couponInput>;

/** An edit of a coupon: the version it started from (409 with the newer coupon when it moved on). */
export const couponUpdateInput = couponInput.extend({ version: editVersionSchema });
export type CouponUpdateInput = z.infer<typeof couponUpdateInput>;
