import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, TEST_PASSWORD } from '../../../test/factories';

describe('password guessing limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string, remoteAddress: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers,
      payload: { username, password },
    });
  const verify = (emailOrId: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      remoteAddress,
      payload: { emailOrId, password },
    });

  it('a stranger failing five times does not lock a super admin out from another address', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    for (let i = 0; i < 5; i++)
      expect((await login(admin.username, 'Wrong@Pass1', '203.0.113.5')).statusCode).toBe(401);
    const locked = await login(admin.username, TEST_PASSWORD, '203.0.113.5');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await login(admin.username, TEST_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });

  it('checks no more guesses than the limits allow when they arrive all at once', async () => {
    const vendor = await createVendor(t.app, t.db);
    // One address: five guesses at the account, then it waits (the burst is not checked before the count).
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => login(vendor.username, 'Wrong@Pass1', '203.0.113.40')),
    );
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(15);
    // Many addresses at once: ten free guesses at the account, then each further one waits its turn.
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(vendor.username, 'Wrong@Pass1', `198.51.100.${100 + i}`)),
    );
    expect(spread.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(6);
  });

  it('checks /user/verify passwords under the same limiter as sign-in', async () => {
    const vendor = await createVendor(t.app, t.db);
    const email = `${vendor.username}@example.in`;
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, 'Wrong@Pass1', '203.0.113.6');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: false, userId: null });
    }
    const locked = await verify(email, TEST_PASSWORD, '203.0.113.6');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // Sign-in from that address for the same account is locked too: one limiter.
    expect((await login(vendor.username, TEST_PASSWORD, '203.0.113.6')).statusCode).toBe(429);
  });

  it('limits one address spraying many accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await login(`nobody_${i}`, 'Wrong@Pass1', '203.0.113.7')).statusCode;
    expect(last).toBe(429);
  });

  it('ignores a client-sent X-Forwarded-For unless TRUST_PROXY says so', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const spoofed = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      last = (await login(`sprayed_${i}`, 'Wrong@Pass1', '203.0.113.8', spoofed)).statusCode;
    }
    expect(last).toBe(429);
  });

  it('uses the forwarded address behind a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
    try {
      const vendor = await createVendor(proxied.app, proxied.db);
      const attempt = (client: string, remoteAddress: string, password = 'Wrong@Pass1') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress,
          headers: { 'x-forwarded-for': client },
          payload: { username: vendor.username, password },
        });
      for (let i = 0; i < 5; i++) await attempt('198.51.100.1', '10.0.0.1');
      expect((await attempt('198.51.100.1', '10.0.0.1', TEST_PASSWORD)).statusCode).toBe(429);
      expect((await attempt('198.51.100.2', '10.0.0.1', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('slows guessing at one account from many addresses, but not its owner at a known address', async () => {
    const vendor = await createVendor(t.app, t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const address = `198.18.${Math.floor(i / 5)}.${(i % 5) + 10}`;
      statuses.push((await login(vendor.username, 'Wrong@Pass1', address)).statusCode);
    }
    // 20 addresses × 5 guesses each: the per-pair limit alone allowed every one of them.
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThanOrEqual(85);
    const fromNew = await login(vendor.username, TEST_PASSWORD, '198.18.99.1');
    expect(fromNew.statusCode).toBe(429);
    expect(fromNew.json().message).toMatch(/Please try again in \d+ (second|minute)s?\./);
    // The factory signed in from 127.0.0.1: the owner's address is not made to wait.
    expect((await login(vendor.username, TEST_PASSWORD, '127.0.0.1')).statusCode).toBe(200);
  });

  it('counts every spelling of one account as that account', async () => {
    const vendor = await createVendor(t.app, t.db);
    const spellings = [
      String(vendor.id),
      `0${vendor.id}`,
      `00${vendor.id}`,
      ` 000${vendor.id} `,
      `0000${vendor.id}`,
    ];
    for (const emailOrId of spellings) {
      const res = await verify(emailOrId, 'Wrong@Pass1', '203.0.113.40');
      expect(res.statusCode).toBe(200);
    }
    expect((await verify(`000000${vendor.id}`, TEST_PASSWORD, '203.0.113.40')).statusCode).toBe(429);
    expect(
      (await verify(`${vendor.username.toUpperCase()}@EXAMPLE.IN`, TEST_PASSWORD, '203.0.113.40')).statusCode,
    ).toBe(429);
    // A padded id is still the account when the password is right.
    expect((await verify(`007${vendor.id}`, TEST_PASSWORD, '203.0.113.41')).json()).toEqual({
      valid: false,
      userId: null,
    });
    expect((await verify(`00${vendor.id}`, TEST_PASSWORD, '203.0.113.41')).json()).toEqual({
      valid: true,
      userId: vendor.id,
    });
  });

  it('counts an IPv6 client by its /64 across all accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const address = `2001:db8:7:9:${(i + 1).toString(16)}::${i + 1}`;
      last = (await login(`ipv6_sprayed_${i}`, 'Wrong@Pass1', address)).statusCode;
    }
    expect(last).toBe(429);
  });
});
