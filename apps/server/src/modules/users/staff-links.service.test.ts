import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { STAFF_MESSAGES } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, TEST_PASSWORD, uid } from '../../../test/factories';
import { emailOutbox, users } from '../../db/schema';
import { INVITER_GONE } from './staff-links.service';

/** The one-time link of the newest mail to `to` (the token is only ever in the mail). */
async function linkMailedTo(t: TestApp, to: string): Promise<{ path: string; token: string } | null> {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const match = mail?.html.match(/\/(accept-invite|reset-password)\?token=([\w-]+)/);
  return match ? { path: match[1]!, token: match[2]! } : null;
}

describe('emailed one-time links: staff invitations and forgotten passwords', () => {
  let t: TestApp;
  let clock = new Date('2026-11-26T06:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => t.close());

  const invite = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user/invites', headers, payload });

  it('a MANAGE_USERS admin invites within the hierarchy; the invitee sets a password and is signed in', async () => {
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const email = `new_${uid()}@example.in`;
    const refused = await invite(manager.headers, { email, name: 'Meera', roles: ['SUPER_ADMIN'] });
    expect(refused.statusCode).toBe(403);
    const orders = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    expect((await invite(orders.headers, { email, name: 'Meera', roles: ['VIEW_DETAILS'] })).statusCode).toBe(
      403,
    );

    const res = await invite(manager.headers, {
      email,
      name: 'Meera',
      roles: ['MANAGE_ORDERS', 'VIEW_DETAILS'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, roles: ['MANAGE_ORDERS', 'VIEW_DETAILS'] });
    const link = await linkMailedTo(t, email);
    expect(link?.path).toBe('accept-invite');

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/user/invites/lookup?token=${link!.token}`,
    });
    expect(lookup.json()).toEqual({ email, name: 'Meera', roles: ['MANAGE_ORDERS', 'VIEW_DETAILS'] });

    const username = `meera_${uid()}`;
    const leaked = await t.app.inject({
      method: 'POST',
      url: '/api/user/invites/accept',
      payload: { token: link!.token, username, password: 'P@ssw0rd' },
    });
    expect(leaked.statusCode).toBe(400);
    expect(leaked.json().issues).toEqual([{ path: 'password', message: STAFF_MESSAGES.leakedPassword }]);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/user/invites/accept',
      payload: { token: link!.token, username, password: 'Ruby#Necklace42' },
    });
    expect(accepted.statusCode).toBe(200);
    const session = accepted.json();
    expect(session).toMatchObject({ userType: 'ADMIN', roles: ['MANAGE_ORDERS', 'VIEW_DETAILS'] });
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/user/${session.userId}`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json()).toMatchObject({ username, email });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/invites/accept',
      payload: { token: link!.token, username: `other_${uid()}`, password: 'Ruby#Necklace42' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_MESSAGES.linkUsed);
  });

  it('an expired invitation says so, and a made-up one is not valid', async () => {
    const boss = await createAdminUser(t.app, t.db);
    const email = `late_${uid()}@example.in`;
    expect((await invite(boss.headers, { email, name: 'Late', roles: ['SUPER_ADMIN'] })).statusCode).toBe(
      201,
    );
    const link = await linkMailedTo(t, email);
    const start = clock;
    clock = new Date(start.getTime() + (t.config.INVITE_LINK_HOURS * 3600 + 1) * 1000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/invites/accept',
        payload: { token: link!.token, username: `late_${uid()}`, password: 'Ruby#Necklace42' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(STAFF_MESSAGES.linkExpired);
    } finally {
      clock = start;
    }
    const bogus = await t.app.inject({
      method: 'GET',
      url: `/api/user/invites/lookup?token=${'x'.repeat(43)}`,
    });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.json().message).toBe(STAFF_MESSAGES.linkInvalid);
  });

  it('an invitation ends with its sender: one deactivated or no longer allowed to grant the roles cannot bring a colleague in', async () => {
    const accept = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/invites/accept',
        payload: { token, username: `kept_${uid()}`, password: 'Ruby#Necklace42' },
      });
    const leaving = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const email = `kept_${uid()}@example.in`;
    expect(
      (await invite(leaving.headers, { email, name: 'Kept', roles: ['MANAGE_ORDERS'] })).statusCode,
    ).toBe(201);
    const link = await linkMailedTo(t, email);
    await t.db.update(users).set({ active: false }).where(eq(users.id, leaving.id));
    const lookup = await t.app.inject({ url: `/api/user/invites/lookup?token=${link!.token}` });
    expect(lookup.statusCode).toBe(409);
    expect(lookup.json().message).toBe(INVITER_GONE);
    const refused = await accept(link!.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVITER_GONE);

    const demoted = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    const email2 = `kept_${uid()}@example.in`;
    expect(
      (await invite(demoted.headers, { email: email2, name: 'Kept', roles: ['MANAGE_ORDERS'] })).statusCode,
    ).toBe(201);
    const link2 = await linkMailedTo(t, email2);
    await t.db
      .update(users)
      .set({ roles: ['VIEW_DETAILS'] })
      .where(eq(users.id, demoted.id));
    expect((await accept(link2!.token)).json().message).toBe(INVITER_GONE);
    const made = await t.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [email, email2]));
    expect(made).toEqual([]);
  });

  const forgot = (identifier: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { identifier },
      remoteAddress: ip,
    });

  it('answers a forgotten password the same for an unknown account, mails a link that ends every session', async () => {
    const vendor = await createVendor(t.app, t.db);
    const email = `${vendor.username}@example.in`;
    const unknown = await forgot(`nobody_${uid()}@example.in`, '198.51.100.1');
    const known = await forgot(email, '198.51.100.2');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(STAFF_MESSAGES.resetRequested);

    const link = await linkMailedTo(t, email);
    expect(link?.path).toBe('reset-password');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/password-reset',
      payload: { token: link!.token, password: 'Emerald$Ring77' },
    });
    expect(ok.statusCode).toBe(200);
    // The old session has ended; the new password works, the old one does not.
    const old = await t.app.inject({ method: 'GET', url: `/api/user/${vendor.id}`, headers: vendor.headers });
    expect(old.statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: vendor.username, password },
      });
    expect((await login('Emerald$Ring77')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/user/password-reset',
      payload: { token: link!.token, password: 'Emerald$Ring78' },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(STAFF_MESSAGES.linkUsed);
  });

  it('an expired reset link says so; a second request within minutes sends no second mail', async () => {
    const vendor = await createVendor(t.app, t.db);
    const email = `${vendor.username}@example.in`;
    await forgot(vendor.username, '198.51.100.3');
    const first = await linkMailedTo(t, email);
    await forgot(vendor.username, '198.51.100.4');
    expect((await linkMailedTo(t, email))?.token).toBe(first!.token);

    const start = clock;
    clock = new Date(start.getTime() + (t.config.PASSWORD_RESET_MINUTES * 60 + 1) * 1000);
    try {
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/user/password-reset/lookup?token=${first!.token}`,
      });
      expect(lookup.statusCode).toBe(409);
      expect(lookup.json().message).toBe(STAFF_MESSAGES.linkExpired);
    } finally {
      clock = start;
    }
  });

  it('limits forgotten-password requests per client network', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(`someone_${uid()}`, '192.0.2.50')).statusCode);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });

  it('refuses a leaked password at a password change', async () => {
    const vendor = await createVendor(t.app, t.db);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: vendor.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'P@ssw0rd' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().issues).toEqual([{ path: 'newPassword', message: STAFF_MESSAGES.leakedPassword }]);
  });
});
