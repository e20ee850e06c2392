import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 21, attack pass 3: behind a trusted proxy that passes the client's own text on, an address
 * that does not parse (brackets, a port, any text) must not give one client a fresh rate-limit key
 * per request. `/api/track/code` allows 10 requests per client network in 15 minutes.
 */
const PROXY = '10.0.0.1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: PROXY } });
});
afterAll(async () => t.close());

const askCode = (client: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/track/code',
    payload: { orderNumber: 'ZV261127-00000000', contact: 'x@example.in' },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
  });

describe('rate-limit keys of client addresses a proxy forwards as text', () => {
  it('reads a bracketed IPv6 address, with or without a port, as its /64', async () => {
    const spellings = (i: number) =>
      [`[2001:db8:5:5::${i}]`, `[2001:db8:5:5::${i}]:443`, `[2001:DB8:5:5:0::${i}]:${1000 + i}`][i % 3]!;
    for (let i = 1; i <= 10; i++) expect((await askCode(spellings(i))).statusCode).toBe(200);
    const limited = await askCode('[2001:db8:5:5::ffff]:8443');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Another /64 is another client.
    expect((await askCode('[2001:db8:5:6::1]')).statusCode).toBe(200);
  });

  it('reads an IPv4 address with a port as the address', async () => {
    for (let i = 1; i <= 10; i++) expect((await askCode(`198.51.100.9:${40000 + i}`)).statusCode).toBe(200);
    expect((await askCode('198.51.100.9')).statusCode).toBe(429);
  });

  it('gives every address that does not parse one shared key', async () => {
    const junk = (i: number) =>
      [`client-${i}`, `[not-an-address-${i}]`, `0x7f.${i}`, `unknown`, `1.2.3.${i}.5`][i % 5]!;
    for (let i = 1; i <= 10; i++) expect((await askCode(junk(i))).statusCode).toBe(200);
    expect((await askCode('yet-another-name')).statusCode).toBe(429);
  });
});
