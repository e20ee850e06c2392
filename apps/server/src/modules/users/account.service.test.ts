import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createProduct,
  createVendor,
  putUser,
  TEST_PASSWORD,
  type Actor,
} from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { SESSION_TOKEN_HEADER } from '../../plugins/auth';

const NEW_PASSWORD = 'Fresh@Pass42';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('rotating credentials and ending sessions', () => {
  let t: TestApp;
  let clock = Date.now();
  const tick = (ms: number) => (clock += ms);
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(async () => t.close());

  const whoAmI = (actor: { id: number }, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/user/${actor.id}`, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/user/${url}`, headers: bearer(token), payload });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });

  it('a user changes the password with the current one; every other session ends, this one goes on', async () => {
    const vendor = await createVendor(t.app, t.db);
    const otherDevice = (await login(vendor.username, TEST_PASSWORD)).json().token as string;

    const wrong = await post('change-password', vendor.token, {
      currentPassword: 'Wrong@Pass1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
    const weak = await post('change-password', vendor.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);

    const res = await post('change-password', vendor.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().token as string;
    expect((await whoAmI(vendor, fresh)).statusCode).toBe(200);
    expect((await whoAmI(vendor, otherDevice)).statusCode).toBe(401);
    expect((await whoAmI(vendor, vendor.token)).statusCode).toBe(401);
    expect((await login(vendor.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(vendor.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('logout ends the token on the server', async () => {
    const admin = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    expect((await post('logout', admin.token)).statusCode).toBe(204);
    expect((await whoAmI(admin, admin.token)).statusCode).toBe(401);
    expect((await post('logout', admin.token)).statusCode).toBe(401);
  });

  it('an admin signs a user out everywhere and resets a password after proving their own', async () => {
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const vendor = await createVendor(t.app, t.db);

    expect((await post(`${vendor.id}/sign-out-everywhere`, viewer.token)).statusCode).toBe(403);
    expect((await post(`${vendor.id}/sign-out-everywhere`, manager.token)).statusCode).toBe(204);
    expect((await whoAmI(vendor, vendor.token)).statusCode).toBe(401);

    tick(6 * 60_000);
    const stale = await post(`${vendor.id}/reset-password`, manager.token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
    const wrong = await post('reauth', manager.token, { password: 'Wrong@Pass1' });
    expect(wrong.statusCode).toBe(400);
    const reauth = await post('reauth', manager.token, { password: TEST_PASSWORD });
    expect(reauth.statusCode, reauth.body).toBe(200);
    const proved = reauth.json().token as string;

    const reset = await post(`${vendor.id}/reset-password`, proved);
    expect(reset.statusCode, reset.body).toBe(200);
    const { temporaryPassword } = reset.json() as { temporaryPassword: string };
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).{16}$/);
    expect((await login(vendor.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(vendor.username, temporaryPassword)).statusCode).toBe(200);
    // An admin without authority over admins cannot reset one.
    const otherAdmin = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    expect((await post(`${otherAdmin.id}/reset-password`, proved)).statusCode).toBe(403);
  });

  it('a role change needs a password proof from the last few minutes', async () => {
    const boss = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const staff = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const promote = (token: string) =>
      putUser(t, staff.id, bearer(token), {
        type: 'admin',
        name: 'Test Admin',
        email: `${staff.username}@example.in`,
        roles: ['VIEW_DETAILS', 'MANAGE_ORDERS'],
      });
    tick(6 * 60_000);
    const refused = await promote(boss.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REAUTH_REQUIRED');
    const proved = (await post('reauth', boss.token, { password: TEST_PASSWORD })).json().token as string;
    const done = await promote(proved);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().roles).toEqual(['VIEW_DETAILS', 'MANAGE_ORDERS']);
  });

  it("inviting an admin, or moving another account's email (where its reset links go), needs a password proof", async () => {
    const boss = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const staff = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const invite = (token: string) =>
      post('invites', token, {
        email: `new-${staff.username}@example.in`,
        name: 'New Admin',
        roles: ['SUPER_ADMIN'],
      });
    const edit = (token: string, email: string, name = 'Test Admin') =>
      putUser(t, staff.id, bearer(token), { type: 'admin', name, email, roles: ['VIEW_DETAILS'] });
    tick(6 * 60_000);
    for (const refused of [
      await invite(boss.token),
      await edit(boss.token, `taken-${staff.username}@example.in`),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('REAUTH_REQUIRED');
    }
    // Other edits of the account (its name, the same email in other letter case) need none.
    const renamed = await edit(boss.token, `${staff.username.toUpperCase()}@example.in`, 'Renamed Admin');
    expect(renamed.statusCode, renamed.body).toBe(200);
    const proved = (await post('reauth', boss.token, { password: TEST_PASSWORD })).json().token as string;
    expect((await invite(proved)).statusCode).toBe(201);
    const moved = await edit(proved, `moved-${staff.username}@example.in`);
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('admin sessions last 12 hours and slide while in use; vendor sessions a week', async () => {
    const admin = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const vendor = await createVendor(t.app, t.db);
    const first = await whoAmI(admin, admin.token);
    expect(first.headers[SESSION_TOKEN_HEADER]).toBeUndefined();

    tick(11 * 3600_000);
    const renewedAnswer = await whoAmI(admin, admin.token);
    expect(renewedAnswer.statusCode).toBe(200);
    const renewed = renewedAnswer.headers[SESSION_TOKEN_HEADER] as string;
    expect(renewed).toBeTruthy();

    tick(2 * 3600_000);
    expect((await whoAmI(admin, admin.token)).statusCode).toBe(401);
    expect((await whoAmI(admin, renewed)).statusCode).toBe(200);
    expect((await whoAmI(vendor, vendor.token)).statusCode).toBe(200);
    // An admin idle for 12 hours is out, renewed token or not.
    tick(13 * 3600_000);
    expect((await whoAmI(admin, renewed)).statusCode).toBe(401);
  });

  it('refunding or cancelling a paid order needs a recent password proof', async () => {
    const admin: Actor = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const product = await createProduct(t.db, { pricePaise: 500_000, stock: 4 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json() as { orderNumber: string; razorpayOrderId: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');

    const change = (token: string, path: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${init.orderNumber}/${path}`,
        headers: bearer(token),
      });
    tick(6 * 60_000);
    for (const path of ['status?status=CANCELLED&reason=Test', 'payment?status=REFUNDED&reason=Test']) {
      const refused = await change(admin.token, path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('REAUTH_REQUIRED');
    }
    // Moves that do not send money back need no proof.
    expect((await change(admin.token, 'status?status=PROCESSING')).statusCode).toBe(200);
    const proved = (await post('reauth', admin.token, { password: TEST_PASSWORD })).json().token as string;
    const done = await change(proved, 'payment?status=REFUNDED&reason=Customer%20asked');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentStatus: 'REFUNDED' });
  });
});
