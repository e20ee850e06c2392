/**
 * 'EMI from ₹X/month' (issue 26 item 6): the monthly instalment of a standard reducing-balance loan,
 * computed exactly on integers and rounded UP to a whole rupee (the bank never collects less than
 * the loan), for each tenure the configuration offers. Below the minimum amount there is no EMI.
 */

/** One offered tenure: months and the yearly interest rate in basis points (1,500 = 15 %; 0 = no-cost). */
export type EmiTenure = { months: number; annualRateBp: number };
export type EmiOption = {
  months: number;
  annualRateBp: number;
  /** Whole rupees, in paise. */
  monthlyPaise: number;
  /** What the buyer pays over the tenure (monthly × months). */
  totalPaise: number;
};

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * The exact instalment as a fraction (numerator, denominator) of paise:
 * P·r·(1+r)^n / ((1+r)^n − 1) with r = bp / 120,000 per month; P / n when the rate is 0.
 */
export function exactInstalment(principalPaise: number, t: EmiTenure): { num: bigint; den: bigint } {
  const p = BigInt(principalPaise);
  const n = BigInt(t.months);
  if (t.annualRateBp === 0) return { num: p, den: n };
  const a = BigInt(t.annualRateBp);
  const b = 120_000n;
  const grown = (b + a) ** n;
  return { num: p * a * grown, den: b * (grown - b ** n) };
}

function check(principalPaise: number, t: EmiTenure) {
  if (!Number.isSafeInteger(principalPaise) || principalPaise < 0) throw new RangeError('Bad amount');
  if (!Number.isInteger(t.months) || t.months < 1 || t.months > 120) throw new RangeError('Bad tenure');
  if (!Number.isInteger(t.annualRateBp) || t.annualRateBp < 0 || t.annualRateBp > 10_000)
    throw new RangeError('Bad rate');
}

/** The instalment of one tenure, rounded up to a whole rupee (paise, a multiple of 100). */
export function monthlyInstalmentPaise(principalPaise: number, t: EmiTenure): number {
  check(principalPaise, t);
  const { num, den } = exactInstalment(principalPaise, t);
  return Number(ceilDiv(num, den * 100n) * 100n);
}

/**
 * Every tenure's instalment for a price, cheapest month first; none below `minimumPaise` (the
 * smallest amount the banks convert to EMI).
 */
export function emiOptions(pricePaise: number, tenures: EmiTenure[], minimumPaise: number): EmiOption[] {
  if (pricePaise < minimumPaise || pricePaise <= 0) return [];
  return tenures
    .map((t) => {
      const monthlyPaise = monthlyInstalmentPaise(pricePaise, t);
      return { ...t, monthlyPaise, totalPaise: monthlyPaise * t.months };
    })
    .sort((x, y) => x.monthlyPaise - y.monthlyPaise || x.months - y.months);
}

/** `EMI_TENURES` as configured: 'months:percent' pairs, '3:0,6:13,12:14.5'. Null when malformed. */
export function parseEmiTenures(text: string): EmiTenure[] | null {
  const out: EmiTenure[] = [];
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,3}):(\d{1,3}(?:\.\d{1,2})?)$/.exec(part);
    if (!m) return null;
    const months = Number(m[1]);
    const annualRateBp = Math.round(Number(m[2]) * 100);
    if (months < 1 || months > 120 || annualRateBp > 10_000) return null;
    if (out.some((t) => t.months === months)) return null;
    out.push({ months, annualRateBp });
  }
  return out;
}
