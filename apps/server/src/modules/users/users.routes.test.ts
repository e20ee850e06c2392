import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, TEST_PASSWORD, uid } from '../../../test/factories';

const validVendor = () => ({
  type: 'vendor',
  username: `newvendor_${uid()}`,
  password: 'Strong@Pass1',
  email: `owner_${uid()}@example.in`,
  name: 'Asha Mehta',
  bussinessName: 'Mehta Jewels',
  description: 'Handcrafted silver and gold jewellery from Jaipur.',
  contact: {
    phone: '9876543210',
    secondaryPhone: '',
    addressLine1: '12 Johari Bazaar',
    addressLine2: '',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302003',
    country: 'India',
  },
});

describe('users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('registers a vendor, hides the password hash and lets it sign in', async () => {
    const input = validVendor();
    const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: input });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ type: 'vendor', username: input.username, plan: 'FREE', active: true });
    expect(JSON.stringify(body)).not.toMatch(/argon|password/i);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: input.username.toUpperCase(), password: input.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userType: 'VENDOR', userId: body.id, roles: ['VENDOR'] });
    expect(login.json().token).toEqual(expect.any(String));
  });

  it("registers a vendor whose password's special character is '#' (the rule its message states) and lets it sign in", async () => {
    const input = { ...validVendor(), password: 'Kundan#2026' };
    const res = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: input });
    expect(res.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: input.username, password: 'Kundan#2026' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a second vendor with the same email regardless of case with 409', async () => {
    const first = validVendor();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/register', payload: first })).statusCode,
    ).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...validVendor(), email: first.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'A vendor with this email already exists' });
  });

  it('refuses a duplicate username regardless of case with 409', async () => {
    const input = validVendor();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/register', payload: input })).statusCode,
    ).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...input, username: input.username.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Username already exists' });
  });

  it.each([
    ['username', { username: 'ab' }, 'username', MSG.minChars(3)],
    ['password', { password: 'weakpass' }, 'password', MSG.password],
    ['email', { email: 'not-an-email' }, 'email', MSG.email],
    ['name', { name: 'Al' }, 'name', MSG.minChars(3)],
    ['business name', { bussinessName: 'AB' }, 'bussinessName', MSG.minChars(3)],
    ['description', { description: 'too short' }, 'description', MSG.minChars(20)],
  ])('rejects a bad %s with the spec message', async (_label, patch, path, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...validVendor(), ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it.each([
    ['phone', { phone: '12345' }, 'contact.phone', MSG.phone10],
    ['secondary phone', { secondaryPhone: '123' }, 'contact.secondaryPhone', MSG.phone10],
    ['pincode', { pincode: '1234567' }, 'contact.pincode', MSG.pincode6],
    ['address line 1', { addressLine1: '' }, 'contact.addressLine1', MSG.required],
    ['city', { city: '   ' }, 'contact.city', MSG.required],
  ])('rejects a bad %s in the contact with the spec message', async (_label, patch, path, message) => {
    const v = validVendor();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { ...v, contact: { ...v.contact, ...patch } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('answers malformed JSON and wrong types with 400 and the error shape, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });

    for (const payload of [
      [],
      'text',
      { username: 42, password: true },
      { ...validVendor(), contact: 'x' },
      null,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: payload as object,
      });
      expect([400, 415], JSON.stringify(payload)).toContain(res.statusCode);
      expect(res.json()).toHaveProperty('code');
      expect(res.json()).toHaveProperty('message');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: ['x'] },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().issues.length).toBeGreaterThan(0);
  });

  it('reports username availability', async () => {
    const vendor = await createVendor(t.app, t.db);
    const taken = await t.app.inject({
      url: `/api/user/check-username?username=${vendor.username.toUpperCase()}`,
    });
    expect(taken.json()).toEqual({ available: false });
    const free = await t.app.inject({ url: `/api/user/check-username?username=free_${uid()}` });
    expect(free.json()).toEqual({ available: true });
    expect((await t.app.inject({ url: '/api/user/check-username' })).statusCode).toBe(400);
  });

  it('fails sign-in with a wrong password and an unknown user alike', async () => {
    const vendor = await createVendor(t.app, t.db);
    for (const payload of [
      { username: vendor.username, password: 'Wrong@Pass1' },
      { username: `ghost_${uid()}`, password: TEST_PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Login failed. Please check your credentials.',
      });
    }
  });

  it('rate-limits repeated failed sign-ins with 429 and a clear message, even for the right password', async () => {
    const vendor = await createVendor(t.app, t.db);
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.9.8.7',
        payload: { username: vendor.username, password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong@Pass1')).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /Too many failed login attempts\. Please try again in \d+ minutes?\./,
    );
  });

  it('signs in an admin with its roles', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const me = await t.app.inject({ url: `/api/user/${admin.id}`, headers: admin.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ type: 'admin', roles: ['MANAGE_ORDERS'], vendorStats: null });
  });

  it('verifies vendor credentials by email or id', async () => {
    const vendor = await createVendor(t.app, t.db);
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      payload: { emailOrId: `${vendor.username}@example.in`, password: TEST_PASSWORD },
    });
    expect(byEmail.json()).toEqual({ valid: true, userId: vendor.id });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify',
      payload: { emailOrId: String(vendor.id), password: 'nope' },
    });
    expect(wrong.json()).toEqual({ valid: false, userId: null });
  });

  it('returns a shop plan as text and the public vendor profile without private details', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'STANDARD', accountNumber: '000111222333' });
    const plan = await t.app.inject({ url: `/api/user/vendor-plan/${vendor.slug}` });
    expect(plan.statusCode).toBe(200);
    expect(plan.body).toBe('STANDARD');
    const profile = await t.app.inject({ url: `/api/vendors/slug/${vendor.slug}` });
    expect(profile.json()).toMatchObject({ slug: vendor.slug, plan: 'STANDARD' });
    expect(profile.body).not.toContain('000111222333');
    expect((await t.app.inject({ url: '/api/user/vendor-plan/no-such-shop' })).statusCode).toBe(404);
  });
});

