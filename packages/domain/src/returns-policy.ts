import { z } from 'zod';
import { editVersionOut, editVersionSchema, rupeesSchema } from './primitives';

/**
 * The returns policy the operator configures (issue 22 item 7c, docs/decisions/0039): none (the
 * specification's default: no returns, no exchanges, no refunds), or returns within a number of days
 * of delivery, up to a value per line, outside some categories. Money in paise here.
 */
export type ReturnsPolicy =
  | { kind: 'NONE' }
  | { kind: 'WINDOW'; days: number; maxValuePaise: number | null; excludedCategoryIds: number[] };

export const RETURN_REFUSALS = [
  'NO_RETURNS',
  'NOT_DELIVERED',
  'WINDOW_CLOSED',
  'ABOVE_CAP',
  'EXCLUDED',
] as const;
export type ReturnRefusal = (typeof RETURN_REFUSALS)[number];

export type ReturnEligibility = { eligible: true; until: Date } | { eligible: false; reason: ReturnRefusal };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a delivered line may be returned under the policy at `now`: the window counts from the
 * delivery instant (days of 24 hours, the last instant included); the cap compares the line's value;
 * a line in any excluded category (its own or a parent) is not returnable.
 */
export function returnEligibility(
  policy: ReturnsPolicy,
  line: { deliveredAt: Date | null; now: Date; linePaise: number; categoryIds: number[] },
): ReturnEligibility {
  if (policy.kind === 'NONE') return { eligible: false, reason: 'NO_RETURNS' };
  if (!line.deliveredAt) return { eligible: false, reason: 'NOT_DELIVERED' };
  if (line.categoryIds.some((c) => policy.excludedCategoryIds.includes(c)))
    return { eligible: false, reason: 'EXCLUDED' };
  if (policy.maxValuePaise !== null && line.linePaise > policy.maxValuePaise)
    return { eligible: false, reason: 'ABOVE_CAP' };
  const until = new Date(line.deliveredAt.getTime() + policy.days * DAY_MS);
  if (line.now.getTime() > until.getTime()) return { eligible: false, reason: 'WINDOW_CLOSED' };
  return { eligible: true, until };
}

export const RETURNS_POLICY_TEXT = {
  title: 'Returns Policy',
  kindLabel: 'Returns',
  none: 'No returns (the default policy)',
  window: 'Returns within a window',
  daysLabel: 'Days after delivery',
  capLabel: 'Highest value of a returnable item (₹, empty for no limit)',
  excludedLabel: 'Categories that cannot be returned',
  saved: 'Returns policy saved',
  saveFailed: 'Failed to save the returns policy',
  loadFailed: 'Failed to load the returns policy',
} as const;

/** The API shape (rupees). */
export const returnsPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('NONE') }),
  z.object({
    kind: z.literal('WINDOW'),
    days: z.number().int().min(1, 'At least one day').max(365, 'At most 365 days'),
    maxValue: rupeesSchema.positive('Must be above zero').nullable(),
    excludedCategoryIds: z.array(z.number().int().positive()).max(500),
  }),
]);
export type ReturnsPolicyInput = z.infer<typeof returnsPolicySchema>;

export const returnsPolicyUpdateSchema = z.object({
  policy: returnsPolicySchema,
  version: editVersionSchema,
});
export type ReturnsPolicyUpdate = z.infer<typeof returnsPolicyUpdateSchema>;

export const returnsPolicyAnswerSchema = z.object({
  policy: returnsPolicySchema,
  version: editVersionOut,
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ReturnsPolicyAnswer = z.infer<typeof returnsPolicyAnswerSchema>;

/** What the storefront's policy page shows: the configuration, with the excluded categories named. */
export const publicReturnsPolicySchema = z.object({
  policy: returnsPolicySchema,
  excludedCategories: z.array(z.string()),
});
export type PublicReturnsPolicy = z.infer<typeof publicReturnsPolicySchema>;
