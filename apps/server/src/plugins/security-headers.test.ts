import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProduct, createVendor } from '../../test/factories';
import { helmetOptions, securityHeadersFor } from './security-headers';

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

describe('security headers worked out once (decision 0087)', () => {
  it("are exactly the headers helmet's own middleware sets, for either gateway", () => {
    for (const payments of ['sandbox', 'razorpay'] as const) {
      const options = helmetOptions(payments);
      const set = new Map<string, string>();
      const res = {
        setHeader: (name: string, value: string) => void set.set(name.toLowerCase(), value),
        removeHeader: () => undefined,
      };
      helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
      const once = new Map(securityHeadersFor(options).map(([name, value]) => [name.toLowerCase(), value]));
      expect(once).toEqual(set);
      expect(once.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a policy whose headers would depend on the request (a directive worked out per request)', () => {
    const options = helmetOptions('sandbox');
    const csp = options.contentSecurityPolicy as { directives: Record<string, unknown> };
    const perRequest = {
      ...options,
      contentSecurityPolicy: {
        ...csp,
        directives: { ...csp.directives, scriptSrc: ["'self'", () => "'nonce-abc'"] },
      },
    } as HelmetOptions;
    expect(() => securityHeadersFor(perRequest)).toThrow(/depends on the request/);
  });

  it('are the same on every kind of answer: a cached hit in each encoding, its 304, a miss, a 404, a 400, a HEAD', async () => {
    const t = await createTestApp();
    try {
      const expected = new Map(
        securityHeadersFor(helmetOptions('sandbox')).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
      // Long enough to be sent compressed.
      const p = await createProduct(t.db, { description: 'Hand-set kundan. '.repeat(100) });
      const url = `/api/products/name/${p.slug}?vendorSlug=${shop}`;
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const answers = [
        first,
        await t.app.inject({ url, headers: { 'accept-encoding': 'br' } }),
        await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } }),
        await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } }),
        await t.app.inject({ url, method: 'HEAD' }),
        await t.app.inject({ url: '/api/no-such-route' }),
        await t.app.inject({ url: '/api/products/abc' }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 304, 200, 404, 400]);
      expect(answers.slice(0, 3).map((a) => a.headers['content-encoding'])).toEqual([
        undefined,
        'br',
        'gzip',
      ]);
      for (const a of answers)
        for (const [name, value] of expected) expect(a.headers[name], `${a.statusCode} ${name}`).toBe(value);
    } finally {
      await t.close();
    }
  });
});