describe('authorization matrix for user routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lets a vendor read only its own profile, admins with a user permission read anyone', async () => {
    const a = await createVendor(t.app, t.db);
    const b = await createVendor(t.app, t.db);
    const url = `/api/user/${a.id}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url, headers: a.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: b.headers })).statusCode).toBe(403);
    for (const role of ['SUPER_ADMIN', 'MANAGE_USERS', 'MANAGE_VENDORS', 'VIEW_DETAILS'] as const) {
      const admin = await createAdminUser(t.app, t.db, [role]);
      expect((await t.app.inject({ url, headers: admin.headers })).statusCode, role).toBe(200);
    }
    for (const role of [
      'MANAGE_ORDERS',
      'MANAGE_PRODUCTS',
      'MANAGE_CAROUSEL',
      'MANAGE_CATEGORIES',
    ] as const) {
      const admin = await createAdminUser(t.app, t.db, [role]);
      expect((await t.app.inject({ url, headers: admin.headers })).statusCode, role).toBe(403);
    }
  });

  it('rejects the token of a deactivated user', async () => {
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const v = await createVendor(t.app, t.db);
    await t.db.update(users).set({ active: false }).where(eq(users.id, v.id));
    expect((await t.app.inject({ url: `/api/user/${v.id}`, headers: v.headers })).statusCode).toBe(401);
  });

  it('refuses to start when a route declares no access rule', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerAuth, createTokenService } = await import('../../plugins/auth');
    const app = Fastify();
    registerAuth(app, {
      db: t.db,
      tokens: createTokenService('x'.repeat(40)),
      secondFactorRequired: false,
      now: () => new Date(),
    });
    expect(() => app.get('/api/unguarded', async () => 'oops')).toThrow(/declares no access rule/);
  });
});
