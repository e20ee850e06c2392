import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createVendor } from '../../../test/factories';
import { deliver, earn, fakePayoutProvider } from '../../../test/settlement-fixtures';

const DAY = 86_400_000;
let clock = new Date('2026-11-20T06:30:00Z');
const ago = (days: number) => new Date(clock.getTime() - days * DAY);

type Month = {
  month: string;
  deducted: number;
  deposited: number;
  due: number;
  dueOn: string;
  status: string;
};

describe('TDS challans: deposits linked to deductions, months due and overdue, the return carries them', () => {
  let t: TestApp;
  const fake = fakePayoutProvider();
  let admin: Awaited<ReturnType<typeof createAdminUser>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, payoutProvider: fake.provider });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
  });
  afterAll(async () => {
    clock = new Date('2026-11-20T06:30:00Z');
    await t.close();
  });

  /** A reseller paid `commissionPaise` in one approved run now: TDS is deducted (above ₹20,000). */
  async function paid(commissionPaise: number) {
    const v = await createVendor(t.app, t.db, {
      plan: 'BASIC',
      bankName: 'SBI',
      accountNumber: '5556667778',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Owner',
    });
    await approveKyc(t.db, v.id);
    const e = await earn(t.db, v.id, commissionPaise, ago(20));
    await deliver(t.db, e.orderId, ago(10));
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: admin.headers,
      payload: { vendorIds: [v.id] },
    });
    expect(run.statusCode, run.body).toBe(201);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/payout-runs/${run.json().id}/approve`,
      headers: admin.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const entries = await t.app.inject({
      url: `/api/tds/vendor/${v.id}/entries?fy=2026-27`,
      headers: admin.headers,
    });
    return { vendor: v, entry: entries.json()[0] as { id: number; amount: number; section: string } };
  }
  const challan = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/tds/challans', headers: admin.headers, payload });
  const november = async () => {
    const res = await t.app.inject({ url: '/api/tds/months?fy=2026-27', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), month: (res.json().months as Month[]).find((m) => m.month === '2026-11')! };
  };
  const today = async () =>
    (await t.app.inject({ url: '/api/admin/today', headers: admin.headers })).json().payouts;

  it('records challans whose amount matches the deductions to the paisa; the month, Today and the return follow', async () => {
    const a = await paid(2_500_000); // 2 % of ₹25,000 = ₹500
    const b = await paid(3_012_340); // 2 % of ₹30,123.40 = ₹602.468 → ₹602
    expect(a.entry.amount).toBe(500);
    expect(b.entry.amount).toBe(602);
    const section = a.entry.section;

    let m = await november();
    expect(m.month).toMatchObject({
      deducted: 1102,
      deposited: 0,
      due: 1102,
      dueOn: '2026-12-07',
      status: 'DUE',
    });
    expect(m.body.months.map((x: Month) => x.month)).toEqual([
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(await today()).toMatchObject({ tdsDue: 1102, tdsDueOn: '2026-12-07', tdsOverdue: 0 });

    const base = { bsrCode: '0510002', depositedOn: '2026-11-20', month: '2026-11', section };
    // Not the deductions' sum: refused, nothing linked.
    const wrong = await challan({ ...base, challanSerial: '00001', amount: 1102.01 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('does not match the deductions it pays, ₹1102.00');
    const future = await challan({
      ...base,
      challanSerial: '00001',
      amount: 1102,
      depositedOn: '2026-11-21',
    });
    expect(future.statusCode).toBe(400);
    const malformed = await challan({ ...base, challanSerial: '1', bsrCode: 'abc', amount: -1 });
    expect(malformed.statusCode).toBe(400);

    // One chosen deduction.
    const first = await challan({ ...base, challanSerial: '00001', amount: 500, entryIds: [a.entry.id] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      amount: 500,
      deductions: 1,
      financialYear: '2026-27',
      quarter: 'Q3',
    });
    // The same CIN again, or the same deduction again: refused.
    expect((await challan({ ...base, challanSerial: '00001', amount: 602 })).statusCode).toBe(409);
    expect(
      (await challan({ ...base, challanSerial: '00002', amount: 500, entryIds: [a.entry.id] })).statusCode,
    ).toBe(409);
    m = await november();
    expect(m.month).toMatchObject({ deducted: 1102, deposited: 500, due: 602, status: 'DUE' });

    // A week later the rest is overdue.
    clock = new Date('2026-12-08T06:30:00Z');
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']); // a session of that day
    m = await november();
    expect(m.month).toMatchObject({ due: 602, status: 'OVERDUE' });
    expect(await today()).toMatchObject({ tdsDue: 602, tdsOverdue: 602 });

    // The rest: every undeposited deduction of the month and section.
    const rest = await challan({ ...base, challanSerial: '00002', depositedOn: '2026-12-08', amount: 602 });
    expect(rest.statusCode, rest.body).toBe(201);
    m = await november();
    expect(m.month).toMatchObject({ deposited: 1102, due: 0, status: 'DEPOSITED' });
    expect(m.body.challans).toHaveLength(2);
    expect(await today()).toMatchObject({ tdsDue: 0, tdsDueOn: null, tdsOverdue: 0 });

    const csv = await t.app.inject({
      url: '/api/tds/return.csv?fy=2026-27&quarter=Q3',
      headers: admin.headers,
    });
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      [
        'Sr No',
        'Deductee Reference No',
        'Deductee Code',
        'PAN of Deductee',
        'Name of Deductee',
        'Section Code',
        'Date of Payment or Credit',
        'Amount Paid or Credited',
        'Rate of Deduction (%)',
        'TDS',
        'Surcharge',
        'Education Cess',
        'Total Tax Deducted',
        'Total Tax Deposited',
        'Date of Deduction',
        'BSR Code',
        'Date of Deposit',
        'Challan Serial No',
        'Reason for Non or Lower or Higher Deduction',
        'Payout Reference',
      ]
        .map((h) => `"${h}"`)
        .join(','),
    );
    const rowOf = (vendorId: number) => rows.find((r) => r.split(',')[1] === `"${vendorId}"`)!;
    expect(rowOf(b.vendor.id)).toContain(
      `"30123.40","2.00","602.00","0.00","0.00","602.00","602.00","2026-11-20","0510002","2026-12-08","00002",""`,
    );
    expect(rowOf(a.vendor.id)).toContain(`"500.00","500.00","2026-11-20","0510002","2026-11-20","00001"`);
  });
});
