import { z } from 'zod';
import { dbIdSchema } from './paging';
import { rupeesSchema, safeString } from './primitives';
import { zonedIsoDate } from './time';

/**
 * Settlement of resellers' commission (issue 24): TDS on commission, GST on commission, financial
 * years and quarters, and the shapes of payout runs, statements and the TDS ledger. Rates,
 * thresholds and section names come from configuration (SETTLEMENT_RULES) with their effective
 * dates; these functions only apply them. Amounts are integer paise.
 */

/** One period of the rules, in force from `from` (a calendar day) until the next one starts. */
export const settlementRuleSchema = z.object({
  from: z.iso.date(),
  /** The section TDS on commission is deducted under on that day (194H; 393(1) from 1 April 2026). */
  section: z.string().trim().min(1).max(40),
  tdsPercent: z.number().min(0).max(100),
  /** The rate without a valid PAN (old section 206AA). */
  noPanTdsPercent: z.number().min(0).max(100),
  /** No deduction while the year's commission to the payee stays at or below this. */
  thresholdRupees: z.number().int().min(0),
  /** GST a registered reseller charges on its commission. */
  gstPercent: z.number().min(0).max(100),
});
export type SettlementRule = z.infer<typeof settlementRuleSchema>;

/** The rules as published (docs: /work/shared/reference, decision 0050); the default of SETTLEMENT_RULES. */
export const DEFAULT_SETTLEMENT_RULES: SettlementRule[] = [
  {
    from: '2024-10-01',
    section: '194H',
    tdsPercent: 2,
    noPanTdsPercent: 20,
    thresholdRupees: 15_000,
    gstPercent: 18,
  },
  {
    from: '2025-04-01',
    section: '194H',
    tdsPercent: 2,
    noPanTdsPercent: 20,
    thresholdRupees: 20_000,
    gstPercent: 18,
  },
  {
    from: '2026-04-01',
    section: '393(1)',
    tdsPercent: 2,
    noPanTdsPercent: 20,
    thresholdRupees: 20_000,
    gstPercent: 18,
  },
];

export const settlementRulesSchema = z
  .array(settlementRuleSchema)
  .min(1)
  .refine((rules) => new Set(rules.map((r) => r.from)).size === rules.length, 'two rules start on one day');

/** The rule in force on a calendar day (YYYY-MM-DD); the earliest when the day precedes every rule. */
export function ruleOn(rules: SettlementRule[], day: string): SettlementRule {
  const sorted = [...rules].sort((a, b) => a.from.localeCompare(b.from));
  let found = sorted[0]!;
  for (const r of sorted) if (r.from <= day) found = r;
  return found;
}

/** Percent to basis points (2 % → 200), exact for rates with up to two decimals. */
export const basisPoints = (percent: number) => Math.round(percent * 100);

/** The Indian financial year of a calendar day: 1 April to 31 March, written '2026-27'. */
export function financialYearOfDay(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The TDS return quarter of a calendar day: Q1 April–June … Q4 January–March. */
export function quarterOfDay(day: string): 'Q1' | 'Q2' | 'Q3' | 'Q4' {
  const month = Number(day.slice(5, 7));
  if (month >= 4 && month <= 6) return 'Q1';
  if (month >= 7 && month <= 9) return 'Q2';
  if (month >= 10 && month <= 12) return 'Q3';
  return 'Q4';
}

/**
 * The day tax deducted in a month (YYYY-MM) must be deposited by: the 7th of the next month, and
 * 30 April for tax deducted in March (rule 30 of the Income-tax Rules 1962).
 */
export function tdsDepositDueDay(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (m === 3) return `${y}-04-30`;
  return m === 12 ? `${y + 1}-01-07` : `${y}-${String(m + 1).padStart(2, '0')}-07`;
}

/** The months of a financial year ('2026-27' → 2026-04 … 2027-03). */
export function monthsOfFinancialYear(fy: string): string[] {
  const start = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 3) % 12) + 1;
    return `${m >= 4 ? start : start + 1}-${String(m).padStart(2, '0')}`;
  });
}

