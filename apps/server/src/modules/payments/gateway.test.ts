import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hmacHex, paymentSignature, signatureChecks, signaturesEqual } from './gateway';

// The official package's own verification helpers: our scheme must agree with Razorpay's.
const utils = createRequire(import.meta.url)(
  'razorpay/dist/utils/razorpay-utils',
) as typeof import('razorpay/dist/utils/razorpay-utils');

const idArb = fc.stringMatching(/^[A-Za-z0-9]{6,20}$/);

describe('payment signatures', () => {
  it('a payment signature verifies exactly as the official Razorpay helper does', () => {
    fc.assert(
      fc.property(idArb, idArb, fc.string({ minLength: 8, maxLength: 40 }), (order, payment, secret) => {
        const orderId = `order_${order}`;
        const paymentId = `pay_${payment}`;
        const signature = paymentSignature(secret, orderId, paymentId);
        expect(
          utils.validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret),
        ).toBe(true);
        expect(signatureChecks(secret, 'w').verifyPaymentSignature(orderId, paymentId, signature)).toBe(true);
      }),
    );
  });

  it('a webhook signature over the raw body verifies as the official helper does', () => {
    fc.assert(
      fc.property(fc.json(), fc.string({ minLength: 8, maxLength: 40 }), (body, secret) => {
        const signature = hmacHex(secret, body);
        expect(utils.validateWebhookSignature(body, signature, secret)).toBe(true);
        expect(signatureChecks('k', secret).verifyWebhookSignature(Buffer.from(body), signature)).toBe(true);
      }),
    );
  });

  it('any altered order id, payment id or signature is rejected', () => {
    const checks = signatureChecks('secret_key', 'w');
    const good = paymentSignature('secret_key', 'order_A', 'pay_B');
    expect(checks.verifyPaymentSignature('order_A', 'pay_C', good)).toBe(false);
    expect(checks.verifyPaymentSignature('order_X', 'pay_B', good)).toBe(false);
    expect(checks.verifyPaymentSignature('order_A', 'pay_B', good.slice(0, -1))).toBe(false);
    expect(
      checks.verifyPaymentSignature(
        'order_A',
        'pay_B',
        `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
      ),
    ).toBe(false);
    expect(signaturesEqual(good, 'zz')).toBe(false);
  });
});

describe('gateway selection', () => {
  it('with PAYMENTS=razorpay the sandbox endpoints do not exist and the config names Razorpay', async () => {
    const { createTestApp } = await import('../../../test/test-app');
    const t = await createTestApp({
      env: { PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_abc', PUBLIC_URL: 'https://shop.example.in' },
    });
    try {
      expect(
        (await t.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { orderId: 'order_x' } }))
          .statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout.js' })).statusCode).toBe(404);
      const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config).toMatchObject({ payments: 'razorpay', razorpayKeyId: 'rzp_test_abc' });
    } finally {
      await t.close();
    }
  });

  it('with the default sandbox the checkout script is served publicly', async () => {
    const { createTestApp } = await import('../../../test/test-app');
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/checkout.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.body).toContain('window.Razorpay');
      expect(
        (await t.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { orderId: 'order_none' } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('the implicit sandbox answers only this computer; PAYMENTS=sandbox opens it', async () => {
    const { createTestApp } = await import('../../../test/test-app');
    const implicit = await createTestApp();
    const explicit = await createTestApp({ env: { PAYMENTS: 'sandbox' } });
    try {
      const pay = (t: typeof implicit, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/sandbox/pay',
          remoteAddress,
          payload: { orderId: 'order_none' },
        });
      for (const remote of ['203.0.113.9', '2001:db8::5']) {
        const refused = await pay(implicit, remote);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: expect.stringMatching(/PAYMENTS=sandbox/),
        });
        const script = await implicit.app.inject({
          method: 'GET',
          url: '/sandbox/checkout.js',
          remoteAddress: remote,
        });
        expect(script.statusCode).toBe(403);
      }
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
        expect((await pay(implicit, local)).statusCode).toBe(404);
      // A proxy or tunnel on this computer connects from loopback: what it adds gives it away.
      const throughProxy = (headers: Record<string, string>) =>
        implicit.app.inject({
          method: 'POST',
          url: '/sandbox/pay',
          remoteAddress: '127.0.0.1',
          headers,
          payload: { orderId: 'order_none' },
        });
      const proxied: Array<Record<string, string>> = [
        { 'x-forwarded-for': '203.0.113.5' },
        { 'x-forwarded-for': 'localhost' },
        { forwarded: 'for=203.0.113.5' },
        { 'x-real-ip': '203.0.113.5' },
        { 'x-forwarded-host': 'shop.example.in' },
        { host: 'shop.example.in' },
        { host: 'shop.example.in:443' },
      ];
      for (const headers of proxied)
        expect((await throughProxy(headers)).statusCode, JSON.stringify(headers)).toBe(403);
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost'])
        expect((await throughProxy({ host })).statusCode, host).toBe(404);
      expect((await pay(explicit, '203.0.113.9')).statusCode).toBe(404);
      const config = (await implicit.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config).toMatchObject({ payments: 'sandbox' });
    } finally {
      await implicit.close();
      await explicit.close();
    }
  });
});
