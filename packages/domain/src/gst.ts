import { z } from 'zod';
import { safeString } from './primitives';
import { zonedIsoDate } from './time';

/**
 * GST rules of a tax invoice (issue 13): GSTIN and PAN formats, the CGST/SGST/IGST split, the
 * financial year, document numbers and amounts in words. No I/O; the server and the web app share it.
 */

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** State codes a GSTIN starts with, and the state each names (as `INDIAN_STATES` spells it). */
export const GST_STATE_CODES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The GST state code of a state name ('Maharashtra' -> '27'), or null. */
export function gstStateCode(state: string): string | null {
  const wanted = state.trim().toLowerCase();
  const hit = Object.entries(GST_STATE_CODES).find(([, name]) => name.toLowerCase() === wanted);
  return hit ? hit[0] : null;
}

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (alternating factors 1, 2; base 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = CHARSET.indexOf(first14[i] ?? '');
    if (value < 0) throw new Error('GSTIN characters are 0-9 and A-Z');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36]!;
}

export function isValidPan(value: string): boolean {
  return PAN_PATTERN.test(value);
}

export function isValidGstin(value: string): boolean {
  return (
    GSTIN_PATTERN.test(value) &&
    GST_STATE_CODES[value.slice(0, 2)] !== undefined &&
    gstinCheckChar(value.slice(0, 14)) === value[14]
  );
}

/** The state a GSTIN is registered in. */
export function gstinState(gstin: string): string | null {
  return GST_STATE_CODES[gstin.slice(0, 2)] ?? null;
}

/** A PAN shown outside the invoice: only the last four characters. */
export function maskPan(pan: string): string {
  return `${'X'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`;
}

export const GST_TEXT = {
  panInvalid: 'Enter a valid PAN, such as ABCDE1234F',
  panRequired: (thresholdRupees: number) =>
    `PAN is required for orders above ${new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    }).format(thresholdRupees)}`,
  gstinInvalid: 'Enter a valid 15-character GSTIN, such as 27AAPFU0939F1ZV',
} as const;

const upper = (v: string) => v.trim().toUpperCase();
const emptyToUndefined = (v: string | undefined) => (v === '' ? undefined : v);

/** Optional buyer PAN at checkout: blank means none. */
export const panInput = safeString()
  .max(20)
  .transform(upper)
  .refine((v) => v === '' || isValidPan(v), GST_TEXT.panInvalid)
  .transform(emptyToUndefined)
  .optional();

/** Optional buyer GSTIN at checkout: blank means an unregistered buyer. */
export const gstinInput = safeString()
  .max(20)
  .transform(upper)
  .refine((v) => v === '' || isValidGstin(v), GST_TEXT.gstinInvalid)
  .transform(emptyToUndefined)
  .optional();

/** Orders above ₹2,00,000 need the buyer's PAN unless PAN_THRESHOLD_RUPEES says otherwise. */
export const DEFAULT_PAN_THRESHOLD_RUPEES = 200_000;

/** Whether an order of this amount needs the buyer's PAN (strictly above the threshold). */
export function panRequired(totalPaise: number, thresholdRupees: number): boolean {
  return totalPaise > thresholdRupees * 100;
}

/**
 * The tax in an amount and its split. One tax figure is computed (`taxPaise`); an intra-state supply
 * splits it into CGST = floor(tax / 2) and SGST = the rest, so CGST + SGST always equals the IGST the
 * same supply would carry across states, to the paisa (SGST takes the odd paisa).
 */
