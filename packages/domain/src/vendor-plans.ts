import { z } from 'zod';
import { editVersionOut, editVersionSchema, safeString } from './primitives';
import { MAX_AMOUNT_RUPEES } from './money';
import { PLANS } from './plans';
import { dbIdSchema } from './paging';

export const PLAN_MSG = {
  selectType: 'Please select a plan type',
  feature: 'Please add at least one feature',
  option: 'Please add at least one subscription option',
  optionFields: 'Please fill in all subscription option fields with valid values',
} as const;

export const planOptionSchema = z.object({
  id: z.number().int(),
  durationInMonths: z.number().int(),
  /** Rupees for the whole duration. */
  price: z.number(),
  active: z.boolean(),
});

export const vendorPlanSchema = z.object({
  id: z.number().int(),
  plan: z.enum(PLANS),
  options: z.array(planOptionSchema),
  features: z.array(safeString()),
  /** The version an edit must name (plan and options together); each saved edit bumps it. */
  version: editVersionOut,
});
export type VendorPlan = z.infer<typeof vendorPlanSchema>;

const optionInput = z.object({
  id: dbIdSchema.optional(),
  durationInMonths: z
    .number({ message: PLAN_MSG.optionFields })
    .int(PLAN_MSG.optionFields)
    .min(1, PLAN_MSG.optionFields)
    .max(120, PLAN_MSG.optionFields),
  /** Rupees, two decimals at most; every refusal in the specification's words (back-office §5). */
  price: z
    .number({ message: PLAN_MSG.optionFields })
    .finite(PLAN_MSG.optionFields)
    .min(0, PLAN_MSG.optionFields)
    .max(MAX_AMOUNT_RUPEES, PLAN_MSG.optionFields)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PLAN_MSG.optionFields),
  active: z.boolean().optional().default(true),
});

/** Create and update body: blank features are ignored, features are trimmed. */
export const vendorPlanInputSchema = z.object({
  // Missing, null and blank all mean "no type chosen" (a missing key must not pass as optional).
  plan: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : (v ?? '')),
    z.enum(PLANS, { error: (issue) => (issue.input === '' ? PLAN_MSG.selectType : 'Invalid plan') }),
  ),
  features: z
    .array(safeString().max(200))
    .transform((list) => list.map((f) => f.trim()).filter(Boolean))
    .refine((list) => list.length > 0, PLAN_MSG.feature),
  options: z.array(optionInput, { message: PLAN_MSG.option }).min(1, PLAN_MSG.option).max(12),
});
export type VendorPlanInput = z.infer<typeof vendorPlanInputSchema>;
/** An edit of a plan: the version it started from (409 with the newer plan when it moved on). */
export const vendorPlanUpdateSchema = vendorPlanInputSchema.extend({ version: editVersionSchema });
export type VendorPlanUpdate = z.infer<typeof vendorPlanUpdateSchema>;
