import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, putUser } from '../../../test/factories';

const profile = (slug: string, version = 1) => ({
  version,
  slug,
  email: 'owner@example.in',
  bussinessName: 'Kaveri Gold House',
  description: 'Gold and diamond jewellery from Bengaluru since 1982.',
  contact: {
    phone: '9845012345',
    addressLine1: '5 Commercial Street',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  bankDetails: {
    accountHolderName: 'Kaveri Gold House',
    accountNumber: '123456789012',
    ifscCode: 'hdfc0001234',
    bankName: 'HDFC Bank',
  },
  website: 'https://kaveri.example.in',
  socialLinks: { instagram: 'https://instagram.com/kaveri' },
});

describe('user management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lets a vendor update its own profile, forcing India and upper-casing the IFSC code', async () => {
    const v = await createVendor(t.app, t.db, { slug: null });
    const res = await putUser(t, v.id, v.headers, profile(`kaveri-${v.id}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      slug: `kaveri-${v.id}`,
      bussinessName: 'Kaveri Gold House',
      contact: { country: 'India', city: 'Bengaluru' },
      bankDetails: { ifscCode: 'HDFC0001234' },
      socialLinks: { instagram: 'https://instagram.com/kaveri' },
    });
  });

  it('requires bank details and a valid slug on a vendor profile, with field messages', async () => {
    const v = await createVendor(t.app, t.db);
    const bad = {
      ...profile('admin'),
      bankDetails: { accountHolderName: '', accountNumber: 'x', ifscCode: 'BAD', bankName: '' },
    };
    const res = await putUser(t, v.id, v.headers, bad);
    expect(res.statusCode).toBe(400);
    const paths = (res.json().issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'slug',
        'bankDetails.accountHolderName',
        'bankDetails.accountNumber',
        'bankDetails.ifscCode',
        'bankDetails.bankName',
      ]),
    );
  });

  it('answers a taken slug with 409 Slug already exists', async () => {
    const a = await createVendor(t.app, t.db);
    const b = await createVendor(t.app, t.db);
    const res = await putUser(t, b.id, b.headers, profile(a.slug));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Slug already exists');
  });

  it('never lets a vendor edit another vendor or change its own status', async () => {
    const a = await createVendor(t.app, t.db);
    const b = await createVendor(t.app, t.db);
    expect((await putUser(t, a.id, b.headers, profile(`x-${a.id}`))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/user/${a.id}/deactivate`, headers: a.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${b.id}`, headers: a.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/user/vendors/paginated', headers: a.headers })).statusCode).toBe(
      403,
    );
  });

  it('lists vendors and admins in pages and searches by name', async () => {
    const admin = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    await createVendor(t.app, t.db, { name: 'Zarina Unique Name' });
    const vendors = await t.app.inject({
      url: '/api/user/vendors/paginated?page=0&size=2',
      headers: admin.headers,
    });
    expect(vendors.statusCode).toBe(200);
    expect(vendors.json()).toMatchObject({ size: 2, number: 0 });
    expect(vendors.json().content.every((u: { type: string }) => u.type === 'vendor')).toBe(true);
    // Rows carry statistics and subscriptions, so the table can decide payouts without more calls.
    expect(vendors.json().content[0]).toMatchObject({
      vendorStats: expect.objectContaining({ revenue: 0 }),
      subscriptions: [],
    });
    // VIEW_DETAILS sees vendors, not admins; admin accounts are for admins who manage users.
    expect(
      (await t.app.inject({ url: '/api/user/admins/paginated', headers: admin.headers })).statusCode,
    ).toBe(403);
    const userManager = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const admins = await t.app.inject({ url: '/api/user/admins/paginated', headers: userManager.headers });
    expect(admins.json().content.length).toBeGreaterThan(0);
    expect(admins.json().content.every((u: { type: string }) => u.type === 'admin')).toBe(true);
    const found = await t.app.inject({
      url: '/api/user/search-by-name?name=zarina%20unique',
      headers: admin.headers,
    });
    expect(found.json().content.map((u: { name: string }) => u.name)).toEqual(['Zarina Unique Name']);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await t.app.inject({
      url: `/api/user/vendors/by-date-range?startDate=${today}&endDate=${today}`,
      headers: admin.headers,
    });
    expect(byDate.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user/vendors/by-date?date=22-11-2026', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/user/vendors/paginated?size=-1', headers: admin.headers })).statusCode,
    ).toBe(400);
  });

  it('activates and deactivates a vendor; a deactivated vendor cannot sign in', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${v.id}/deactivate`,
      headers: admin.headers,
    });
    expect(off.json().active).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: v.username, password: 'Secret@123' },
    });
    expect(login.statusCode).toBe(401);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${v.id}/activate`,
      headers: admin.headers,
    });
    expect(on.json().active).toBe(true);
  });

  it('lets only MANAGE_USERS manage admins, and only a super admin grant SUPER_ADMIN', async () => {
    const target = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const vendorsOnly = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const usersMgr = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const body = (roles: AdminRole[]) => ({
      type: 'admin',
      name: 'Orders Desk',
      email: 'desk@example.in',
      roles,
    });
    expect((await putUser(t, target.id, vendorsOnly.headers, body(['MANAGE_ORDERS']))).statusCode).toBe(403);
    const ok = await putUser(t, target.id, usersMgr.headers, body(['MANAGE_ORDERS', 'VIEW_DETAILS']));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles).toEqual(['MANAGE_ORDERS', 'VIEW_DETAILS']);
    expect((await putUser(t, target.id, usersMgr.headers, body(['SUPER_ADMIN']))).statusCode).toBe(403);
    const bad = await putUser(t, target.id, usersMgr.headers, { type: 'admin', name: 'X', roles: ['NOPE'] });
    expect(bad.statusCode).toBe(400);
  });

  it('never lets an admin deactivate itself or change its own roles, but lets it edit its name', async () => {
    const me = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.id}/deactivate`,
      headers: me.headers,
    });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe('You cannot deactivate your own account');
    const body = (roles: string[], active = true) => ({
      type: 'admin',
      name: 'Me Myself',
      email: 'me@example.in',
      roles,
      active,
    });
    for (const payload of [body(['VIEW_DETAILS']), body(['SUPER_ADMIN'], false)]) {
      const res = await putUser(t, me.id, me.headers, payload);
      expect(res.statusCode).toBe(409);
    }
    const rename = await putUser(t, me.id, me.headers, body(['SUPER_ADMIN']));
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ name: 'Me Myself', roles: ['SUPER_ADMIN'], active: true });
  });

  it('keeps at least one active super admin and refuses self-deletion', async () => {
    const sa = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${sa.id}`, headers: sa.headers })).statusCode,
    ).toBe(409);
    const other = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${other.id}`, headers: sa.headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/user/${other.id}`, headers: sa.headers })).statusCode).toBe(404);
  });

  it('changes a vendor plan for MANAGE_VENDORS only', async () => {
    const v = await createVendor(t.app, t.db);
    const orders = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const mgr = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const payload = { vendorId: v.id, plan: 'standard' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/vendors/update-plan',
          headers: orders.headers,
          payload,
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/vendors/update-plan',
      headers: mgr.headers,
      payload,
    });
    expect(res.json().plan).toBe('STANDARD');
  });
});
