import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createProduct, createVendor } from '../../../test/factories';
import { deliver } from '../../../test/settlement-fixtures';
import { orders } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('amounts of any realistic size', () => {
  it('an order of three pieces at ₹90 lakh (₹2.7 crore) pays and settles, and ₹3 crore of commission shows everywhere', async () => {
    const vendor = await createVendor(t.app, t.db, {
      plan: 'PREMIUM',
      bankName: 'SBI',
      accountNumber: '5556667778',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Owner',
    });
    await approveKyc(t.db, vendor.id);
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    // ₹90 lakh a piece, ₹1 crore commission a piece (a bullion bar priced above its own metal).
    const product = await createProduct(t.db, {
      pricePaise: 9_000_000_000,
      originalPricePaise: null,
      vendorCommissionPaise: 1_000_000_000,
      stock: 3,
    });
    const res = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: 3 }], { buyerPan: 'ABCPE1234F' }),
    );
    expect(res.statusCode).toBe(200);
    const init = res.json() as { orderId: string; razorpayOrderId: string; amount: number };
    expect(init.amount).toBe(270_000_000);

    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const confirm = await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
    expect(confirm.json()).toEqual({ status: 'success' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
      finalAmountPaise: 27_000_000_000,
    });

    // Delivered a month ago: the commission is out of its hold (issue 24).
    await deliver(t.db, init.orderId, new Date(Date.now() - 30 * 86_400_000));

    const view = await t.app.inject({ method: 'GET', url: `/api/orders/byId/${init.orderId}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ finalAmount: 270_000_000 });

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/vendor-payouts/vendor/${vendor.id}/preview`,
      headers: admin.headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ amount: 30_000_000, eligible: true });

    const user = await t.app.inject({ method: 'GET', url: `/api/user/${vendor.id}`, headers: admin.headers });
    expect(user.statusCode).toBe(200);
    expect(JSON.stringify(user.json())).toContain('30000000');

    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: admin.headers,
      payload: { vendorId: vendor.id },
    });
    expect(payout.statusCode).toBe(201);
    expect(payout.json()).toMatchObject({ amount: 30_000_000, revenue: 270_000_000 });
  });

  it('amounts up to ₹10 crore are accepted; above that the answer is 400, never a 500', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: admin.headers,
      payload: { name: 'Bullion bar', price: 50_000_000 },
    });
    expect(big.statusCode).toBeLessThan(300);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: admin.headers,
      payload: { name: 'Platinum bar', price: 100_000_001 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