export const financialYearOf = (at: Date, timeZone: string) => financialYearOfDay(zonedIsoDate(at, timeZone));
export const quarterOf = (at: Date, timeZone: string) => quarterOfDay(zonedIsoDate(at, timeZone));

/** The first and last calendar day of a financial year's quarter ('2026-27', 'Q3' → 2026-10-01..2026-12-31). */
export function quarterDays(fy: string, quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4'): { from: string; to: string } {
  const start = Number(fy.slice(0, 4));
  const spans = {
    Q1: [`${start}-04-01`, `${start}-06-30`],
    Q2: [`${start}-07-01`, `${start}-09-30`],
    Q3: [`${start}-10-01`, `${start}-12-31`],
    Q4: [`${start + 1}-01-01`, `${start + 1}-03-31`],
  } as const;
  const [from, to] = spans[quarter];
  return { from, to };
}

/**
 * The tax deducted on one payment, rounded to the nearest whole rupee: 50 paise and more go up, less is
 * dropped (decision 0067). The rounding is done at the time of deduction (CBDT Circular 49 of
 * 16 November 1970 on section 288B), to the rupee as section 288B read for "tax deductible at source"
 * before its substitution in 2016; its present text (and section 516 of the 2025 Act) rounds the tax
 * finally payable or refundable to ten rupees, which is not the deduction from one payment: each
 * deductee row of the return carries the tax actually deducted, and the challan deposits their sum.
 * The amount paid or credited is never rounded (section 288A rounds total income, not a payment).
 */
export const roundTaxToRupee = (paise: number) => Math.floor((paise + 50) / 100) * 100;

export type TdsInput = {
  /** Commission settled with the payee earlier in the same financial year (payouts not failed or reversed). */
  yearCommissionBeforePaise: number;
  /** The part of it TDS was already deducted on (the sum of earlier deductions' bases this year). */
  yearBaseTaxedPaise: number;
  /** This payout's commission (before GST). */
  commissionPaise: number;
  panValid: boolean;
  rule: SettlementRule;
};

export type TdsResult = { basePaise: number; rateBasisPoints: number; tdsPaise: number; section: string };

/**
 * TDS on a payout of commission. Nothing while the year's commission stays at or below the threshold;
 * the payout that crosses it deducts on the whole year's commission not yet taxed (the earlier payouts'
 * too, as the law requires once the threshold is passed), and every later payout on its own commission.
 * Without a valid PAN the higher rate applies. The deduction never exceeds the payout's commission: what
 * it cannot cover stays untaxed and the next payout deducts it.
 */
export function tdsFor(input: TdsInput): TdsResult {
  const { rule } = input;
  const rateBasisPoints = basisPoints(input.panValid ? rule.tdsPercent : rule.noPanTdsPercent);
  const yearTotal = input.yearCommissionBeforePaise + input.commissionPaise;
  const none = { basePaise: 0, rateBasisPoints, tdsPaise: 0, section: rule.section };
  if (input.commissionPaise <= 0 || rateBasisPoints === 0 || yearTotal <= rule.thresholdRupees * 100)
    return none;
  let base = Math.max(0, yearTotal - input.yearBaseTaxedPaise);
  let tds = roundTaxToRupee((base * rateBasisPoints) / 10_000);
  if (tds > input.commissionPaise) {
    // Deduct what the payout can carry, in whole rupees; the rest of the base waits for the next payout.
    tds = Math.floor(input.commissionPaise / 100) * 100;
    base = Math.min(base, Math.floor((tds * 10_000) / rateBasisPoints));
  }
  return { basePaise: base, rateBasisPoints, tdsPaise: tds, section: rule.section };
}

/** GST a registered reseller charges on its commission (rounded to the paisa), 0 when unregistered. */
export function gstOnCommission(commissionPaise: number, registered: boolean, rule: SettlementRule): number {
  if (!registered || commissionPaise <= 0) return 0;
  return Math.round((commissionPaise * basisPoints(rule.gstPercent)) / 10_000);
}

