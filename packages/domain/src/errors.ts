import { z } from 'zod';

/** The one error shape every non-2xx response has. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  /** The action needs a fresh password proof (POST /api/user/reauth) before it is done. */
  'REAUTH_REQUIRED',
  /** The account must set up its second factor before doing anything else (decision 0047). */
  'SECOND_FACTOR_ENROLMENT_REQUIRED',
  'NOT_FOUND',
  /** The item exists but is above the shop's plan tier (the storefront then returns to '/'). */
  'NOT_IN_PLAN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PAYMENT_ERROR',
  'INTERNAL',
  /** A service the request needs (Redis) is down: try again shortly. */
  'UNAVAILABLE',
  /** The server has no room left to store the upload (a full disk or storage quota). */
  'INSUFFICIENT_STORAGE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
