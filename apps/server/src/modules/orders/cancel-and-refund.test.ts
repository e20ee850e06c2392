import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createCoupon,
  createProduct,
  createVendor,
  type Actor,
  approveKyc,
} from '../../../test/factories';
import { deliver } from '../../../test/settlement-fixtures';
import { coupons, orders, refunds, users, vendorEarnings } from '../../db/schema';
import {
  capturedEvent,
  confirmUrl,
  initiate,
  orderBody,
  sandboxPay,
  stockOf,
  testContext,
  webhook,
} from '../../../test/payment-journey';
import { createRazorpayGateway, type RazorpayClient } from '../payments';
import { reconcilePayments } from '../payments';

async function ledgerSum(t: TestApp, orderId: string) {
  const rows = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, orderId));
  return rows.reduce((s, r) => s + r.amountPaise, 0);
}

function patch(t: TestApp, admin: Actor, path: string) {
  return t.app.inject({ method: 'PATCH', url: `/api/orders/${path}`, headers: admin.headers });
}

describe('cancel and refund through the sandbox gateway', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
  });
  afterAll(async () => t.close());

  async function paidOrder(opts: { coupon?: string } = {}) {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const product = await createProduct(t.db, {
      pricePaise: 500_000,
      stock: 4,
      vendorCommissionPaise: 20_000,
    });
    const extra = opts.coupon ? { appliedCoupons: [opts.coupon] } : {};
    const res = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: 2 }], extra),
    );
    expect(res.statusCode, res.body).toBe(200);
    const init = res.json() as { orderId: string; orderNumber: string; razorpayOrderId: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');
    return { ...init, vendor, product };
  }

  it('an admin cancelling a paid order refunds it at the gateway and gives back stock, coupon use, sales and commission once', async () => {
    const coupon = await createCoupon(t.db, { discountPaise: 10_000 });
    const o = await paidOrder({ coupon: coupon.code });
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 2, sales: 2 });
    expect(await ledgerSum(t, o.orderId)).toBe(40_000);

    const res = await patch(t, admin, `${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    const refundEntry = res.json().statusHistory.find((h: { to: string }) => h.to === 'REFUND_PENDING');
    expect(refundEntry).toMatchObject({ actor: admin.username, reference: expect.stringMatching(/^rfnd_/) });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(refund).toMatchObject({ status: 'PROCESSED', amountPaise: 990_000, requestedBy: admin.username });

    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 4, sales: 0 });
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(0);
    expect(await ledgerSum(t, o.orderId)).toBe(0);

    // Nothing happens twice, and a refunded order never moves on.
    expect(
      (await patch(t, admin, `${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`)).statusCode,
    ).toBe(409);
    expect((await patch(t, admin, `${o.orderNumber}/status?status=PROCESSING`)).statusCode).toBe(409);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 4, sales: 0 });
  });

  it('cancelling or refunding a paid order without a reason is refused (400, nothing changes); the reason is kept in its history', async () => {
    const o = await paidOrder();
    for (const path of [
      `${o.orderNumber}/status?status=CANCELLED`,
      `${o.orderNumber}/payment?status=REFUNDED`,
      `${o.orderNumber}/payment?status=REFUNDED&reason=%20%20`,
    ]) {
      const res = await patch(t, admin, path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'reason' }] });
    }
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(untouched).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toHaveLength(0);

    const res = await patch(t, admin, `${o.orderNumber}/status?status=CANCELLED&reason=Ring%20size%20wrong`);
    expect(res.statusCode).toBe(200);
    const entries = res
      .json()
      .statusHistory.filter((h: { to: string }) => ['CANCELLED', 'REFUND_PENDING'].includes(h.to));
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e).toMatchObject({ actor: admin.username, reason: 'Ring size wrong' });
  });

  it('a refund of a delivered order reverses the commission but leaves the shelf to the operator; it cannot move on', async () => {
    const o = await paidOrder();
    for (const s of ['PROCESSING', 'SHIPPED'])
      expect((await patch(t, admin, `${o.orderNumber}/status?status=${s}`)).statusCode).toBe(200);
    const res = await patch(t, admin, `${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`);
    expect(res.json()).toMatchObject({ status: 'SHIPPED', paymentStatus: 'REFUNDED' });
    const delivered = await patch(t, admin, `${o.orderNumber}/status?status=DELIVERED`);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().message).toBe('A refunded order cannot be processed, shipped or delivered');
    expect(await ledgerSum(t, o.orderId)).toBe(0);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 2, sales: 0 });
  });

  it('commission already paid out is owed back on the next payout (a reversal row, never a delete)', async () => {
    const o = await paidOrder();
    // A payout needs the reseller's bank account approved and the order delivered past its hold (issue 24).
    await t.db
      .update(users)
      .set({
        bankName: 'SBI',
        accountNumber: '5556667778',
        ifscCode: 'SBIN0001234',
        accountHolderName: 'Owner',
      })
      .where(eq(users.id, o.vendor.id));
    await approveKyc(t.db, o.vendor.id);
    await deliver(t.db, o.orderId, new Date(Date.now() - 30 * 86_400_000));
    const preview = (id: number) =>
      t.app.inject({ url: `/api/vendor-payouts/vendor/${id}/preview`, headers: superAdmin.headers });
    const superAdmin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const payout = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: superAdmin.headers,
      payload: { vendorId: o.vendor.id },
    });
    expect(payout.json().amount).toBe(400);
    expect(
      (await patch(t, admin, `${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`)).statusCode,
    ).toBe(200);
    expect((await preview(o.vendor.id)).json()).toMatchObject({ amount: 0, owedBack: 400, eligible: false });
    const rows = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, o.orderId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['EARNING', 'REVERSAL']);
  });
});

describe('cancel and refund through Razorpay (mocked SDK client)', () => {
  let t: TestApp;
  let admin: Actor;
  const clock = Date.now();
  const client = {
    orders: {
      create: vi.fn(async (body: { amount: number }) => ({
        id: `order_${Math.random().toString(36).slice(2, 12)}`,
        amount: body.amount,
        currency: 'INR',
      })),
      fetchPayments: vi.fn(async () => ({ items: [] })),
      fetch: vi.fn(async () => ({ status: 'created' })),
    },
    payments: {
      refund: vi.fn(async (_paymentId: string, _body: object) => ({
        id: `rfnd_${Math.random().toString(36).slice(2, 12)}`,
        status: 'pending',
      })),
      fetchRefund: vi.fn(async () => ({ status: 'processed' })),
    },
    // The idempotent refund goes through the SDK's HTTP client: it answers as `payments.refund` does.
    api: {
      rq: {
        post: async (url: string, body: object) => ({
          data: await client.payments.refund(/\/v1\/payments\/([^/]+)\/refund$/.exec(url)![1]!, body),
        }),
      },
    },
  };
  beforeAll(async () => {
    const keys = { keyId: 'rzp_test_x', keySecret: 'test_key_secret', webhookSecret: 'test_webhook_secret' };
    t = await createTestApp({
      now: () => new Date(clock),
      payments: createRazorpayGateway(keys, client as unknown as RazorpayClient),
    });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
  });
  afterAll(async () => t.close());
  const ctx = () =>
    testContext(
      t.db,
      t.config,
      () => new Date(clock),
      createRazorpayGateway(
        { keyId: 'rzp_test_x', keySecret: 'test_key_secret', webhookSecret: 'test_webhook_secret' },
        client as unknown as RazorpayClient,
      ),
    );

  async function paidByWebhook() {
    const vendor = await createVendor(t.app, t.db);
    const product = await createProduct(t.db, {
      pricePaise: 300_000,
      stock: 3,
      vendorCommissionPaise: 9_000,
    });
    const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
    const init = res.json() as { orderId: string; orderNumber: string; razorpayOrderId: string };
    const paymentId = `pay_${Math.random().toString(36).slice(2, 12)}`;
    const hook = await webhook(
      t.app,
      t.config,
      capturedEvent(init.razorpayOrderId, paymentId),
      `evt_${paymentId}`,
    );
    expect(hook.json()).toEqual({ status: 'confirmed' });
    return { ...init, paymentId, product };
  }

  const refundEvent = (event: string, id: string, paymentId: string) => ({
    event,
    payload: {
      refund: { entity: { id, payment_id: paymentId, amount: 300_000, status: event.split('.')[1] } },
    },
  });

  it('calls the Refunds API for the full amount; the signed refund.processed webhook, replayed, settles it once', async () => {
    const o = await paidByWebhook();
    client.payments.refund.mockClear();
    const res = await patch(t, admin, `${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_PENDING' });
    expect(client.payments.refund).toHaveBeenCalledTimes(1);
    expect(client.payments.refund).toHaveBeenCalledWith(
      o.paymentId,
      expect.objectContaining({ amount: 300_000, speed: 'normal' }),
    );
    const refundId = (await client.payments.refund.mock.results[0]!.value).id as string;

    const first = await webhook(
      t.app,
      t.config,
      refundEvent('refund.processed', refundId, o.paymentId),
      `evt_r1_${refundId}`,
    );
    expect(first.json()).toEqual({ status: 'refunded' });
    const sameEvent = await webhook(
      t.app,
      t.config,
      refundEvent('refund.processed', refundId, o.paymentId),
      `evt_r1_${refundId}`,
    );
    expect(sameEvent.json()).toEqual({ status: 'duplicate' });
    const redelivered = await webhook(
      t.app,
      t.config,
      refundEvent('refund.processed', refundId, o.paymentId),
      `evt_r2_${refundId}`,
    );
    expect(redelivered.json()).toEqual({ status: 'already-settled' });
    const forged = await webhook(
      t.app,
      t.config,
      refundEvent('refund.failed', refundId, o.paymentId),
      `evt_r3_${refundId}`,
      'ab'.repeat(32),
    );
    expect(forged.statusCode).toBe(400);

    const detail = await t.app.inject({ url: `/api/orders/admin/${o.orderNumber}`, headers: admin.headers });
    expect(detail.json().paymentStatus).toBe('REFUNDED');
    const refunded = detail.json().statusHistory.filter((h: { to: string }) => h.to === 'REFUNDED');
    expect(refunded).toEqual([
      expect.objectContaining({ actor: 'webhook:refund.processed', reference: refundId }),
    ]);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 3, sales: 0 });
  });

  it('a failed refund is listed as REFUND_FAILED; asking again refunds through the reconciler', async () => {
    const o = await paidByWebhook();
    await patch(t, admin, `${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`);
    const firstId = (await client.payments.refund.mock.results.at(-1)!.value).id as string;
    await webhook(t.app, t.config, refundEvent('refund.failed', firstId, o.paymentId), `evt_f_${firstId}`);
    const [failed] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(failed!.paymentStatus).toBe('REFUND_FAILED');

    const retry = await patch(t, admin, `${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`);
    expect(retry.json().paymentStatus).toBe('REFUND_PENDING');
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 3, sales: 0 });
    client.payments.fetchRefund.mockResolvedValueOnce({ status: 'processed' });
    const report = await reconcilePayments(ctx());
    expect(report.refunds.settled).toBe(1);
    const [done] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(done!.paymentStatus).toBe('REFUNDED');
  });

  it('when the gateway is down at cancel time, the reconciler asks again and the refund completes', async () => {
    const o = await paidByWebhook();
    client.payments.refund.mockRejectedValueOnce(new Error('network down'));
    const res = await patch(t, admin, `${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_PENDING' });
    const [asked] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(asked).toMatchObject({ status: 'REQUESTED', providerRefundId: null });

    client.payments.refund.mockClear();
    await reconcilePayments(ctx());
    expect(client.payments.refund).toHaveBeenCalledWith(
      o.paymentId,
      expect.objectContaining({ amount: 300_000 }),
    );
    await reconcilePayments(ctx());
    const [after] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(after).toMatchObject({ status: 'PROCESSED' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order!.paymentStatus).toBe('REFUNDED');
  });
});
