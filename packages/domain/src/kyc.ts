import { z } from 'zod';
import { safeString } from './primitives';
import { isValidGstin, isValidPan } from './gst';
import { IFSC_PATTERN } from './user-admin';

/**
 * A reseller's KYC before the first payout (issue 24 item 3): PAN and the kind of holder its fourth
 * letter names, the legal name, the bank account a penny drop checks, and an optional GSTIN. No I/O.
 */

/**
 * The fourth character of a PAN names the kind of holder (Income Tax Department, "PAN structure").
 * Commission to a reseller is paid to any of them; the kind is shown to the admin beside the legal name.
 */
export const PAN_HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm or LLP',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local authority',
  J: 'Artificial juridical person',
  G: 'Government',
} as const;
export type PanHolderType = keyof typeof PAN_HOLDER_TYPES;

/** The kind of holder a PAN belongs to, or null when the PAN is malformed or the letter names none. */
export function panHolderType(pan: string): PanHolderType | null {
  if (!isValidPan(pan)) return null;
  const letter = pan[3]!;
  return Object.hasOwn(PAN_HOLDER_TYPES, letter) ? (letter as PanHolderType) : null;
}

/** A bank account number as Indian banks issue them: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;

export function isValidIfscFormat(ifsc: string): boolean {
  return IFSC_PATTERN.test(ifsc);
}

/** An account number shown anywhere but the form it was typed in: the last four digits. */
export function maskAccountNumber(account: string): string {
  return `••••${account.slice(-4)}`;
}

/**
 * How closely the name the bank holds matches the legal name the reseller gave: the share of the
 * given name's words (case, dots and the usual honorifics and company suffixes ignored) that the
 * bank's name also has. 1 is a full match; the admin sees the figure and both names.
 */
export function nameMatchScore(given: string, registered: string): number {
  const IGNORED = new Set([
    'MR',
    'MRS',
    'MS',
    'M/S',
    'MS/',
    'SHRI',
    'SMT',
    'DR',
    'PVT',
    'PRIVATE',
    'LTD',
    'LIMITED',
    'LLP',
  ]);
  const words = (s: string) =>
    s
      .toUpperCase()
      .replace(/[.,&()'-]/g, ' ')
      .split(/\s+/)
      .filter((w) => w !== '' && !IGNORED.has(w));
  const a = words(given);
  const b = new Set(words(registered));
  if (a.length === 0 || b.size === 0) return 0;
  return a.filter((w) => b.has(w)).length / a.length;
}

/** At or above this score the names are shown as matching. */
export const NAME_MATCH_THRESHOLD = 0.8;

export const KYC_TEXT = {
  panInvalid: 'Enter a valid PAN, such as ABCPE1234F',
  panHolderUnknown: 'The fourth letter of this PAN names no kind of holder',
  ifscInvalid: 'Enter a valid 11-character IFSC, such as HDFC0001234',
  ifscUnknown: 'This IFSC is not in the bank directory',
  accountInvalid: 'Enter the account number: 9 to 18 digits',
  accountsDiffer: 'The account numbers do not match',
  gstinInvalid: 'Enter a valid 15-character GSTIN, such as 27AAPFU0939F1ZV',
  gstinPanMismatch: 'The GSTIN must carry the same PAN',
  required: 'This field is required',
} as const;

const upper = (v: string) => v.trim().toUpperCase();
const text = (max: number) => safeString().trim().max(max);

export const panSchema = safeString()
  .max(20)
  .transform(upper)
  .refine(isValidPan, KYC_TEXT.panInvalid)
  .refine((v) => panHolderType(v) !== null, KYC_TEXT.panHolderUnknown);

export const ifscSchema = safeString()
  .max(20)
  .transform(upper)
  .refine(isValidIfscFormat, KYC_TEXT.ifscInvalid);

/** PUT /api/kyc/me: what the reseller submits. */
export const kycSubmissionSchema = z
  .object({
    pan: panSchema,
    legalName: text(150).min(3, KYC_TEXT.required),
    gstin: safeString()
      .max(20)
      .transform(upper)
      .refine((v) => v === '' || isValidGstin(v), KYC_TEXT.gstinInvalid)
      .transform((v) => (v === '' ? null : v))
      .nullish()
      .transform((v) => v ?? null),
    accountHolderName: text(100).min(3, KYC_TEXT.required),
    accountNumber: safeString().trim().regex(BANK_ACCOUNT_PATTERN, KYC_TEXT.accountInvalid),
    confirmAccountNumber: safeString().trim(),
    ifsc: ifscSchema,
  })
  .superRefine((v, ctx) => {
    if (v.accountNumber !== v.confirmAccountNumber) {
      ctx.addIssue({ code: 'custom', path: ['confirmAccountNumber'], message: KYC_TEXT.accountsDiffer });
    }
    // A GSTIN carries its holder's PAN in characters 3 to 12.
    if (v.gstin && v.gstin.slice(2, 12) !== v.pan) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: KYC_TEXT.gstinPanMismatch });
    }
  });
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

export const KYC_STATUSES = [
  /** Submitted; the penny drop has not answered yet (or the provider was unreachable). */
  'PENDING_VERIFICATION',
  /** The penny drop failed: the reseller corrects the account. */
  'VERIFICATION_FAILED',
  /** The account checked out (or cannot be checked by the provider): an admin decides. */
  'AWAITING_APPROVAL',
  'APPROVED',
  'REJECTED',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  PENDING_VERIFICATION: 'Verifying bank account',
  VERIFICATION_FAILED: 'Bank account check failed',
  AWAITING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const kycSchema = z.object({
  vendorId: z.number().int(),
  vendorName: safeString(),
  status: z.enum(KYC_STATUSES),
  pan: safeString(),
  panHolderType: safeString(),
  legalName: safeString(),
  gstin: safeString().nullable(),
  accountHolderName: safeString(),
  /** Masked (last four digits) everywhere. */
  accountNumber: safeString(),
  ifsc: safeString(),
  bankName: safeString().nullable(),
  check: z.object({
    status: z.enum(['VERIFIED', 'FAILED', 'PENDING', 'UNSUPPORTED', 'UNAVAILABLE']),
    /** The name the bank holds for the account (penny drop), when it answered. */
    registeredName: safeString().nullable(),
    /** 0..1, null when there is no registered name to compare. */
    nameMatch: z.number().nullable(),
    reason: safeString().nullable(),
    checkedAt: safeString().nullable(),
  }),
  submittedAt: safeString(),
  reviewedAt: safeString().nullable(),
  reviewedBy: safeString().nullable(),
  rejectionReason: safeString().nullable(),
  /** The vendor's profile now names another account than this KYC verified: submit again. */
  bankChangedSinceKyc: z.boolean(),
});
export type Kyc = z.infer<typeof kycSchema>;

export const kycRejectSchema = z.object({ reason: text(500).min(3, KYC_TEXT.required) });

export const kycListQuerySchema = z.object({ status: z.enum(KYC_STATUSES).optional() });

export const ifscParamsSchema = z.object({ code: ifscSchema });

export const ifscLookupSchema = z.object({
  ifsc: safeString(),
  bankName: safeString(),
  bankCode: safeString(),
});
export type IfscLookup = z.infer<typeof ifscLookupSchema>;
