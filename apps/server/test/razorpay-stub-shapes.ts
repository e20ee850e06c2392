/**
 * Shapes shared by the local Razorpay stand-ins (payments, payment links, RazorpayX): Razorpay's
 * ids (a prefix, an underscore and 14 characters), its Unix-seconds timestamps and its documented
 * error body.
 */

/** An id maker for one stub: `pay_00000000000001`, `plink_00000000000002`, ... */
export function razorpayIds() {
  let n = 0;
  return (prefix: string) => `${prefix}_${String(++n).padStart(14, '0')}`;
}

/** Now, in the Unix seconds Razorpay's `created_at` and `expire_by` use. */
export const unixNow = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body for a refused request (`BAD_REQUEST_ERROR`, naming the field when there is one). */
export const razorpayError = (description: string, field?: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    reason: 'input_validation_failed',
    field,
  },
});
