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

/** The product page's words for these proofs. */
export const ASSURANCE_TEXT = {
  emiFrom: (monthly: string) => `EMI from ${monthly}/month`,
  emiHeading: 'EMI options',
  emiNote: 'On credit cards and cardless EMI at checkout; the bank may add its own processing fee.',
  insured: 'Insured shipping: this piece travels fully insured and is handed over only against a one-time code.',
  hallmarkHeading: 'BIS hallmark and HUID',
  hallmarkExplain:
    'Every hallmarked piece carries the BIS mark, its purity (for example 22K916) and a HUID: a 6-character code unique to the piece.',
  hallmarkVerify:
    "To verify it, open the BIS CARE app (Android or iOS), choose 'Verify HUID' and enter the code engraved on the piece: the app shows the jeweller, the purity and the hallmarking centre.",
  bisRegistration: (n: string) => `Seller's BIS registration: ${n}`,
  certificateHeading: 'Certificate',
  verifyCertificate: "Verify on the lab's website",
  viewCertificate: 'View the certificate',
  returnsHeading: 'Returns and exchanges',
  noReturns: 'All sales are final: no returns, no exchanges, no refunds.',
  returnWindow: (days: number) => `Returnable within ${days} ${days === 1 ? 'day' : 'days'} of delivery. No exchanges.`,
  notReturnableCap: 'This piece is above the value that can be returned: all sales of it are final.',
  notReturnableCategory: 'Pieces of this category cannot be returned: all sales of it are final.',
  policyLink: 'Read the return policy',
} as const;
