import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSandboxGateway } from './sandbox-gateway';

let t: TestApp;
beforeAll(async () => {
  // A business whose clock is not India's: Dubai is UTC+4 all year (no daylight saving).
  t = await createTestApp({ env: { BUSINESS_TIMEZONE: 'Asia/Dubai' } });
});
afterAll(async () => t?.close());

describe('the sandbox payment link page', () => {
  it('shows the link’s expiry in the configured BUSINESS_TIMEZONE', async () => {
    const sandbox = createSandboxGateway(
      t.db,
      {
        keyId: t.config.paymentKeyId,
        keySecret: t.config.paymentKeySecret,
        webhookSecret: t.config.webhookSecret,
      },
      { baseUrl: '', now: () => new Date() },
    );
    // 06:00 UTC: 10:00 in Dubai, 11:30 in Kolkata.
    const expireBy = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 6, 0));
    const link = await sandbox.gateway.createPaymentLink({
      amountPaise: 5_200_000,
      referenceId: 'ref-time-zone',
      description: 'A quote',
      expireBy,
      customer: { name: 'Meera Iyer', contact: '9812345678' },
      callbackUrl: 'http://localhost/q/abc',
      notes: {},
    });
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/link/${link.id}` });
    expect(page.statusCode).toBe(200);
    const expected = expireBy.toLocaleString('en-IN', {
      timeZone: 'Asia/Dubai',
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(expected).toMatch(/10:00/);
    expect(page.body).toContain(expected);
    expect(page.body).not.toMatch(/11:30/);
  });
});
