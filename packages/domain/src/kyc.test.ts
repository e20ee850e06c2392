import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckChar } from './gst';
import {
  ifscSchema,
  kycSubmissionSchema,
  maskAccountNumber,
  nameMatchScore,
  PAN_HOLDER_TYPES,
  panHolderType,
  panSchema,
} from './kyc';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (n: number) => fc.string({ unit: fc.constantFrom(...LETTERS), minLength: n, maxLength: n });
const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const panWith = (fourth: fc.Arbitrary<string>) =>
  fc.tuple(letters(3), fourth, letters(1), digits(4), letters(1)).map((p) => p.join(''));
const HOLDERS = Object.keys(PAN_HOLDER_TYPES);
const NOT_HOLDERS = [...LETTERS].filter((l) => !HOLDERS.includes(l));

const valid = {
  pan: 'ABCPE1234F',
  legalName: 'Meera Iyer',
  gstin: '',
  accountHolderName: 'Meera Iyer',
  accountNumber: '50100234567890',
  confirmAccountNumber: '50100234567890',
  ifsc: 'HDFC0001234',
};

describe('PAN', () => {
  it('names the holder type by its fourth letter', () => {
    expect(panHolderType('ABCPE1234F')).toBe('P');
    expect(panHolderType('AAACR5055K')).toBe('C');
    expect(panHolderType('ABCHE1234F')).toBe('H');
    expect(panHolderType('AAAFZ1234Q')).toBe('F');
    expect(panHolderType('AAATZ1234Q')).toBe('T');
  });

  it('accepts any well-formed PAN whose fourth letter names a holder, in any case', () => {
    fc.assert(
      fc.property(panWith(fc.constantFrom(...HOLDERS)), fc.boolean(), (pan, lower) => {
        const parsed = panSchema.safeParse(lower ? ` ${pan.toLowerCase()} ` : pan);
        expect(parsed.success && parsed.data).toBe(pan);
      }),
    );
  });

  it('refuses a PAN whose fourth letter names no holder', () => {
    fc.assert(
      fc.property(panWith(fc.constantFrom(...NOT_HOLDERS)), (pan) => {
        expect(panHolderType(pan)).toBeNull();
        expect(panSchema.safeParse(pan).success).toBe(false);
      }),
    );
  });

  it('refuses malformed PANs', () => {
    for (const bad of [
      '',
      'ABCPE1234',
      'ABCPE12345',
      '1BCPE1234F',
      'ABCPE1234FF',
      'ABCP31234F',
      'ABC E1234F',
    ]) {
      expect(panSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('IFSC', () => {
  it('is four letters, a zero and six letters or digits', () => {
    fc.assert(
      fc.property(
        letters(4),
        fc.string({ unit: fc.constantFrom(...`${LETTERS}0123456789`), minLength: 6, maxLength: 6 }),
        (bank, branch) => {
          expect(ifscSchema.safeParse(`${bank}0${branch}`.toLowerCase()).data).toBe(`${bank}0${branch}`);
          expect(ifscSchema.safeParse(`${bank}1${branch}`).success).toBe(false);
        },
      ),
    );
    for (const bad of ['HDFC001234', 'HDFC00012345', 'HDF00001234', 'HDFC0-01234']) {
      expect(ifscSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('KYC submission', () => {
  it('takes a complete submission, upper-casing codes and turning a blank GSTIN into none', () => {
    const parsed = kycSubmissionSchema.parse({ ...valid, pan: 'abcpe1234f', ifsc: 'hdfc0001234' });
    expect(parsed).toMatchObject({ pan: 'ABCPE1234F', ifsc: 'HDFC0001234', gstin: null });
  });

  it('refuses account numbers that differ or are not 9 to 18 digits', () => {
    const differ = kycSubmissionSchema.safeParse({ ...valid, confirmAccountNumber: '50100234567891' });
    expect(differ.error?.issues[0]?.path).toEqual(['confirmAccountNumber']);
    for (const n of ['12345678', '1234567890123456789', '12345-67890', 'ABCDEFGHIJ']) {
      expect(
        kycSubmissionSchema.safeParse({ ...valid, accountNumber: n, confirmAccountNumber: n }).success,
        n,
      ).toBe(false);
    }
  });

  it('checks a GSTIN like the seller’s, and that it carries the same PAN', () => {
    fc.assert(
      fc.property(panWith(fc.constantFrom(...HOLDERS)), fc.constantFrom('27', '29', '07'), (pan, state) => {
        const first14 = `${state}${pan}1Z`;
        const gstin = `${first14}${gstinCheckChar(first14)}`;
        expect(kycSubmissionSchema.safeParse({ ...valid, pan, gstin }).success).toBe(true);
        const wrongCheck = `${first14}${gstinCheckChar(first14) === 'A' ? 'B' : 'A'}`;
        expect(kycSubmissionSchema.safeParse({ ...valid, pan, gstin: wrongCheck }).success).toBe(false);
      }),
    );
    const first14 = '27AAPFU0939F1Z';
    const other = kycSubmissionSchema.safeParse({ ...valid, gstin: `${first14}${gstinCheckChar(first14)}` });
    expect(other.error?.issues[0]?.path).toEqual(['gstin']);
  });
});

describe('name match and masking', () => {
  it('scores the share of the given name the bank also holds, ignoring case, dots and honorifics', () => {
    expect(nameMatchScore('Meera Iyer', 'MRS MEERA IYER')).toBe(1);
    expect(nameMatchScore('Kaveri Gold House Pvt. Ltd.', 'KAVERI GOLD HOUSE PRIVATE LIMITED')).toBe(1);
    expect(nameMatchScore('Meera Iyer', 'MEERA R')).toBe(0.5);
    expect(nameMatchScore('Meera Iyer', '')).toBe(0);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = nameMatchScore(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('shows only the last four digits of an account', () => {
    expect(maskAccountNumber('50100234567890')).toBe('••••7890');
  });
});
