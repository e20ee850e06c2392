import { z } from 'zod';
import { MAX_AMOUNT_RUPEES } from './money';
import { PLANS } from './plans';

/**
 * Strict input primitives shared by every schema (issue 8): what the database would choke on, or
 * what a browser would run, is a 400 here.
 */

/** PostgreSQL text cannot hold a NUL byte. */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this rejects
const NO_NUL = /^[^\u0000]*$/;
export const NUL_MESSAGE = 'Must not contain a NUL character';

/** A string without NUL bytes: the base of every string in the API. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(NO_NUL, NUL_MESSAGE);

/**
 * The version an edit started from (issue 20 item 7, decision 0023): the server saves it only if the
 * record is still at this version, else answers 409 with STALE_EDIT_MESSAGE and the newer values.
 */
export const editVersionSchema = z.number().int().min(1).max(2_147_483_647);

/**
 * A record's edit version in an answer. An answer without one (an older server or cache) reads as 1:
 * the worst a wrong guess can do is a 409 that loads the newer values, never a silent overwrite.
 */
export const editVersionOut = z.number().int().default(1);

/** Whether yyyy-mm-dd names a day that exists (no 31 February). */
export function isRealDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar day, yyyy-MM-dd, that exists. */
export const isoDaySchema = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format yyyy-MM-dd')
  .refine(isRealDay, 'This date does not exist');

/** Only web addresses a browser opens as pages: http and https (never javascript: or data:). */
export const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
export const URL_MESSAGE = 'Enter a web address starting with https:// or http://';

/** An image reference: an uploaded file's name or path, or an http(s) address; no other scheme. */
export const isSafeImageRef = (v: string) => !/^[a-z][a-z0-9+.-]*:/i.test(v) || HTTP_URL.test(v);

/** A rupee amount in the API: finite, not negative, at most two decimals, at most ₹10 crore. */
export const rupeesSchema = z
  .number({ message: 'Must be a number' })
  .finite()
  .min(0, 'Must not be negative')
  .max(MAX_AMOUNT_RUPEES, 'Amount is too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');

/** A plan tier; input is accepted in any case ('standard' included). */
export const planSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(PLANS, { message: 'Invalid plan' }),
);