// ---- API shapes ----

export const PAYOUT_STATUSES = [
  'PENDING_APPROVAL',
  'APPROVED',
  'SENDING',
  'QUEUED',
  'PROCESSING',
  'PROCESSED',
  'FAILED',
  'REVERSED',
  'CANCELLED',
] as const;
export type PayoutLineStatus = (typeof PAYOUT_STATUSES)[number];

export const createPayoutRunSchema = z.object({
  /** Resellers to include; absent or empty: every reseller with a payable balance. */
  vendorIds: z.array(dbIdSchema).max(1000).optional(),
});

export const payoutRunLineSchema = z.object({
  payoutId: z.number().int(),
  vendorId: z.number().int(),
  vendorName: safeString(),
  /** Released commission this payout settles before reversals (rupees). */
  earnings: z.number(),
  /** Commission reversed on released orders that no earlier payout netted, netted here (positive). */
  reversalsNetted: z.number(),
  /** The commission settled: earnings − reversals netted. */
  commission: z.number(),
  tds: z.number(),
  tdsRatePercent: z.number(),
  tdsSection: safeString().nullable(),
  gst: z.number(),
  net: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  utr: safeString().nullable(),
  failureReason: safeString().nullable(),
});
export type PayoutRunLine = z.infer<typeof payoutRunLineSchema>;

export const payoutRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['PENDING_APPROVAL', 'APPROVED', 'CANCELLED']),
  createdAt: safeString(),
  createdBy: safeString().nullable(),
  /** The maker's user id: the screen tells the maker that a second admin must approve. */
  createdById: z.number().int().nullable(),
  approvedAt: safeString().nullable(),
  approvedBy: safeString().nullable(),
  /** Whether a second admin must approve it (its net total is above PAYOUT_APPROVAL_ABOVE_RUPEES). */
  needsSecondAdmin: z.boolean(),
  /** The net total above which a second admin must approve (PAYOUT_APPROVAL_ABOVE_RUPEES). */
  approvalAboveRupees: z.number(),
  /** How the payouts are sent (PAYOUTS): with `manual` the admin records each transfer's UTR. */
  provider: z.enum(['sandbox', 'razorpayx', 'manual']),
  totalNet: z.number(),
  lines: z.array(payoutRunLineSchema),
  /** Resellers left out, with why (not payable, KYC not ready, a payout already waiting). */
  skipped: z.array(z.object({ vendorId: z.number().int(), vendorName: safeString(), reason: safeString() })),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const recordUtrSchema = z.object({
  utr: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,30}$/, 'A UTR is 6 to 30 letters and digits'),
});

export const vendorBalanceSchema = z.object({
  vendorId: z.number().int(),
  vendorName: safeString(),
  /** Commission on orders not yet delivered or still inside the hold window (rupees). */
  held: z.number(),
  /** Released and not yet paid; negative: the reseller owes it back. */
  payable: z.number(),
  owed: z.number(),
});
export type VendorBalance = z.infer<typeof vendorBalanceSchema>;

/**
 * A reseller's own position now (GET /api/settlement/vendor/{id}/balance): the balance, and why no
 * payout can be made now (KYC not submitted or not approved, a bank change waiting for an admin), or null.
 */
export const vendorPositionSchema = vendorBalanceSchema.extend({
  payoutsHeldBecause: safeString().nullable(),
});
export type VendorPosition = z.infer<typeof vendorPositionSchema>;

export const balancesSchema = z.object({
  vendors: z.array(vendorBalanceSchema),
  /** What the marketplace owes resellers in all: held plus positive payable balances (rupees). */
  totalLiability: z.number(),
});

export const statementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM'),
});

export const tdsQuerySchema = z.object({
  fy: z.string().regex(/^\d{4}-\d{2}$/, 'A financial year is written 2026-27'),
  quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4']).optional(),
});

/** A month written YYYY-MM. */
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM');

