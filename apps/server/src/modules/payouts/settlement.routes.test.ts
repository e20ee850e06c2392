import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { connectAgain, createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createVendor } from '../../../test/factories';
import { deliver, earn, fakePayoutProvider, reverse } from '../../../test/settlement-fixtures';
import { payouts, returnsPolicy, tdsEntries } from '../../db/schema';
import { createSettlementService } from './settlement.service';
import type { AppContext } from '../../context';
import { payeeFor } from '../kyc';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const DAY = 86_400_000;
let clock = new Date('2026-11-20T06:30:00Z');
const ago = (days: number) => new Date(clock.getTime() - days * DAY);

async function reseller(t: TestApp, details: { gstin?: string | null } = {}) {
  const v = await createVendor(t.app, t.db, {
    plan: 'BASIC',
    bankName: 'SBI',
    accountNumber: '5556667778',
    ifscCode: 'SBIN0001234',
    accountHolderName: 'Owner',
  });
  await approveKyc(t.db, v.id, { gstin: details.gstin ?? null });
  return v;
}

/** Earned 20 days ago and delivered 10 days ago: released under the 7-day hold. */
async function released(t: TestApp, vendorId: number, commissionPaise: number) {
  const e = await earn(t.db, vendorId, commissionPaise, ago(20));
  await deliver(t.db, e.orderId, ago(10));
  return e;
}

