import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Razorpay from 'razorpay';
import { RAZORPAY_STUB, startRazorpayLinksStub } from '../../../test/razorpay-links-stub';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor } from '../../../test/factories';
import { address, testContext, webhook } from '../../../test/payment-journey';
import { orders, paymentLinks, vendorEarnings } from '../../db/schema';
import { createRazorpayGateway } from './razorpay-gateway';
import { reconcilePayments } from './reconciler';

/** The official SDK, pointed at the local stub instead of api.razorpay.com. */
function sdkAt(baseUrl: string) {
  const sdk = new Razorpay({ key_id: RAZORPAY_STUB.keyId, key_secret: RAZORPAY_STUB.keySecret });
  (sdk as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = baseUrl;
  return sdk;
}

describe('Razorpay Payment Links through the gateway, against a stub in their documented shapes', () => {
  let stub: Awaited<ReturnType<typeof startRazorpayLinksStub>>;
  let t: TestApp;
  let gateway: ReturnType<typeof createRazorpayGateway>;
  beforeAll(async () => {
    stub = await startRazorpayLinksStub();
    const keys = {
      keyId: RAZORPAY_STUB.keyId,
      keySecret: RAZORPAY_STUB.keySecret,
      webhookSecret: 'whsec-links-0123456789abcdef',
    };
    gateway = createRazorpayGateway(keys, sdkAt(stub.baseUrl));
    t = await createTestApp({
      env: {
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: keys.keyId,
        RAZORPAY_KEY_SECRET: keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
        PUBLIC_URL: 'https://shop.example.in',
      },
      payments: gateway,
    });
    expect(t.config.webhookSecret).toBe(keys.webhookSecret);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  async function quote() {
    const piece = await createProduct(t.db, {
      pricePaise: 5_200_000,
      vendorCommissionPaise: 200_000,
      stock: 2,
      categoryId: (await createCategory(t.db)).id,
    });
    const vendor = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/quotes',
      headers: vendor.headers,
      payload: { items: [{ productId: piece.id, quantity: 1 }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { vendor, code: made.json().code as string };
  }

  it('asks for a refund with an idempotency key: a retried refund (a lost answer) refunds once at Razorpay', async () => {
    const paymentId = 'pay_00000000ab0001';
    const ask = {
      paymentId,
      amountPaise: 250_000,
      receipt: 'refund_7',
      notes: { orderId: 'o-7', requestedBy: 'admin' },
      idempotencyKey: 'zevar-refund-7-1',
    };
    const first = await gateway.refund(ask);
    const again = await gateway.refund(ask);
    expect(again.id).toBe(first.id);
    expect(stub.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    const sent = stub.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(sent.map((r) => r.headers['x-refund-idempotency'])).toEqual([
      'zevar-refund-7-1',
      'zevar-refund-7-1',
    ]);
    expect(sent[0]!.body).toEqual({
      amount: 250_000,
      speed: 'normal',
      receipt: 'refund_7',
      notes: ask.notes,
    });
    // A new ask (a failed refund asked again) is a new key and a new refund.
    const next = await gateway.refund({ ...ask, idempotencyKey: 'zevar-refund-7-2' });
    expect(next.id).not.toBe(first.id);
    await expect(
      gateway.refund({ ...ask, amountPaise: 1_000, idempotencyKey: 'zevar-refund-7-2' }),
    ).rejects.toThrow('The payment provider did not accept the refund');
  });

  it('creates the link with reference_id, expire_by, customer, notify and callback_url, and cancels it', async () => {
    const { vendor, code } = await quote();
    const before = stub.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/quotes/${code}/payment-links`,
      headers: vendor.headers,
      payload: {
        buyerName: 'Meera Iyer',
        buyerPhone: '9812345678',
        buyerEmail: 'meera@example.in',
        shippingAddress: address,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json() as { id: string; url: string };
    expect(link.url).toMatch(/^https:\/\/rzp\.io\/i\//);
    const [call] = stub.requests.slice(before);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_links' });
    expect(call!.body).toMatchObject({
      amount: 5_200_000,
      currency: 'INR',
      accept_partial: false,
      reference_id: link.id,
      customer: { name: 'Meera Iyer', contact: '+919812345678', email: 'meera@example.in' },
      notify: { sms: true, email: true },
      callback_url: `https://shop.example.in/q/${code}`,
      callback_method: 'get',
    });
    const [row] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(call!.body!.expire_by).toBe(Math.floor(row!.expiresAt.getTime() / 1000));

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/payment-links/${link.id}/cancel`,
      headers: vendor.headers,
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(stub.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_links/${row!.providerLinkId}/cancel`,
    });
  });

  it('a link Razorpay refuses is a 502 with no link kept', async () => {
    const { vendor, code } = await quote();
    const refused = await gateway
      .createPaymentLink({
        amountPaise: 100_00,
        referenceId: 'x',
        description: 'd',
        expireBy: new Date(Date.now() + 60_000), // under Razorpay's 15 minutes
        customer: { name: 'A', contact: '9812345678' },
        callbackUrl: 'https://shop.example.in/q/x',
        notes: {},
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'PAYMENT_ERROR' });
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/quotes/${code}/payment-links`,
      headers: vendor.headers,
      payload: { buyerName: 'A', buyerPhone: '9812345678', shippingAddress: address, expiresAt: soon },
    });
    expect(res.statusCode).toBe(400); // our own floor, before Razorpay is asked
  });

  it('payment_link.paid settles one order, however often it comes; the reconciler settles a link whose webhook was lost', async () => {
    const { vendor, code } = await quote();
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/quotes/${code}/payment-links`,
      headers: vendor.headers,
      payload: { buyerName: 'Meera Iyer', buyerPhone: '9812345678', shippingAddress: address },
    });
    const [row] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, made.json().id));
    const { event, paymentId } = stub.pay(row!.providerLinkId);
    const answers = await Promise.all([
      webhook(t.app, t.config, event, 'evt_1'),
      webhook(t.app, t.config, event, 'evt_1'),
      webhook(t.app, t.config, event, 'evt_2'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().status)).toContain('confirmed');
    const made1 = await t.db.select().from(orders).where(eq(orders.providerOrderId, row!.providerLinkId));
    expect(made1).toHaveLength(1);
    expect(made1[0]).toMatchObject({ status: 'CONFIRMED', paymentId, attributionSource: 'payment_link' });
    expect(
      await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, made1[0]!.id)),
    ).toHaveLength(1);

    // A second quote's link is paid but its webhook never arrives: the reconciler asks Razorpay.
    const second = await quote();
    const link2 = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/quotes/${second.code}/payment-links`,
      headers: second.vendor.headers,
      payload: { buyerName: 'Ravi', buyerPhone: '9812345679', shippingAddress: address },
    });
    const [row2] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, link2.json().id));
    stub.pay(row2!.providerLinkId);
    const report = await reconcilePayments(testContext(t.db, t.config, () => new Date(), gateway));
    expect(report.paymentLinks.settled).toBe(1);
    const made2 = await t.db.select().from(orders).where(eq(orders.providerOrderId, row2!.providerLinkId));
    expect(made2.map((o) => o.status)).toEqual(['CONFIRMED']);
  });
});
