import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminUser, createVendor, putUser, TEST_PASSWORD, type Actor } from '../../test/factories';
import { users } from '../db/schema';

/** The authorization matrix's role-hierarchy cases (ARCHITECTURE §4.18). */
describe('role hierarchy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    // Each case starts from a marketplace with no other admins.
    await t.db.delete(users).where(eq(users.type, 'ADMIN'));
  });

  const adminEdit = (target: Actor, roles: string[], extra: Record<string, unknown> = {}) => ({
    type: 'admin',
    version: 1,
    name: 'Edited Admin',
    email: `${target.username}@example.in`,
    roles,
    ...extra,
  });
  const activeSupers = async () =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.type, 'ADMIN'),
            eq(users.active, true),
            sql`${users.roles} @> '["SUPER_ADMIN"]'::jsonb`,
          ),
        )
    ).length;

  /** Every route that can edit, deactivate, demote or delete a user. */
  const everyChange = (target: Actor) => [
    { method: 'PUT' as const, url: `/api/user/${target.id}`, payload: adminEdit(target, ['SUPER_ADMIN']) },
    {
      method: 'PUT' as const,
      url: `/api/user/${target.id}`,
      payload: adminEdit(target, ['SUPER_ADMIN'], { active: false }),
    },
    { method: 'PUT' as const, url: `/api/user/${target.id}`, payload: adminEdit(target, ['MANAGE_USERS']) },
    { method: 'PUT' as const, url: `/api/user/${target.id}/deactivate` },
    { method: 'PUT' as const, url: `/api/user/${target.id}/activate` },
    { method: 'DELETE' as const, url: `/api/user/${target.id}` },
  ];

  it('an admin holding MANAGE_USERS cannot edit, demote, (de)activate or delete a super admin', async () => {
    const owner = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    for (const call of everyChange(owner)) {
      const res = await t.app.inject({ ...call, headers: manager.headers });
      expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({ active: true, name: 'Test Admin', roles: ['SUPER_ADMIN'] });
  });

  it('an admin holding MANAGE_USERS cannot grant SUPER_ADMIN, but manages other admins', async () => {
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const clerk = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const grant = await putUser(t, clerk.id, manager.headers, adminEdit(clerk, ['SUPER_ADMIN']));
    expect(grant.statusCode).toBe(403);
    const edit = await putUser(
      t,
      clerk.id,
      manager.headers,
      adminEdit(clerk, ['MANAGE_ORDERS', 'VIEW_DETAILS']),
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().roles).toEqual(['MANAGE_ORDERS', 'VIEW_DETAILS']);
  });

  it('a super admin manages another super admin', async () => {
    const owner = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const other = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${other.id}/deactivate`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it('no route, alone or in sequence, leaves zero active super admins', async () => {
    const only = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    for (const actor of [only, manager]) {
      for (const call of everyChange(only)) {
        const res = await t.app.inject({ ...call, headers: actor.headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
        expect(await activeSupers(), `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(1);
      }
    }
    // Two super admins removing each other at once: one of them stays.
    const second = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'PUT', url: `/api/user/${second.id}/deactivate`, headers: only.headers }),
      t.app.inject({ method: 'PUT', url: `/api/user/${only.id}/deactivate`, headers: second.headers }),
    ]);
    // The loser is refused by the last-super-admin rule, or its token already ended with its deactivation.
    const oneWins = (x: number, y: number) => [x, y].filter((s) => s < 300).length === 1;
    expect(oneWins(a.statusCode, b.statusCode)).toBe(true);
    expect([a.statusCode, b.statusCode].every((s) => [200, 401, 409].includes(s))).toBe(true);
    expect(await activeSupers()).toBe(1);
    const third = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const [c, d] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${third.id}`,
        headers: (await activeActor([only, second])).headers,
        payload: adminEdit(third, ['MANAGE_USERS']),
      }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/${(await activeActor([only, second])).id}`,
        headers: third.headers,
      }),
    ]);
    expect(oneWins(c.statusCode, d.statusCode), `${c.statusCode} ${c.body} ${d.statusCode} ${d.body}`).toBe(
      true,
    );
    expect(await activeSupers()).toBe(1);
  });

  async function activeActor(candidates: Actor[]): Promise<Actor> {
    for (const c of candidates) {
      const [row] = await t.db.select().from(users).where(eq(users.id, c.id));
      if (row?.active) return c;
    }
    throw new Error('no active candidate');
  }

  it('admins who do not manage users see vendors, not admins', async () => {
    const vendor = await createVendor(t.app, t.db);
    const owner = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    for (const role of ['MANAGE_VENDORS', 'VIEW_DETAILS'] as const) {
      const viewer = await createAdminUser(t.app, t.db, [role]);
      const get = (url: string) => t.app.inject({ url, headers: viewer.headers });
      expect((await get(`/api/user/${owner.id}`)).statusCode, role).toBe(403);
      expect((await get(`/api/user/${vendor.id}`)).statusCode, role).toBe(200);
      expect((await get('/api/user/admins/paginated')).statusCode, role).toBe(403);
      expect((await get('/api/user?type=admin')).statusCode, role).toBe(403);
      const all = (await get('/api/user?size=100')).json().content as { type: string }[];
      expect(all.length).toBeGreaterThan(0);
      expect(
        all.every((u) => u.type === 'vendor'),
        role,
      ).toBe(true);
      const found = (await get('/api/user/search-by-name?name=Test%20Admin')).json().content;
      expect(found, role).toEqual([]);
    }
  });
});

describe('tokens that can be taken back', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const me = (who: Actor) => t.app.inject({ url: `/api/user/${who.id}`, headers: who.headers });
  const relogin = async (who: Actor) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: who.username, password: TEST_PASSWORD },
    });

  it('deactivation ends the tokens at once, and reactivation does not revive them', async () => {
    const owner = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const vendor = await createVendor(t.app, t.db);
    expect((await me(vendor)).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/user/${vendor.id}/deactivate`, headers: owner.headers });
    expect((await me(vendor)).statusCode).toBe(401);
    await t.app.inject({ method: 'PUT', url: `/api/user/${vendor.id}/activate`, headers: owner.headers });
    expect((await me(vendor)).statusCode).toBe(401);
    expect((await relogin(vendor)).statusCode).toBe(200);
  });

  it('a role change ends the admin tokens at once; an edit that keeps roles does not', async () => {
    const owner = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const clerk = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const edit = (roles: string[]) =>
      putUser(t, clerk.id, owner.headers, {
        type: 'admin',
        name: 'Clerk Name',
        email: `${clerk.username}@example.in`,
        roles,
      });
    expect((await edit(['MANAGE_ORDERS'])).statusCode).toBe(200);
    expect((await me(clerk)).statusCode).toBe(200);
    expect((await edit(['MANAGE_ORDERS', 'VIEW_DETAILS'])).statusCode).toBe(200);
    expect((await me(clerk)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const vendor = await createVendor(t.app, t.db);
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const forever = await new SignJWT({ typ: 'VENDOR', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(vendor.id))
      .setIssuedAt()
      .sign(key);
    const res = await t.app.inject({
      url: `/api/user/${vendor.id}`,
      headers: { authorization: `Bearer ${forever}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
