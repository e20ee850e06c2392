import { z } from 'zod';
import { safeString } from './primitives';
import { PAYMENT_TEXT } from './commerce-messages';
import { statesForPin } from './place-of-supply';

/** A delivery PIN code: six digits, and one of India Post's zones (the address form's rules). */
export const pinCodeSchema = safeString()
  .trim()
  .regex(/^\d{6}$/, PAYMENT_TEXT.invalidPin)
  .refine((pin) => statesForPin(pin).length > 0, PAYMENT_TEXT.invalidPin);

/** GET /api/delivery-estimate: the PIN code and the shop the product is bought from. */
export const deliveryEstimateQuery = z.object({
  pin: pinCodeSchema,
  vendorSlug: safeString().trim().min(1).max(100).optional(),
});

export const deliveryEstimateSchema = z.object({
  pin: safeString(),
  serviceable: z.boolean(),
  /** yyyy-mm-dd in the business timezone, or null when the PIN code is not served. */
  deliveryBy: safeString().nullable(),
  /** What to show: 'Delivery by Mon, 30 Nov' or why not. */
  message: safeString(),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;
