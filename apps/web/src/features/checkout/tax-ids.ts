import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { GST_TEXT, gstinInput, panInput, panRequired } from '@zevar/domain';

/** The buyer's tax identifiers for the GST invoice: an optional GSTIN, and the PAN on large orders. */
export type TaxIdValues = { gstin: string; pan: string };
export const EMPTY_TAX_IDS: TaxIdValues = { gstin: '', pan: '' };

/**
 * The checkout's GSTIN and PAN rules: the API's own field schemas (`buyerGstin`, `buyerPan`), and the PAN
 * required above the threshold. Below it the PAN box is hidden, and whatever it held is not checked.
 */
export function taxIdSchema(needsPan: boolean, thresholdRupees: number) {
  return z
    .object({ gstin: gstinInput.unwrap(), pan: needsPan ? panInput.unwrap() : z.string() })
    .superRefine((v, ctx) => {
      if (needsPan && !v.pan)
        ctx.addIssue({ code: 'custom', path: ['pan'], message: GST_TEXT.panRequired(thresholdRupees) });
    });
}

/** What the checked form gives: blank identifiers become undefined, the rest is in capitals. */
export type TaxIds = z.output<ReturnType<typeof taxIdSchema>>;

/** The first problem with the tax identifiers, or undefined when they may be sent. */
export function taxIdProblem(v: TaxIdValues, needsPan: boolean, thresholdRupees: number) {
  const parsed = taxIdSchema(needsPan, thresholdRupees).safeParse(v);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The checkout's tax-id form: messages once a field is touched (then as the shopper types). */
export function useTaxIdForm(needsPan: boolean, thresholdRupees: number) {
  const resolver = useMemo(
    () => zodResolver(taxIdSchema(needsPan, thresholdRupees)),
    [needsPan, thresholdRupees],
  );
  return useForm<TaxIdValues, unknown, TaxIds>({ defaultValues: EMPTY_TAX_IDS, mode: 'onTouched', resolver });
}

/** Whether the checkout's amount to pay (rupees) needs the buyer's PAN. */
export const needsPan = (totalRupees: number, thresholdRupees: number) =>
  panRequired(Math.round(totalRupees * 100), thresholdRupees);
