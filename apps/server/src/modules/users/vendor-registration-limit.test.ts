import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { uid } from '../../../test/factories';
import { VENDOR_REGISTRATION_RATE_MESSAGE } from './users.routes';

const vendor = () => ({
  type: 'vendor',
  username: `signup_${uid()}`,
  password: 'Strong@Pass1',
  email: `signup_${uid()}@example.in`,
  name: 'Asha Mehta',
  bussinessName: 'Mehta Jewels',
  description: 'Handcrafted silver and gold jewellery from Jaipur.',
  contact: {
    phone: '9876543210',
    addressLine1: '12 Johari Bazaar',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302003',
  },
});

describe('vendor registrations per client network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_VENDOR_REGISTRATIONS_PER_NETWORK: '2' } });
  });
  afterAll(async () => t.close());

  const register = (remoteAddress: string, payload: object = vendor()) =>
    t.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress, payload });

  it('lets one IPv6 /64 open only the configured number of shops, then answers 429 in the error shape', async () => {
    expect((await register('2001:db8:7:1::1')).statusCode).toBe(201);
    // Another address of the same /64 counts with the first; a refused attempt counts too.
    expect((await register('2001:db8:7:1:ffff::2', { ...vendor(), email: 'not-an-email' })).statusCode).toBe(
      400,
    );
    const limited = await register('2001:db8:7:1:abcd:1:2:3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: VENDOR_REGISTRATION_RATE_MESSAGE });
    expect(limited.headers['retry-after']).toBeDefined();

    // The next /64, and an IPv4 client, are other networks.
    expect((await register('2001:db8:7:2::1')).statusCode).toBe(201);
    expect((await register('198.51.100.7')).statusCode).toBe(201);
  });

  it('counts each IPv4 address on its own', async () => {
    expect((await register('203.0.113.10')).statusCode).toBe(201);
    expect((await register('203.0.113.10')).statusCode).toBe(201);
    expect((await register('203.0.113.10')).statusCode).toBe(429);
    expect((await register('203.0.113.11')).statusCode).toBe(201);
  });
});
