import { z } from 'zod';
import { COUPON_TYPES, MSG, adminCouponSchema, rupeesSchema } from '@zevar/domain';
import { api } from '../../../lib/api';
import { fromZonedInput, toZonedInput } from '../../../lib/format';

export const COUPON_MSG = {
  loadFailed: 'Failed to load coupons',
  createFailed: 'Failed to create coupon',
  updateFailed: 'Failed to update coupon',
  deleteFailed: 'Failed to delete coupon',
  created: 'Coupon created successfully',
  updated: 'Coupon updated successfully',
  deleted: 'Coupon deleted successfully',
  confirmDelete: (code: string) => `Are you sure you want to delete coupon "${code}"?`,
} as const;

const requiredNumber = z.number({ message: MSG.required });

/** The coupon form: code, discount, quantity, minimum total and expiry are required. */
export const couponFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(50, 'At most 50 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - or _'),
  type: z.enum(COUPON_TYPES),
  discount: requiredNumber.pipe(rupeesSchema),
  quantity: requiredNumber.int('Must be a whole number').min(1, 'Must be at least 1').max(100_000),
  minimumTotalPrice: requiredNumber.pipe(rupeesSchema),
  /** datetime-local value, a wall-clock time of the business timezone. */
  expiryDate: z
    .string()
    .min(1, MSG.required)
    .refine((v) => fromZonedInput(v) !== null, 'Invalid date'),
  description: z.string().trim().max(500, 'At most 500 characters'),
});
export type CouponFormValues = z.infer<typeof couponFormSchema>;

/** What the API takes: the expiry as an ISO instant. */
export const toCouponInput = (v: CouponFormValues) => ({
  ...v,
  code: v.code.toUpperCase(),
  expiryDate: fromZonedInput(v.expiryDate)!.toISOString(),
});
export type CouponInputBody = ReturnType<typeof toCouponInput>;

export const couponsApi = {
  /** Every coupon, expired ones included (the public list hides expired coupons). */
  list: () => api.get('/coupon-codes/admin', { schema: z.array(adminCouponSchema) }),
  create: (body: CouponInputBody) => api.post('/coupon-codes', body, { schema: adminCouponSchema }),
  /** Saves an edit made from `version`; a newer one answers 409 with `current` (see staleCurrent). */
  update: (id: number, body: CouponInputBody, version: number) =>
    api.put(`/coupon-codes/${id}`, { ...body, version }, { schema: adminCouponSchema }),
  remove: (id: number) => api.delete(`/coupon-codes/${id}`),
};

/** A Date as the value of a datetime-local input, in the business timezone. */
export function toLocalInput(value: Date): string {
  return toZonedInput(value);
}
