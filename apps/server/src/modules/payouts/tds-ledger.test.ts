import { describe, expect, it } from 'vitest';
import type { TdsEntry } from '@zevar/domain';
import { tdsReturnCsv } from './tds-ledger';

const entry = (over: Partial<TdsEntry>): TdsEntry => ({
  id: 1,
  vendorId: 7,
  vendorName: 'Meera Jewels',
  payoutId: 11,
  financialYear: '2026-27',
  quarter: 'Q3',
  pan: 'ABCPK1234F',
  panStatus: 'VALID',
  section: '393(1)',
  ratePercent: 2,
  base: 25000.5,
  amount: 500,
  deductedOn: '2026-11-20T06:30:00.000Z',
  challan: null,
  ...over,
});
const row = (e: TdsEntry) =>
  tdsReturnCsv([e], (iso) => iso.slice(0, 10))
    .split('\r\n')[1]!
    .split(',');

describe('the TDS return rows (Form 26Q deductee annexure)', () => {
  it('codes the deductee from the PAN, keeps the amount paid to the paisa, and leaves the challan empty until deposited', () => {
    const r = row(entry({}));
    expect(r.slice(0, 9)).toEqual([
      '"1"',
      '"7"',
      '"02"',
      '"ABCPK1234F"',
      '"Meera Jewels"',
      '"393(1)"',
      '"2026-11-20"',
      '"25000.50"',
      '"2.00"',
    ]);
    expect(r.slice(13, 19)).toEqual(['"0.00"', '"2026-11-20"', '""', '""', '""', '""']);
    expect(row(entry({ pan: 'AAACZ1234B' }))[2]).toBe('"01"');
  });

  it("reports the higher rate's reason 'C': PANNOTAVBL without a PAN, the PAN itself when it is inoperative", () => {
    const missing = row(entry({ pan: null, panStatus: 'MISSING', ratePercent: 20, amount: 5000 }));
    expect(missing[3]).toBe('"PANNOTAVBL"');
    expect(missing[18]).toBe('"C"');
    const inoperative = row(entry({ panStatus: 'INOPERATIVE', ratePercent: 20, amount: 5000 }));
    expect(inoperative[3]).toBe('"ABCPK1234F"');
    expect(inoperative[18]).toBe('"C"');
  });

  it('carries the challan that deposited the deduction', () => {
    const r = row(
      entry({ challan: { id: 3, bsrCode: '0510002', challanSerial: '00042', depositedOn: '2026-12-05' } }),
    );
    expect(r.slice(13, 18)).toEqual(['"500.00"', '"2026-11-20"', '"0510002"', '"2026-12-05"', '"00042"']);
  });
});
