import { z } from 'zod';
import { huidListSchema } from './jewellery-price';
import { safeString } from './primitives';

/* Inspection of parcels that come back (issue 22 item 7b and 7c, docs/decisions/0046). */

export const inspectionWeightSchema = z.number().int().min(1, 'Must be at least 1 g').max(100_000);
const weightSchema = inspectionWeightSchema;
const noteSchema = safeString().trim().max(1000);

/**
 * The check of a parcel that came back (a returned-to-origin shipment or a return): the HUIDs found
 * against the ones expected, and the weight against the packed weight when there is one.
 */
export function inspectionFindings(input: {
  expectedHuids: readonly string[];
  foundHuids: readonly string[];
  expectedWeightGrams: number | null;
  foundWeightGrams: number;
  toleranceGrams: number;
}): { missing: string[]; unexpected: string[]; weightMismatch: boolean; matches: boolean } {
  const found = new Set(input.foundHuids.map((h) => h.toUpperCase()));
  const expected = new Set(input.expectedHuids.map((h) => h.toUpperCase()));
  const missing = [...expected].filter((h) => !found.has(h));
  const unexpected = [...found].filter((h) => !expected.has(h));
  const weightMismatch =
    input.expectedWeightGrams !== null &&
    Math.abs(input.expectedWeightGrams - input.foundWeightGrams) > input.toleranceGrams;
  return { missing, unexpected, weightMismatch, matches: missing.length === 0 && unexpected.length === 0 };
}

/** Inspection of a returned-to-origin parcel (issue 22 item 7b). */
export const RTO_OUTCOMES = ['RESTOCK', 'DAMAGED', 'DISPUTED'] as const;
export type RtoOutcome = (typeof RTO_OUTCOMES)[number];
export const RTO_OUTCOME_LABELS: Record<RtoOutcome, string> = {
  RESTOCK: 'As packed: back in stock, refund the buyer',
  DAMAGED: 'Damaged: keep out of stock, refund the buyer',
  DISPUTED: 'Not as packed: claim with the carrier, no refund yet',
};
/** The inspected outcome, short (the fulfilment desk's and the shipment card's badge). */
export const RTO_OUTCOME_BADGES: Record<RtoOutcome, string> = {
  RESTOCK: 'Inspected: back in stock, refunded',
  DAMAGED: 'Inspected: damaged, refunded',
  DISPUTED: 'Inspected: not as packed, claim with the carrier',
};
export const rtoInspectionBody = z.object({
  outcome: z.enum(RTO_OUTCOMES),
  huids: huidListSchema.default([]),
  weightGrams: weightSchema,
  note: noteSchema.default(''),
});
export type RtoInspectionBody = z.infer<typeof rtoInspectionBody>;

export const rtoInspectionSchema = z.object({
  outcome: z.enum(RTO_OUTCOMES),
  huids: z.array(safeString()),
  weightGrams: z.number().int(),
  weightMismatch: z.boolean(),
  missingHuids: z.array(safeString()),
  note: safeString(),
  inspectedBy: safeString(),
  inspectedAt: safeString(),
  refundId: z.number().int().nullable(),
});
export type RtoInspection = z.infer<typeof rtoInspectionSchema>;