export function splitGst(taxPaise: number, intraState: boolean) {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/**
 * The CGST/SGST split of a whole document (issue 21 item 9): the tax is halved once, for the total
 * (CGST = floor(total / 2), SGST the rest), and the CGST is then shared over the lines in proportion
 * to each line's tax (largest remainder), each line's SGST being the rest of its tax. Splitting each
 * line on its own gives SGST the odd paisa of every line, so a 30-line invoice's CGST and SGST drift
 * apart by up to 30 paise; this way they differ by at most 1 paisa, and every line still adds up.
 * `share` is the exact proportional allocation (tax-invoice.ts `allocate`), passed in to keep one copy.
 */
export function splitGstOverLines(
  lineTaxPaise: number[],
  intraState: boolean,
  share: (amount: number, weights: number[]) => number[],
): Array<{ cgstPaise: number; sgstPaise: number; igstPaise: number }> {
  if (!intraState) return lineTaxPaise.map((t) => ({ cgstPaise: 0, sgstPaise: 0, igstPaise: t }));
  // A negative line tax cannot be shared in proportion; such a document keeps the per-line split.
  if (lineTaxPaise.some((t) => t < 0)) return lineTaxPaise.map((t) => splitGst(t, true));
  const total = lineTaxPaise.reduce((s, t) => s + t, 0);
  const cgst = share(Math.floor(total / 2), lineTaxPaise);
  return lineTaxPaise.map((t, i) => {
    const cgstPaise = cgst[i] ?? 0;
    return { cgstPaise, sgstPaise: t - cgstPaise, igstPaise: 0 };
  });
}

/** The Indian financial year (1 April - 31 March) an instant falls in, in the business timezone: '2026-27'. */
export function financialYear(instant: Date, timeZone: string): string {
  const [y, m] = zonedIsoDate(instant, timeZone).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document number: `{prefix}/{yy-yy}/{sequence}` such as ZV/26-27/000123 (15 characters). With a
 * prefix of at most 2 characters and up to 9,999,999 documents a year it stays within the 16
 * characters (letters, digits, '-' and '/') the GST invoice rules allow.
 */
export function documentNumber(prefix: string, fy: string, sequence: number): string {
  return `${prefix}/${fy.slice(2)}/${String(sequence).padStart(6, '0')}`;
}
export const DOCUMENT_PREFIX = /^[A-Z0-9]{1,2}$/;

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest ? `${TENS[Math.floor(n / 10)]!} ${ONES[rest]!}` : TENS[Math.floor(n / 10)]!;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]!} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
export function numberInWordsIndian(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('a whole number of at least 0');
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWordsIndian(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** 'Rupees Two Lakh Seven Thousand Three Hundred Five and Fifty Paise Only' ('Rupees Zero and One Paisa Only'). */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInWordsIndian(rupees)}`;
  return rest ? `${words} and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'} Only` : `${words} Only`;
}

/** HSN of an article of jewellery by its metal when its category names none. */
export function defaultHsn(metalName: string | null | undefined): string {
  return metalName && /silver/i.test(metalName) ? '711311' : '711319';
}

/** A category's HSN code: 4, 6 or 8 digits (spaces ignored, so '7113 19' is 711319); blank: none. */
export const hsnCodeInput = safeString()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^(|\d{4}|\d{6}|\d{8})$/.test(v), 'Enter an HSN code of 4, 6 or 8 digits, such as 711319')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

export const TAX_DOCUMENT_KINDS = ['INVOICE', 'CREDIT_NOTE'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** One issued invoice or credit note in the admin's series list. */
export const taxDocumentSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: safeString(),
  financialYear: safeString(),
  issuedAt: safeString(),
  orderId: safeString(),
  orderNumber: safeString(),
  buyerName: safeString(),
  /** For a credit note: the invoice it is issued against. */
  againstNumber: safeString().nullable(),
  taxableValue: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

export const taxDocumentListQuery = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS).optional(),
  financialYear: safeString()
    .regex(/^\d{4}-\d{2}$/, 'Use a financial year such as 2026-27')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const taxDocumentPageSchema = z.object({
  data: z.array(taxDocumentSummarySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  financialYears: z.array(safeString()),
});

/** The seller's tax details as configured (shown read-only to admins). */
export const sellerTaxDetailsSchema = z.object({
  legalName: safeString(),
  address: safeString(),
  gstin: safeString(),
  state: safeString(),
  stateCode: safeString(),
  invoicePrefix: safeString(),
  creditNotePrefix: safeString(),
  panThresholdRupees: z.number(),
});
export type SellerTaxDetails = z.infer<typeof sellerTaxDetailsSchema>;

/** The tax documents of one order, as the payment status page and the admin order detail list them. */
export const orderTaxDocumentsSchema = z.object({
  /** `total`: rupees, what the document is for (the invoice: what was paid; a credit note: what was refunded). */
  invoice: z.object({ number: safeString(), issuedAt: safeString(), total: z.number() }).nullable(),
  creditNotes: z.array(
    z.object({
      id: z.number(),
      number: safeString(),
      issuedAt: safeString(),
      total: z.number(),
      /** The refund the credit note documents. */
      refundId: z.number().nullable().optional(),
    }),
  ),
});
export type OrderTaxDocuments = z.infer<typeof orderTaxDocumentsSchema>;
