import { z } from 'zod';
import { safeString } from './primitives';

/**
 * What the product page shows a buyer before paying (issue 26 item 6), computed by the server from
 * the product and the configuration: EMI per tenure (rupees), insured shipping, the seller's BIS
 * registration, and what the configured returns policy means for this piece.
 */
export const productAssuranceSchema = z.object({
  emi: z.object({
    minimum: z.number(),
    /** Cheapest month first; empty when the price is below the minimum or no EMI is configured. */
    options: z.array(
      z.object({
        months: z.number().int(),
        annualRatePercent: z.number(),
        monthly: z.number(),
        total: z.number(),
      }),
    ),
  }),
  shipping: z.object({ insured: z.boolean(), insuredAbove: z.number() }),
  hallmark: z.object({ bisRegistration: safeString().nullable() }),
  returns: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('NONE') }),
    z.object({
      kind: z.literal('WINDOW'),
      days: z.number().int(),
      /** Why this piece cannot be returned under the window, or null when it can. */
      refusal: z.enum(['ABOVE_CAP', 'EXCLUDED_CATEGORY']).nullable(),
    }),
  ]),
});
export type ProductAssurance = z.infer<typeof productAssuranceSchema>;