describe('settlement: held, then payable, then paid', () => {
  let t: TestApp;
  const fake = fakePayoutProvider();
  let admin: Awaited<ReturnType<typeof createAdminUser>>;
  let checker: Awaited<ReturnType<typeof createAdminUser>>;
  beforeAll(async () => {
    t = await createTestApp({
      now: () => clock,
      payoutProvider: fake.provider,
      env: { PAYOUT_APPROVAL_ABOVE_RUPEES: '50000' },
    });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    checker = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
  });
  afterAll(async () => t.close());

  const run = (vendorIds: number[], who = admin) =>
    t.app.inject({ method: 'POST', url: '/api/payout-runs', headers: who.headers, payload: { vendorIds } });
  const approve = (id: number, who = admin) =>
    t.app.inject({ method: 'POST', url: `/api/payout-runs/${id}/approve`, headers: who.headers });

  it('holds commission until delivery plus the window (the returns window when returns are on), then pays it', async () => {
    const v = await reseller(t);
    const e = await earn(t.db, v.id, 300_000, ago(20));
    let res = await run([v.id]);
    expect(res.statusCode).toBe(201);
    expect(res.json().lines).toEqual([]);
    expect(res.json().skipped).toEqual([
      expect.objectContaining({ vendorId: v.id, reason: 'Nothing payable yet' }),
    ]);
    // Delivered 3 days ago: still inside the 7-day hold.
    await deliver(t.db, e.orderId, ago(3));
    const mine = async () => {
      const bal = await t.app.inject({ url: '/api/settlement/balances', headers: admin.headers });
      return bal.json().vendors.find((b: { vendorId: number }) => b.vendorId === v.id);
    };
    expect(await mine()).toMatchObject({ held: 3000, payable: 0 });
    // Another order delivered 8 days ago: released, unless returns are on with a 14-day window.
    const e2 = await earn(t.db, v.id, 200_000, ago(20));
    await deliver(t.db, e2.orderId, ago(8));
    await t.db.insert(returnsPolicy).values({ kind: 'WINDOW', days: 14 });
    expect(await mine()).toMatchObject({ held: 5000, payable: 0 });
    await t.db.delete(returnsPolicy);
    expect(await mine()).toMatchObject({ held: 3000, payable: 2000 });
    const bal = await t.app.inject({ url: '/api/settlement/balances', headers: admin.headers });
    expect(bal.json().totalLiability).toBeGreaterThanOrEqual(5000);
    res = await run([v.id]);
    expect(res.json().lines).toEqual([
      expect.objectContaining({
        vendorId: v.id,
        earnings: 2000,
        commission: 2000,
        tds: 0,
        gst: 0,
        net: 2000,
      }),
    ]);
    res = await approve(res.json().id);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0]).toMatchObject({ status: 'PROCESSED', utr: expect.stringMatching(/^UTR/) });
    expect(await mine()).toMatchObject({ held: 3000, payable: 0 });
  });

  it('deducts nothing up to ₹20,000 in the year, then 2 % of the whole year on the payout that crosses, with 18 % GST for a registered reseller', async () => {
    const v = await reseller(t, { gstin: '08ABCPK1234F1Z5' });
    await released(t, v.id, 1_500_000);
    let res = await approve((await run([v.id])).json().id);
    expect(res.json().lines[0]).toMatchObject({ commission: 15000, tds: 0, gst: 2700, net: 17700 });
    await released(t, v.id, 600_000);
    res = await run([v.id]);
    // ₹21,000 in the year: 2 % of all of it (₹420), under section 393(1) on this date.
    expect(res.json().lines[0]).toMatchObject({
      commission: 6000,
      tds: 420,
      tdsRatePercent: 2,
      tdsSection: '393(1)',
      gst: 1080,
      net: 6660,
    });
    await approve(res.json().id);
    await released(t, v.id, 100_000);
    res = await run([v.id]);
    expect(res.json().lines[0]).toMatchObject({ commission: 1000, tds: 20 });
    await approve(res.json().id);
    const ledger = await t.app.inject({ url: '/api/tds/entries?fy=2026-27', headers: admin.headers });
    const mine = ledger.json().filter((e: { vendorId: number }) => e.vendorId === v.id);
    expect(mine.map((e: { base: number; amount: number }) => [e.base, e.amount])).toEqual([
      [21000, 420],
      [1000, 20],
    ]);
    expect(mine[0]).toMatchObject({ pan: 'ABCPK1234F', section: '393(1)', quarter: 'Q3', ratePercent: 2 });
  });

  it('deducts 20 % from a reseller without a PAN', async () => {
    const v = await reseller(t);
    await released(t, v.id, 3_000_000);
    // KYC approves only with a PAN; one that became inoperative is laid over its answer here.
    const service = createSettlementService(
      {
        db: t.db,
        config: t.config,
        now: () => clock,
        payoutProvider: fake.provider,
        log: t.app.log,
      } as unknown as AppContext,
      {
        payeeFor: async (...args) => {
          const payee = await payeeFor(...args);
          return payee.ready ? { ...payee, pan: null, panStatus: 'INOPERATIVE' } : payee;
        },
      },
    );
    const proposed = await service.createRun([v.id], admin.id);
    const res = { json: () => proposed };
    expect(res.json().lines[0]).toMatchObject({
      commission: 30000,
      tds: 6000,
      tdsRatePercent: 20,
      net: 24000,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/payout-runs/${res.json().id}/cancel`,
      headers: admin.headers,
    });
  });

  it('nets a refund after payout against the next payout and shows a negative balance as owed', async () => {
    const v = await reseller(t);
    const first = await released(t, v.id, 1_000_000);
    await approve((await run([v.id])).json().id);
    await reverse(t.db, first, 400_000, ago(1));
    let bal = await t.app.inject({ url: '/api/settlement/balances', headers: admin.headers });
    expect(bal.json().vendors.find((b: { vendorId: number }) => b.vendorId === v.id)).toMatchObject({
      payable: -4000,
      owed: 4000,
    });
    let res = await run([v.id]);
    expect(res.json().lines).toEqual([]);
    expect(res.json().skipped[0].reason).toMatch(/^Owes 4000 rupees/);
    await released(t, v.id, 600_000);
    res = await run([v.id]);
    expect(res.json().lines[0]).toMatchObject({
      earnings: 6000,
      reversalsNetted: 4000,
      commission: 2000,
      net: 2000,
    });
    await approve(res.json().id);
    bal = await t.app.inject({ url: '/api/settlement/balances', headers: admin.headers });
    expect(bal.json().vendors.find((b: { vendorId: number }) => b.vendorId === v.id)).toMatchObject({
      payable: 0,
    });
  });

  it('needs a second admin above the approval amount, and approves once under concurrent approvals', async () => {
    const a = await reseller(t);
    const b = await reseller(t);
    await released(t, a.id, 4_000_000);
    await released(t, b.id, 2_000_000);
    const created = await run([a.id, b.id]);
    expect(created.json()).toMatchObject({ needsSecondAdmin: true, status: 'PENDING_APPROVAL' });
    const own = await approve(created.json().id, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/second admin/);
    // A second run for the same resellers takes nothing while this one waits.
    const again = await run([a.id]);
    expect(again.json().skipped[0].reason).toBe('A payout to this reseller is already waiting');
    const callsBefore = fake.state.calls;
    const third = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const answers = await Promise.all([
      approve(created.json().id, checker),
      approve(created.json().id, third),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(fake.state.calls - callsBefore).toBe(2);
    const done = await t.app.inject({ url: `/api/payout-runs/${created.json().id}`, headers: admin.headers });
    expect(done.json().lines.map((l: { status: string }) => l.status)).toEqual(['PROCESSED', 'PROCESSED']);
    expect(done.json().approvedBy).toBeTruthy();
  });

  it('counts the runs one admin made today towards the approval amount: splitting a run does not dodge the second admin', async () => {
    const maker = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const [a, b, c] = [await reseller(t), await reseller(t), await reseller(t)];
    for (const v of [a, b, c]) await released(t, v.id, 3_000_000);
    // ₹30,000 alone: under ₹50,000, the maker approves it.
    const first = await run([a.id], maker);
    expect(first.json()).toMatchObject({ needsSecondAdmin: false });
    expect((await approve(first.json().id, maker)).statusCode).toBe(200);
    // The next ₹30,000 takes the maker's day above ₹50,000: a second admin must approve it.
    const second = await run([b.id], maker);
    expect(second.json()).toMatchObject({ needsSecondAdmin: true, status: 'PENDING_APPROVAL' });
    const own = await approve(second.json().id, maker);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/second admin/);
    expect((await approve(second.json().id, checker)).statusCode).toBe(200);
    // Per admin: another admin's first run of the day is judged on its own.
    const other = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const third = await run([c.id], other);
    expect(third.json()).toMatchObject({ needsSecondAdmin: false });
    // The legacy 'pay everything unpaid' route makes a run too: the maker's day counts there as well
    // (₹29,400 approved alone today, after TDS, and ₹24,500 more).
    const d = await reseller(t);
    await released(t, d.id, 2_500_000);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: maker.headers,
      payload: { vendorId: d.id },
    });
    expect(legacy.statusCode, legacy.body).toBe(201);
    // Not sent: it waits for a second admin's approval.
    expect(legacy.json()).toMatchObject({ vendorId: d.id, status: 'PENDING_APPROVAL' });
  });

  it('refuses a run to resellers whose bank details are missing, and a vendor cannot create runs', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });
    await released(t, v.id, 100_000);
    const res = await run([v.id]);
    expect(res.json().skipped[0]).toMatchObject({ vendorId: v.id, reason: 'KYC has not been submitted' });
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: v.headers,
      payload: {},
    });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: admin.headers,
      payload: { vendorIds: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a reseller reads its own balance and why its payouts are on hold; another vendor cannot', async () => {
    const v = await createVendor(t.app, t.db, {
      plan: 'BASIC',
      bankName: 'SBI',
      accountNumber: '5556667779',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Owner',
    });
    await released(t, v.id, 120_000);
    await earn(t.db, v.id, 30_000, ago(2));
    const balance = () => t.app.inject({ url: `/api/settlement/vendor/${v.id}/balance`, headers: v.headers });
    let res = await balance();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      vendorId: v.id,
      vendorName: expect.any(String),
      held: 300,
      payable: 1200,
      owed: 0,
      payoutsHeldBecause: 'KYC has not been submitted',
    });
    await approveKyc(t.db, v.id);
    res = await balance();
    expect(res.json()).toMatchObject({ payable: 1200, payoutsHeldBecause: null });
    const other = await createVendor(t.app, t.db);
    const denied = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/balance`,
      headers: other.headers,
    });
    expect(denied.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/balance`,
      headers: admin.headers,
    });
    expect(byAdmin.json()).toMatchObject({ held: 300, payable: 1200 });
  });

  it("the current month's statement still holds commission whose hold ends later in the month", async () => {
    const v = await reseller(t);
    const month = clock.toISOString().slice(0, 7);
    // Delivered yesterday: released in six days, after today but inside this month.
    const e = await earn(t.db, v.id, 400_000, ago(2));
    await deliver(t.db, e.orderId, ago(1));
    const res = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/statement?month=${month}`,
      headers: v.headers,
    });
    expect(res.json()).toMatchObject({ earned: 4000, released: 0, heldAtEnd: 4000, closingBalance: 0 });
    expect(res.json().orders[0].releasedOn).toBe(new Date(ago(1).getTime() + 7 * DAY).toISOString());
  });

  it("a reseller's monthly statement agrees with the ledger and payouts, as JSON and as PDF; the TDS return and certificate", async () => {
    const v = await reseller(t, { gstin: '08ABCPK1234F1Z5' });
    const month = clock.toISOString().slice(0, 7);
    const e = await earn(t.db, v.id, 2_500_000, new Date(`${month}-02T06:00:00Z`));
    await deliver(t.db, e.orderId, new Date(`${month}-03T06:00:00Z`));
    await approve((await run([v.id])).json().id);
    const s = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/statement?month=${month}`,
      headers: v.headers,
    });
    expect(s.statusCode).toBe(200);
    const st = s.json();
    expect(st).toMatchObject({
      openingBalance: 0,
      earned: 25000,
      released: 25000,
      tds: 500,
      gst: 4500,
      paid: 29000,
    });
    expect(st.closingBalance).toBe(st.openingBalance + st.released - st.payouts[0].commission);
    expect(st.orders[0]).toMatchObject({ orderNumber: e.orderNumber, commission: 25000 });
    const other = await createVendor(t.app, t.db);
    const denied = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/statement?month=${month}`,
      headers: other.headers,
    });
    expect(denied.statusCode).toBe(403);
    const pdf = await t.app.inject({
      url: `/api/settlement/vendor/${v.id}/statement.pdf?month=${month}`,
      headers: v.headers,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Commission statement');
    expect(text).toContain(e.orderNumber);
    expect(text).toContain('₹25,000.00');
    expect(text).toContain('₹29,000.00');

    const csv = await t.app.inject({
      url: '/api/tds/return.csv?fy=2026-27&quarter=Q3',
      headers: admin.headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const row = csv.body.split('\r\n').find((l) => l.includes(`zevar_payout_${st.payouts[0].payoutId}`));
    expect(row).toContain('"02","ABCPK1234F"');
    expect(row).toContain('"393(1)"');
    expect(row).toContain(`"25000.00","2.00","500.00"`);
    const cert = await t.app.inject({
      url: `/api/tds/vendor/${v.id}/certificate.pdf?fy=2026-27&quarter=Q3`,
      headers: v.headers,
    });
    expect(cert.statusCode).toBe(200);
    const certText = await pdfText(cert.rawPayload);
    expect(certText).toContain('Certificate of tax deducted at source');
    expect(certText).toContain('ABCPK1234F');
    expect(certText).toContain('₹500.00');
    const entries = await t.app.inject({
      url: `/api/tds/vendor/${v.id}/entries?fy=2026-27`,
      headers: v.headers,
    });
    expect(entries.json()).toEqual([
      expect.objectContaining({ vendorId: v.id, quarter: 'Q3', amount: 500, base: 25000, section: '393(1)' }),
    ]);
    const notHis = await t.app.inject({
      url: `/api/tds/vendor/${v.id}/entries?fy=2026-27`,
      headers: other.headers,
    });
    expect(notHis.statusCode).toBe(403);
  });
});

