import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it('sends a strict Content-Security-Policy and the other headers on answers and errors alike', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/products/abc']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self' https://checkout.razorpay.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('frame-src https://api.razorpay.com');
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("style-src 'self';");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("allows inline styles only for Razorpay's checkout window, with the real gateway", async () => {
    const live = await createTestApp({
      env: {
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_x',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        PUBLIC_URL: 'https://shop.example.in',
      },
    });
    try {
      const csp = String((await live.app.inject({ url: '/api/health' })).headers['content-security-policy']);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    } finally {
      await live.close();
    }
  });

  it('sends HSTS only when served over HTTPS', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
