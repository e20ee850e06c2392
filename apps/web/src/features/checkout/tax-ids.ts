import { GST_TEXT, isValidGstin, isValidPan, panRequired } from '@zevar/domain';

/** The buyer's tax identifiers for the GST invoice: an optional GSTIN, and the PAN on large orders. */
export type TaxIdValues = { gstin: string; pan: string };
export const EMPTY_TAX_IDS: TaxIdValues = { gstin: '', pan: '' };

const clean = (v: string) => v.trim().toUpperCase();

export function gstinError(v: TaxIdValues): string | undefined {
  const gstin = clean(v.gstin);
  return gstin === '' || isValidGstin(gstin) ? undefined : GST_TEXT.gstinInvalid;
}

export function panError(v: TaxIdValues, needsPan: boolean, thresholdRupees: number): string | undefined {
  const pan = clean(v.pan);
  if (!needsPan) return undefined;
  if (pan === '') return GST_TEXT.panRequired(thresholdRupees);
  return isValidPan(pan) ? undefined : GST_TEXT.panInvalid;
}

/** Whether the checkout's amount to pay (rupees) needs the buyer's PAN. */
export const needsPan = (totalRupees: number, thresholdRupees: number) =>
  panRequired(Math.round(totalRupees * 100), thresholdRupees);

export const taxIdsValid = (v: TaxIdValues, pan: boolean, thresholdRupees: number) =>
  gstinError(v) === undefined && panError(v, pan, thresholdRupees) === undefined;
