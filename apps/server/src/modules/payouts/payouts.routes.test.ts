import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createVendor } from '../../../test/factories';
import { deliver, earn } from '../../../test/settlement-fixtures';
import { payouts, vendorEarnings } from '../../db/schema';
import { PAYOUT_NOT_DELETABLE } from './payouts.service';
import type { Db } from '../../db/client';

/** A paid order line with its earning, delivered 30 days ago: released from the hold (issue 24). */
async function earned(db: Db, vendorId: number, units: number, commissionPaise: number) {
  const e = await earn(db, vendorId, commissionPaise, new Date(), units);
  await deliver(db, e.orderId, new Date(Date.now() - 30 * 86_400_000));
  return e;
}

/** A refund's reversal of an earning, as cancel-paid-order records it. */
async function reverse(db: Db, { orderNumber: _n, ...e }: Awaited<ReturnType<typeof earn>>) {
  await db.insert(vendorEarnings).values({
    ...e,
    createdAt: new Date(),
    kind: 'REVERSAL',
    units: -e.units,
    amountPaise: -e.amountPaise,
    revenuePaise: -e.revenuePaise,
  });
}

const BANK = {
  bankName: 'SBI',
  accountNumber: '5556667778',
  ifscCode: 'SBIN0001234',
  accountHolderName: 'Owner',
};

describe('vendor payouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('pays out exactly the unpaid commission, computed by the server, with the vendor bank details', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db, {
      plan: 'BASIC',
      bankName: 'SBI',
      accountNumber: '5556667778',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Owner',
    });
    await approveKyc(t.db, v.id);
    await earned(t.db, v.id, 2, 15_000);
    await earned(t.db, v.id, 1, 5_000);
    const preview = await t.app.inject({
      url: `/api/vendor-payouts/vendor/${v.id}/preview`,
      headers: admin.headers,
    });
    expect(preview.json()).toEqual({
      vendorId: v.id,
      amount: 350,
      productCount: 3,
      orderCount: 2,
      revenue: 3000,
      reversedUnits: 0,
      reversals: 0,
      netSales: 3000,
      owedBack: 0,
      held: 0,
      eligible: true,
      reason: null,
      bankChangedAt: null,
      bankConfirmed: true,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: {
        vendorId: v.id,
        amount: 999999,
        productCount: 0,
        orderCount: 0,
        revenue: 0,
        bankDetails: {},
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 350,
      productCount: 3,
      orderCount: 2,
      revenue: 3000,
      bankDetails: { bankName: 'SBI', ifscCode: 'SBIN0001234' },
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Nothing to pay out');

    await earned(t.db, v.id, 1, 7_000);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(second.json()).toMatchObject({ amount: 70, productCount: 1, orderCount: 1 });
  });

  it('shows sales and reversals apart after a refund, never negative counts, and what the vendor owes back', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db, { plan: 'BASIC', ...BANK });
    await approveKyc(t.db, v.id);
    const refunded = await earned(t.db, v.id, 2, 15_000);
    await earned(t.db, v.id, 1, 5_000);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(paid.json()).toMatchObject({
      amount: 350,
      productCount: 3,
      orderCount: 2,
      revenue: 3000,
      reversals: 0,
    });
    // Refunded after it was paid out; then one new sale of ₹1,000 (₹50 commission).
    await reverse(t.db, refunded);
    await earned(t.db, v.id, 1, 5_000);
    const preview = await t.app.inject({
      url: `/api/vendor-payouts/vendor/${v.id}/preview`,
      headers: admin.headers,
    });
    expect(preview.json()).toMatchObject({
      amount: 0,
      productCount: 1,
      orderCount: 1,
      revenue: 1000,
      reversedUnits: 2,
      reversals: 2000,
      netSales: -1000,
      owedBack: 250,
      eligible: false,
    });
    const stats = await t.app.inject({ url: `/api/user/${v.id}`, headers: v.headers });
    expect(stats.json().vendorStats).toMatchObject({ revenue: 100, commissionPaidOut: 350, owedBack: 250 });
  });

  it('dates a payout when it is made, sends it through the provider and ignores a back-dated day', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db, { plan: 'BASIC', ...BANK });
    await approveKyc(t.db, v.id);
    await earned(t.db, v.id, 1, 10_000);
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id, payoutDate: '2026-03-05' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(new Date(res.json().payoutDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json()).toMatchObject({
      status: 'PROCESSED',
      amount: 100,
      tds: 0,
      net: 100,
      utr: expect.any(String),
    });
  });

  it('never pays the same earnings twice under concurrent requests', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const v = await createVendor(t.app, t.db, { plan: 'PREMIUM', ...BANK });
    await approveKyc(t.db, v.id);
    await earned(t.db, v.id, 3, 10_000);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/vendor-payouts',
          headers: admin.headers,
          payload: { vendorId: v.id },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const list = await t.app.inject({ url: `/api/vendor-payouts/vendor/${v.id}`, headers: v.headers });
    expect(list.json().map((p: { amount: number }) => p.amount)).toEqual([300]);
  });

  it('never deletes a payout that moved money, so its commission is not paid again', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const v = await createVendor(t.app, t.db, { plan: 'PREMIUM', ...BANK });
    await approveKyc(t.db, v.id);
    await earned(t.db, v.id, 2, 10_000);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor-payouts/${paid.json().id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(PAYOUT_NOT_DELETABLE);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({ url: `/api/vendor-payouts/vendor/${v.id}`, headers: v.headers });
    expect(list.json().map((p: { amount: number }) => p.amount)).toEqual([200]);
  });

  it('deletes a cancelled payout', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const v = await createVendor(t.app, t.db, { plan: 'PREMIUM', ...BANK });
    const [row] = await t.db
      .insert(payouts)
      .values({
        vendorId: v.id,
        payoutDate: new Date(),
        amountPaise: 100,
        status: 'CANCELLED',
        createdBy: admin.id,
      })
      .returning();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor-payouts/${row!.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses payouts to a vendor on the Free plan', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db, { plan: 'FREE' });
    await earned(t.db, v.id, 1, 10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: v.id },
    });
    expect(res.statusCode).toBe(409);
  });

  it('shows a vendor only its own payouts and keeps payouts admin-only to create', async () => {
    const a = await createVendor(t.app, t.db, { plan: 'BASIC', ...BANK });
    await approveKyc(t.db, a.id);
    const b = await createVendor(t.app, t.db, { plan: 'BASIC', ...BANK });
    await approveKyc(t.db, b.id);
    expect((await t.app.inject({ url: `/api/vendor-payouts/vendor/${a.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/vendor-payouts/vendor/${a.id}`, headers: a.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/vendor-payouts/vendor/${a.id}`, headers: b.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/vendor-payouts', headers: a.headers })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vendor-payouts',
          headers: a.headers,
          payload: { vendorId: a.id },
        })
      ).statusCode,
    ).toBe(403);
    const orders = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vendor-payouts',
          headers: orders.headers,
          payload: { vendorId: a.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/vendor-payouts/vendor/${a.id}`, headers: orders.headers })).statusCode,
    ).toBe(403);
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    expect(
      (await t.app.inject({ url: `/api/vendor-payouts/vendor/${a.id}`, headers: viewer.headers })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vendor-payouts',
          headers: viewer.headers,
          payload: { vendorId: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('downloads payout history and vendor details as spreadsheets', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    for (const url of ['/api/vendor-payouts/download', '/api/user/download']) {
      const res = await t.app.inject({ url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    const vendor = await createVendor(t.app, t.db);
    expect((await t.app.inject({ url: '/api/user/download', headers: vendor.headers })).statusCode).toBe(403);
  });
});