/**
 * A TDS challan (ITNS 281) an admin records after depositing the tax deducted in a month: the bank's
 * BSR code, the challan's serial number and the deposit date (together the CIN), the amount, and the
 * deductions it pays: all not yet deposited of that month and section, or the chosen ones. The amount
 * must equal their sum to the paisa.
 */
export const recordTdsChallanSchema = z.object({
  bsrCode: z
    .string()
    .trim()
    .regex(/^\d{7}$/, 'A BSR code is 7 digits'),
  challanSerial: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'A challan serial number is 5 digits'),
  depositedOn: z.iso.date({ message: 'A deposit date is YYYY-MM-DD' }),
  amount: rupeesSchema.refine((v) => v > 0, 'Must be more than zero'),
  month: monthSchema,
  section: z.string().trim().min(1).max(40),
  entryIds: z.array(dbIdSchema).min(1).max(5000).optional(),
});
export type RecordTdsChallan = z.infer<typeof recordTdsChallanSchema>;

export const tdsChallanSchema = z.object({
  id: z.number().int(),
  bsrCode: safeString(),
  challanSerial: safeString(),
  depositedOn: safeString(),
  amount: z.number(),
  month: safeString(),
  financialYear: safeString(),
  quarter: safeString(),
  section: safeString(),
  deductions: z.number().int(),
  recordedBy: safeString().nullable(),
  recordedAt: safeString(),
});
export type TdsChallan = z.infer<typeof tdsChallanSchema>;

/** One month of a financial year on the TDS screen: what was deducted, deposited, and by when. */
export const tdsMonthSchema = z.object({
  month: safeString(),
  deducted: z.number(),
  deposited: z.number(),
  /** Deducted and not yet deposited. */
  due: z.number(),
  dueOn: safeString(),
  status: z.enum(['NONE', 'DEPOSITED', 'DUE', 'OVERDUE']),
  /** Sections with deductions not yet deposited (a challan covers one section). */
  sectionsDue: z.array(safeString()),
});
export type TdsMonth = z.infer<typeof tdsMonthSchema>;

export const tdsMonthsSchema = z.object({
  financialYear: safeString(),
  months: z.array(tdsMonthSchema),
  challans: z.array(tdsChallanSchema),
});
export type TdsMonths = z.infer<typeof tdsMonthsSchema>;

export const tdsEntrySchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  vendorName: safeString(),
  payoutId: z.number().int(),
  financialYear: safeString(),
  quarter: safeString(),
  pan: safeString().nullable(),
  panStatus: safeString(),
  section: safeString(),
  ratePercent: z.number(),
  /** The commission the deduction was computed on (rupees). */
  base: z.number(),
  amount: z.number(),
  deductedOn: safeString(),
  /** The challan that deposited it, or null while it is not deposited. */
  challan: z
    .object({
      id: z.number().int(),
      bsrCode: safeString(),
      challanSerial: safeString(),
      depositedOn: safeString(),
    })
    .nullable(),
});
export type TdsEntry = z.infer<typeof tdsEntrySchema>;

export const statementSchema = z.object({
  vendorId: z.number().int(),
  vendorName: safeString(),
  month: safeString(),
  openingBalance: z.number(),
  orders: z.array(
    z.object({
      orderNumber: safeString(),
      at: safeString(),
      commission: z.number(),
      reversed: z.number(),
      releasedOn: safeString().nullable(),
    }),
  ),
  earned: z.number(),
  reversals: z.number(),
  /** Commission released this month (the hold ended), and still held at the month's end. */
  released: z.number(),
  heldAtEnd: z.number(),
  payouts: z.array(
    z.object({
      payoutId: z.number().int(),
      at: safeString(),
      commission: z.number(),
      tds: z.number(),
      gst: z.number(),
      net: z.number(),
      status: z.enum(PAYOUT_STATUSES),
      reference: safeString().nullable(),
    }),
  ),
  tds: z.number(),
  gst: z.number(),
  paid: z.number(),
  /** Released commission not yet paid at the month's end; negative: owed by the reseller. */
  closingBalance: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;
