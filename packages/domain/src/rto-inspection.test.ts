import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectionFindings, rtoInspectionBody } from './rto-inspection';

const huid = fc.stringMatching(/^[A-Z0-9]{6}$/);

describe('inspectionFindings', () => {
  it('matches exactly when the HUIDs found are the ones packed (any order, any case)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(huid, { maxLength: 6 }),
        fc.uniqueArray(huid, { maxLength: 6 }),
        (packed, found) => {
          const f = inspectionFindings({
            expectedHuids: packed,
            foundHuids: found.map((h) => h.toLowerCase()),
            expectedWeightGrams: null,
            foundWeightGrams: 1,
            toleranceGrams: 0,
          });
          const same = packed.length === found.length && packed.every((h) => found.includes(h));
          expect(f.matches).toBe(same);
          expect(f.missing.every((h) => !found.includes(h))).toBe(true);
          expect(f.unexpected.every((h) => !packed.includes(h))).toBe(true);
        },
      ),
    );
  });

  it('flags a weight beyond the tolerance of the packed weight', () => {
    const base = { expectedHuids: [], foundHuids: [], expectedWeightGrams: 250, toleranceGrams: 10 };
    expect(inspectionFindings({ ...base, foundWeightGrams: 260 }).weightMismatch).toBe(false);
    expect(inspectionFindings({ ...base, foundWeightGrams: 239 }).weightMismatch).toBe(true);
  });

  it('the API refuses a weight of zero, an unknown outcome and a HUID entered twice', () => {
    expect(rtoInspectionBody.safeParse({ outcome: 'RESTOCK', huids: [], weightGrams: 0 }).success).toBe(
      false,
    );
    expect(rtoInspectionBody.safeParse({ outcome: 'KEEP', huids: [], weightGrams: 10 }).success).toBe(false);
    expect(
      rtoInspectionBody.safeParse({ outcome: 'RESTOCK', huids: ['AB12CD', 'AB12CD'], weightGrams: 10 })
        .success,
    ).toBe(false);
  });
});
