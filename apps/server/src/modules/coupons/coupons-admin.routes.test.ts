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

describe('large coupon discounts (issue 20: a ₹25,000 typo for ₹250)', () => {
  const body = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    type: 'APPLY_WITH_TOTAL_PRICE',
    discount: 25_000,
    minimumTotalPrice: 2_000,
    expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
    ...extra,
  });

  it('refuses a discount above half the minimum basket without confirmation (400, field named), saves it confirmed', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const code = `BIG${Date.now()}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: body(code),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This discount is more than 50% of the minimum order value. Confirm to save it anyway.',
    );
    expect(refused.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'discount',
      'confirmLargeDiscount',
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: body(code, { discount: 1_000 }),
    });
    expect(ok.statusCode).toBe(201);
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/coupon-codes/${ok.json().id}`,
        headers: admin.headers,
        payload,
      });
    expect((await update(body(code, { discount: 1_000.01, version: 1 }))).statusCode).toBe(400);
    const confirmed = await update(body(code, { confirmLargeDiscount: true, version: 1 }));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().discount).toBe(25_000);
  });

  it("names a quantity coupon's amount before saving it: it has no minimum basket to compare with", async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const code = `QTY${Date.now()}`;
    const post = (extra: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupon-codes',
        headers: admin.headers,
        payload: body(code, { type: 'APPLY_WITH_QUANTITY', quantity: 2, minimumTotalPrice: 0, ...extra }),
      });
    const refused = await post({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'A quantity coupon has no minimum order value: ₹25,000.00 comes off any basket with enough pieces (at most 50% of it). Confirm to save it anyway.',
    );
    expect(refused.json().issues.map((i: { path: string }) => i.path)).toContain('confirmLargeDiscount');
    const saved = await post({ confirmLargeDiscount: true });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('asks again only when an edit changes the discount: renaming a confirmed large coupon saves at once', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const code = `AGAIN${Date.now()}`;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: body(code, { confirmLargeDiscount: true }),
    });
    expect(saved.statusCode).toBe(201);
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/coupon-codes/${saved.json().id}`,
        headers: admin.headers,
        payload,
      });
    const renamed = await update(body(code, { description: 'Diwali', version: 1 }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().description).toBe('Diwali');
    // A change of the amount, or an edit from an older version, is asked about again.
    expect((await update(body(code, { discount: 25_001, version: 2 }))).statusCode).toBe(400);
    expect((await update(body(code, { minimumTotalPrice: 1_999, version: 2 }))).statusCode).toBe(400);
    expect((await update(body(code, { version: 1 }))).statusCode).toBe(400);
  });

  it('takes the share from COUPON_MAX_SHARE_PERCENT', async () => {
    const t2 = await createTestApp({ env: { COUPON_MAX_SHARE_PERCENT: '80' } });
    try {
      const admin = await createAdminUser(t2.app, t2.db, ['SUPER_ADMIN']);
      const post = (discount: number) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/coupon-codes',
          headers: admin.headers,
          payload: body(`SHARE${discount}`, { discount }),
        });
      expect((await post(1_700)).statusCode).toBe(400);
      expect((await post(1_600)).statusCode).toBe(201);
    } finally {
      await t2.close();
    }
  });
});
