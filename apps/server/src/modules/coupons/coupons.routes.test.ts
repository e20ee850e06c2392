import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createCoupon, createVendor } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const day = 86_400_000;

describe('public coupon reads', () => {
  it('lists only coupons that are not expired, each with its condition sentence', async () => {
    const live = await createCoupon(t.db, { minQuantity: 2 });
    const old = await createCoupon(t.db, { expiryDate: new Date(Date.now() - day) });
    const res = await t.app.inject({ method: 'GET', url: '/api/coupon-codes' });
    expect(res.statusCode).toBe(200);
    const codes = res.json().map((c: { code: string }) => c.code);
    expect(codes).toContain(live.code);
    expect(codes).not.toContain(old.code);
    const listed = res.json().find((c: { code: string }) => c.code === live.code);
    expect(listed).toMatchObject({
      discount: 100,
      quantity: 2,
      expired: false,
      condition: 'On orders of 2 or more items',
    });
  });

  it('with quantity and totalPrice lists only the coupons the basket qualifies for', async () => {
    const byQty = await createCoupon(t.db, { minQuantity: 3 });
    const byPrice = await createCoupon(t.db, { type: 'APPLY_WITH_TOTAL_PRICE', minimumTotalPaise: 500_000 });
    const small = (
      await t.app.inject({ method: 'GET', url: '/api/coupon-codes?quantity=1&totalPrice=100' })
    ).json();
    const codes = small.map((c: { code: string }) => c.code);
    expect(codes).not.toContain(byQty.code);
    expect(codes).not.toContain(byPrice.code);
    const big = (
      await t.app.inject({ method: 'GET', url: '/api/coupon-codes?quantity=3&totalPrice=5000' })
    ).json();
    expect(big.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining([byQty.code, byPrice.code]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon-codes?quantity=-1' })).statusCode).toBe(
      400,
    );
  });

  it('reads a coupon by id and by code (case-insensitive), 404 otherwise', async () => {
    const c = await createCoupon(t.db);
    expect((await t.app.inject({ method: 'GET', url: `/api/coupon-codes/${c.id}` })).json().code).toBe(
      c.code,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/coupon-codes/code/${c.code.toLowerCase()}` })).json()
        .id,
    ).toBe(c.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon-codes/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/coupon-codes/code/NOPE' })).statusCode).toBe(404);
  });

  it('apply answers true only when the coupon fits the quantity and total price', async () => {
    const qty = await createCoupon(t.db, { minQuantity: 2 });
    const price = await createCoupon(t.db, { type: 'APPLY_WITH_TOTAL_PRICE', minimumTotalPaise: 300_000 });
    const expired = await createCoupon(t.db, { expiryDate: new Date(Date.now() - day) });
    const apply = async (code: string, quantity: number, totalPrice: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/coupon-codes/apply?code=${code}&quantity=${quantity}&totalPrice=${totalPrice}`,
        })
      ).json();
    expect(await apply(qty.code, 1, 10_000)).toBe(false);
    expect(await apply(qty.code, 2, 10_000)).toBe(true);
    expect(await apply(price.code, 9, 2999)).toBe(false);
    expect(await apply(price.code, 1, 3000)).toBe(true);
    expect(await apply(expired.code, 9, 99_999)).toBe(false);
    expect(await apply('UNKNOWN', 9, 99_999)).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/coupon-codes/apply?code=X' })).statusCode).toBe(
      400,
    );
  });
});

describe('admin coupon management', () => {
  const input = (code: string) => ({
    code,
    type: 'APPLY_WITH_QUANTITY',
    discount: 150,
    quantity: 1,
    minimumTotalPrice: 0,
    expiryDate: new Date(Date.now() + day).toISOString(),
    description: 'Festive',
    confirmLargeDiscount: true,
  });

  it('only SUPER_ADMIN may create, update and delete coupons', async () => {
    const vendor = await createVendor(t.app, t.db);
    const products = await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']);
    const anon = await t.app.inject({ method: 'POST', url: '/api/coupon-codes', payload: input('ANON1') });
    expect(anon.statusCode).toBe(401);
    for (const actor of [vendor, products]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/coupon-codes',
        headers: actor.headers,
        payload: input('NOPE1'),
      });
      expect(res.statusCode).toBe(403);
      const del = await t.app.inject({
        method: 'DELETE',
        url: '/api/coupon-codes/1',
        headers: actor.headers,
      });
      expect(del.statusCode).toBe(403);
    }
  });

  it('a super admin creates, updates and deletes a coupon; duplicate codes are 409 and unknown ids 404', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: input('diwali50'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'DIWALI50', discount: 150 });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: input('DIWALI50'),
    });
    expect(dup.statusCode).toBe(409);
    const id = created.json().id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/coupon-codes/${id}`,
      headers: admin.headers,
      payload: { ...input('DIWALI50'), discount: 75.5, version: 1 },
    });
    expect(updated.json().discount).toBe(75.5);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: { ...input('X1'), discount: 1.234 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/coupon-codes/${id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/coupon-codes/${id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/coupon-codes/999999',
      headers: admin.headers,
      payload: { ...input('ZZ9'), version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an edit made from an older version with 409 and the newer coupon, and one without a version with 400', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const put = (id: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/coupon-codes/${id}`, headers: admin.headers, payload });
    const code = `TWO${Date.now() % 100_000}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coupon-codes',
      headers: admin.headers,
      payload: input(code),
    });
    expect(created.json()).toMatchObject({ version: 1 });
    const id = created.json().id;
    // Admins A and B opened the coupon at version 1; A lowers the discount first.
    const a = await put(id, { ...input(code), discount: 100, version: 1 });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ discount: 100, version: 2 });
    const b = await put(id, { ...input(code), description: 'B was here', version: 1 });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id, discount: 100, description: 'Festive', version: 2 },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/coupon-codes/admin',
      headers: admin.headers,
    });
    expect(list.json().find((c: { id: number }) => c.id === id)).toMatchObject({ discount: 100, version: 2 });
    expect((await put(id, input(code))).statusCode).toBe(400);
    const fresh = await put(id, { ...input(code), description: 'B again', version: 2 });
    expect(fresh.json()).toMatchObject({ discount: 150, description: 'B again', version: 3 });
  });
});
