import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createCoupon, createVendor } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/coupon-codes/admin', () => {
  it('lists every coupon for a super admin, expired ones included and marked expired', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const live = await createCoupon(t.db);
    const old = await createCoupon(t.db, { expiryDate: new Date(Date.now() - 86_400_000) });
    const res = await t.app.inject({ method: 'GET', url: '/api/coupon-codes/admin', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const byCode = new Map(res.json().map((c: { code: string; expired: boolean }) => [c.code, c.expired]));
    expect(byCode.get(live.code)).toBe(false);
    expect(byCode.get(old.code)).toBe(true);
  });

  it('refuses anonymous callers (401), vendors and admins without SUPER_ADMIN (403)', async () => {
    const vendor = await createVendor(t.app, t.db);
    const orders = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon-codes/admin' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/coupon-codes/admin', headers: vendor.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/coupon-codes/admin', headers: orders.headers }))
        .statusCode,
    ).toBe(403);
  });
});