describe('settlement: exactly once through the provider', () => {
  let t: TestApp;
  const fake = fakePayoutProvider();
  let admin: Awaited<ReturnType<typeof createAdminUser>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, payoutProvider: fake.provider });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
  });
  afterAll(async () => t.close());

  const runAndApprove = async (vendorId: number) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: admin.headers,
      payload: { vendorIds: [vendorId] },
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/payout-runs/${created.json().id}/approve`,
      headers: admin.headers,
    });
  };
  const payable = async (vendorId: number) => {
    const bal = await t.app.inject({ url: '/api/settlement/balances', headers: admin.headers });
    return bal.json().vendors.find((b: { vendorId: number }) => b.vendorId === vendorId)?.payable;
  };

  it('retries after a provider outage through the job, and a restart mid-send pays once', async () => {
    const v = await reseller(t);
    await released(t, v.id, 500_000);
    fake.state.outage = true;
    const res = await runAndApprove(v.id);
    expect(res.json().lines[0]).toMatchObject({
      status: 'APPROVED',
      failureReason: expect.stringMatching(/cannot be reached/),
    });
    const payoutId = res.json().lines[0].payoutId as number;
    fake.state.outage = false;
    // A second app on the same database (a restart), 10 minutes later: the job sends it.
    clock = new Date(clock.getTime() + 10 * 60_000);
    const again = await createTestApp({
      now: () => clock,
      payoutProvider: fake.provider,
      database: connectAgain(t.database),
    });
    const service = createSettlementService({
      db: again.db,
      config: again.config,
      now: () => clock,
      payoutProvider: fake.provider,
      log: again.app.log,
    } as unknown as AppContext);
    await service.processDue();
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ status: 'PROCESSED', attempts: 2 });
    // A process killed after the provider accepted the payout leaves it SENDING; the takeover resends the same reference.
    await t.db
      .update(payouts)
      .set({ status: 'SENDING', statusAt: new Date(clock.getTime() - 5 * 60_000) })
      .where(eq(payouts.id, payoutId));
    await service.processDue();
    expect([...fake.made.keys()].filter((k) => k === `zevar_payout_${payoutId}`)).toHaveLength(1);
    expect(fake.made.get(`zevar_payout_${payoutId}`)!.amountPaise).toBe(500_000);
    await again.app.close();
    expect(await payable(v.id)).toBe(0);
  });

  it('a failed or reversed payout returns its commission to the balance and cancels its TDS; webhooks apply once', async () => {
    const v = await reseller(t);
    await released(t, v.id, 3_000_000);
    fake.state.answer = 'PROCESSING';
    const res = await runAndApprove(v.id);
    fake.state.answer = 'PROCESSED';
    const line = res.json().lines[0];
    expect(line.status).toBe('PROCESSING');
    expect(await payable(v.id)).toBe(0);
    const hook = (events: unknown[], signature = 'good') =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payouts',
        headers: { 'content-type': 'application/json', 'x-test-signature': signature },
        payload: JSON.stringify({ events }),
      });
    expect((await hook([], 'bad')).statusCode).toBe(401);
    const failed = {
      eventId: 'evt_1',
      reference: `zevar_payout_${line.payoutId}`,
      providerPayoutId: 'p1',
      status: 'FAILED',
      utr: null,
      failureReason: 'Beneficiary bank offline',
    };
    expect((await hook([failed])).json()).toMatchObject({ applied: 1, duplicates: 0 });
    expect((await hook([failed])).json()).toMatchObject({ applied: 0, duplicates: 1 });
    expect(await payable(v.id)).toBe(30000);
    const [entry] = await t.db.select().from(tdsEntries).where(eq(tdsEntries.payoutId, line.payoutId));
    expect(entry!.cancelledAt).not.toBeNull();
    // A late PROCESSED for a failed payout changes nothing.
    await hook([{ ...failed, eventId: 'evt_2', status: 'PROCESSED' }]);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, line.payoutId));
    expect(row!.status).toBe('FAILED');

    // Paid again, then reversed by the bank: the commission is back once more.
    const second = (await runAndApprove(v.id)).json().lines[0];
    expect(second.status).toBe('PROCESSED');
    expect(await payable(v.id)).toBe(0);
    await hook([
      {
        eventId: 'evt_3',
        reference: `zevar_payout_${second.payoutId}`,
        providerPayoutId: 'p2',
        status: 'REVERSED',
        utr: null,
        failureReason: 'Account closed',
      },
    ]);
    expect(await payable(v.id)).toBe(30000);
    const ledger = await t.app.inject({ url: '/api/tds/entries?fy=2026-27', headers: admin.headers });
    expect(ledger.json().filter((e: { vendorId: number }) => e.vendorId === v.id)).toEqual([]);
  });
});

describe('settlement: manual bank transfer', () => {
  let t: TestApp;
  const fake = fakePayoutProvider('manual');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, payoutProvider: fake.provider });
  });
  afterAll(async () => t.close());

  it('waits for the admin to record the UTR', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await reseller(t);
    await released(t, v.id, 200_000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: admin.headers,
      payload: {},
    });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/payout-runs/${created.json().id}/approve`,
      headers: admin.headers,
    });
    const line = approved.json().lines.find((l: { vendorId: number }) => l.vendorId === v.id);
    expect(line.status).toBe('QUEUED');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-payouts/${line.payoutId}/utr`,
      headers: admin.headers,
      payload: { utr: '<x>' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-payouts/${line.payoutId}/utr`,
      headers: admin.headers,
      payload: { utr: 'hdfcn52026112012345' },
    });
    expect(ok.statusCode).toBe(204);
    const [row] = await t.db.select().from(payouts).where(eq(payouts.id, line.payoutId));
    expect(row).toMatchObject({ status: 'PROCESSED', utr: 'HDFCN52026112012345' });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/vendor-payouts/${line.payoutId}/utr`,
      headers: admin.headers,
      payload: { utr: 'HDFCN52026112099999' },
    });
    expect(twice.statusCode).toBe(409);
  });
});
