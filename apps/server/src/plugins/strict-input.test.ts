import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminUser, createProduct, createVendor, type Actor } from '../../test/factories';

describe('strict input on every route', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
  });
  afterAll(async () => t.close());

  it('takes ids as decimal integers only', async () => {
    const product = await createProduct(t.db);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    for (const id of ['0x10', '1e3', '%201', 'true', '1.0', '-1']) {
      const res = await t.app.inject({ url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('refuses impossible dates and dates that are not strings', async () => {
    const coupon = (expiryDate: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/coupon-codes',
        headers: admin.headers,
        payload: { code: `C${Date.now()}`, discount: 10, expiryDate, confirmLargeDiscount: true },
      });
    for (const bad of ['2026-02-31', '2026-02-31T10:00:00Z', true, null, [], 0]) {
      const res = await coupon(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await coupon('2030-12-31')).statusCode).toBe(201);
    const day = await t.app.inject({
      url: '/api/user/vendors/by-date?date=2026-02-31',
      headers: admin.headers,
    });
    expect(day.statusCode).toBe(400);
  });

  it('answers a NUL byte in a string with 400, not a database error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    expect((await t.app.inject({ url: '/api/products/name/a%00b' })).statusCode).toBe(400);
  });

  it('stores only http(s) web addresses for vendors and image references', async () => {
    const vendor = await createVendor(t.app, t.db);
    const profile = (website: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${vendor.id}`,
        headers: vendor.headers,
        payload: {
          name: 'Test Vendor',
          email: `${vendor.username}@example.in`,
          bussinessName: 'Test Jewels',
          description: 'A test vendor selling jewellery for tests',
          contact: {
            phone: '9876543210',
            addressLine1: '1 Road',
            city: 'Jaipur',
            state: 'Rajasthan',
            pincode: '302003',
          },
          bankDetails: {
            accountHolderName: 'Test Vendor',
            accountNumber: '1234567890',
            ifscCode: 'HDFC0001234',
            bankName: 'HDFC',
          },
          website,
          socialLinks: { facebook: 'javascript:alert(1)' },
        },
      });
    const res = await profile('javascript:alert(document.cookie)');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().issues)).toMatch(/website|facebook/);
    const slide = await t.app.inject({
      method: 'PUT',
      url: '/api/carousels/home/addImage',
      headers: admin.headers,
      payload: { imageUrl: 'javascript:alert(1)', linkType: 'PRODUCT', targetId: 1, vendorPlan: 'FREE' },
    });
    expect(slide.statusCode).toBe(400);
  });

  it('answers an over-long header in the error shape', async () => {
    await t.app.listen({ port: 3211, host: '127.0.0.1' });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: 3211, path: '/api/health', headers: { 'x-big': 'a'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });
});
