import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  documentNumber,
  financialYear,
  GST_STATE_CODES,
  gstinCheckChar,
  isValidGstin,
  isValidPan,
  maskPan,
  numberInWordsIndian,
  panInput,
  panRequired,
  splitGst,
} from './gst';
import { taxableOfInclusive } from './price-breakup';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: n, maxLength: n });
const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const pan = fc.tuple(letters(5), digits(4), letters(1)).map((p) => p.join(''));
const gstin14 = fc
  .tuple(
    fc.constantFrom(...Object.keys(GST_STATE_CODES)),
    pan,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, p, entity]) => `${state}${p}${entity}Z`);

describe('GST split', () => {
  it('CGST + SGST equals IGST for any tax amount, each half within a paisa of the other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e14 }), (tax) => {
        const intra = splitGst(tax, true);
        const inter = splitGst(tax, false);
        expect(intra.cgstPaise + intra.sgstPaise).toBe(inter.igstPaise);
        expect(intra.igstPaise).toBe(0);
        expect(inter.cgstPaise + inter.sgstPaise).toBe(0);
        expect(intra.sgstPaise - intra.cgstPaise).toBeGreaterThanOrEqual(0);
        expect(intra.sgstPaise - intra.cgstPaise).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('takes the taxable value out of a GST-inclusive amount rounded once, the tax being the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 2800 }), (amount, bp) => {
        const { taxablePaise, taxPaise } = taxableOfInclusive(amount, bp);
        expect(taxablePaise + taxPaise).toBe(amount);
        // Within half a paisa of the exact figure, so the tax is within a paisa of rate x taxable.
        const error = BigInt(taxablePaise) * BigInt(10_000 + bp) - BigInt(amount) * 10_000n;
        expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(BigInt(10_000 + bp));
      }),
    );
    expect(taxableOfInclusive(103_00, 300)).toEqual({ taxablePaise: 100_00, taxPaise: 3_00 });
  });
});

const UNITS: Record<string, number> = {};
[
  'Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen',
]
  .join(' ')
  .split(' ')
  .forEach((w, i) => (UNITS[w] = i));
['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].forEach(
  (w, i) => (UNITS[w] = (i + 2) * 10),
);
const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };

/** An independent reader of Indian-numbered words (the test's oracle). */
function readWords(words: string[]): number {
  // Highest scale first: split on it, read the left as its multiplier, recurse on the right.
  for (const scale of ['Crore', 'Lakh', 'Thousand', 'Hundred']) {
    const at = words.lastIndexOf(scale);
    if (at >= 0) {
      return readWords(words.slice(0, at)) * SCALES[scale]! + readWords(words.slice(at + 1));
    }
  }
  return words.reduce((s, w) => {
    if (UNITS[w] === undefined) throw new Error(`unknown word ${w}`);
    return s + UNITS[w]!;
  }, 0);
}

function readAmount(text: string): number {
  const m = /^Rupees (.+?)(?: and (.+) (?:Paise|Paisa))? Only$/.exec(text);
  if (!m) throw new Error(`not an amount in words: ${text}`);
  return readWords(m[1]!.split(' ')) * 100 + (m[2] ? readWords(m[2].split(' ')) : 0);
}

describe('amount in words', () => {
  it('reads back to the same amount for every amount from 1 paisa to ₹99,99,99,999.99', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_99_99_999_99 }), (paise) => {
        const words = amountInWords(paise);
        expect(words).toMatch(/^Rupees [A-Za-z ]+ Only$/);
        expect(words).not.toMatch(/ {2}/);
        expect(readAmount(words)).toBe(paise);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses lakh and crore, never million', () => {
    expect(amountInWords(2_07_305_50)).toBe(
      'Rupees Two Lakh Seven Thousand Three Hundred Five and Fifty Paise Only',
    );
    expect(amountInWords(1)).toBe('Rupees Zero and One Paisa Only');
    expect(amountInWords(99_99_99_999_99)).toBe(
      'Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    );
    expect(amountInWords(1_00_00_000_00)).toBe('Rupees One Crore Only');
    expect(numberInWordsIndian(1_00_000)).toBe('One Lakh');
  });
});

describe('GSTIN', () => {
  it('accepts a published GSTIN and refuses it with its check character changed', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
  });

  it('is valid with its computed check character, and any single changed character is caught', () => {
    fc.assert(
      fc.property(gstin14, fc.nat(), fc.nat(), (first14, at, pick) => {
        const gstin = first14 + gstinCheckChar(first14);
        expect(isValidGstin(gstin)).toBe(true);
        const i = at % 15;
        const replacement = ALNUM[pick % 36]!;
        fc.pre(replacement !== gstin[i]);
        const changed = gstin.slice(0, i) + replacement + gstin.slice(i + 1);
        expect(isValidGstin(changed)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an unknown state code and the wrong length', () => {
    const first14 = '28AAPFU0939F1Z';
    expect(isValidGstin(first14 + gstinCheckChar(first14))).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });
});

describe('PAN', () => {
  it('is five letters, four digits and a letter', () => {
    fc.assert(
      fc.property(pan, (p) => {
        expect(isValidPan(p)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        expect(isValidPan(s)).toBe(/^[A-Z]{5}\d{4}[A-Z]$/.test(s));
      }),
    );
    expect(isValidPan('ABCDE1234F')).toBe(true);
    expect(isValidPan('ABCD12345F')).toBe(false);
  });

  it('is read in capitals, blank means none, and shows only its last four characters', () => {
    expect(panInput.parse(' abcde1234f ')).toBe('ABCDE1234F');
    expect(panInput.parse('')).toBeUndefined();
    expect(panInput.safeParse('ABCDE12345').success).toBe(false);
    expect(maskPan('ABCDE1234F')).toBe('XXXXXX234F');
  });

  it('is required strictly above the threshold', () => {
    expect(panRequired(2_00_000_00, 200_000)).toBe(false);
    expect(panRequired(2_00_000_01, 200_000)).toBe(true);
  });
});

describe('financial year and numbers', () => {
  it('runs April to March in the business timezone', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-27');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'), 'Asia/Kolkata')).toBe('2099-00');
  });

  it('numbers documents within 16 characters', () => {
    expect(documentNumber('ZV', '2026-27', 123)).toBe('ZV/26-27/000123');
    expect(documentNumber('ZV', '2026-27', 9_999_999).length).toBeLessThanOrEqual(16);
  });
});
