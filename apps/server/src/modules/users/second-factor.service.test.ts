import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, putUser, TEST_PASSWORD, type Actor } from '../../../test/factories';
import { auditLog, userSecondFactors } from '../../db/schema';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const NEW_PASSWORD = 'Fresh@Pass42';

describe('two-step verification and sessions', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 26, 10, 0, 0);
  /** Moves to the next 30-second step, so the app shows a new code. */
  const nextStep = () => (clock += 30_000);
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock), env: { TOTP_REQUIRED: 'true' } });
  });
  afterAll(async () => t.close());

  const codeFor = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload });
  const login = (username: string, password = TEST_PASSWORD, ip = '203.0.113.9') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
      remoteAddress: ip,
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Firefox/140.0' },
    });
  const secondStep = (challenge: string, code: string, ip = '203.0.113.9') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login/second-factor',
      payload: { challenge, code },
      remoteAddress: ip,
    });

  /** Enrols the actor's account and answers its secret and recovery codes. */
  async function enrol(actor: Actor) {
    const started = await call('POST', '/user/second-factor/enrol', actor.token);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, qrSvg, otpauthUrl } = started.json() as Record<string, string>;
    expect(qrSvg).toMatch(/^<svg/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const confirmed = await call('POST', '/user/second-factor/confirm', actor.token, {
      code: codeFor(secret!),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    nextStep();
    return { secret: secret!, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  }

  it('enrols with a QR code and a first code, and the secret is stored sealed', async () => {
    const vendor = await createVendor(t.app, t.db);
    const before = await call('GET', '/user/second-factor', vendor.token);
    expect(before.json()).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const started = await call('POST', '/user/second-factor/enrol', vendor.token);
    const secret = started.json().secret as string;
    const wrong = await call('POST', '/user/second-factor/confirm', vendor.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/user/second-factor', vendor.token)).json().enabled).toBe(false);

    const ok = await call('POST', '/user/second-factor/confirm', vendor.token, { code: codeFor(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await call('GET', '/user/second-factor', vendor.token)).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const [row] = await t.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, vendor.id));
    expect(row!.secret).not.toContain(secret);
    expect(JSON.stringify(row!.recoveryHashes)).not.toContain(codes[0]!.replace('-', ''));
    // A second enrolment while on is refused: turn it off first.
    expect((await call('POST', '/user/second-factor/enrol', vendor.token)).statusCode).toBe(409);
  });

  it('signs in with the password and then a code; the same code cannot be used twice', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret } = await enrol(vendor);

    const first = await login(vendor.username);
    expect(first.statusCode).toBe(200);
    const { challenge, secondFactor, token } = first.json();
    expect(secondFactor).toBe('required');
    expect(token).toBeUndefined();
    // The challenge is no session.
    expect((await call('GET', `/user/${vendor.id}`, challenge)).statusCode).toBe(401);

    const code = codeFor(secret);
    const signedIn = await secondStep(challenge, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await call('GET', `/user/${vendor.id}`, signedIn.json().token)).statusCode).toBe(200);

    // Replayed: a new password step, the same code within its 30 seconds.
    const again = (await login(vendor.username)).json().challenge as string;
    const replay = await secondStep(again, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/already been used/);
    nextStep();
    expect((await secondStep(again, codeFor(secret))).statusCode).toBe(200);
  });

  it('a code of the previous step is accepted (a slow clock), one two steps old is not', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret } = await enrol(vendor);
    nextStep();
    nextStep();
    const old = codeFor(secret);
    nextStep();
    const challenge = (await login(vendor.username)).json().challenge as string;
    nextStep();
    expect((await secondStep(challenge, old)).statusCode).toBe(400);
    clock -= 30_000;
    const previous = codeFor(secret);
    clock += 30_000;
    expect((await secondStep(challenge, previous)).statusCode).toBe(200);
  });

  it('a recovery code signs in once; used twice it is refused', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { recoveryCodes } = await enrol(vendor);
    const code = recoveryCodes[3]!;
    const challenge = (await login(vendor.username)).json().challenge as string;
    const ok = await secondStep(challenge, code.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    const status = (await call('GET', '/user/second-factor', ok.json().token)).json();
    expect(status.recoveryCodesLeft).toBe(9);

    const challenge2 = (await login(vendor.username)).json().challenge as string;
    expect((await secondStep(challenge2, code)).statusCode).toBe(400);
    // Two at once with one code: only one passes.
    const [a, b] = await Promise.all([
      secondStep(challenge2, recoveryCodes[5]!),
      secondStep(challenge2, recoveryCodes[5]!),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('limits code guesses per account and address with 429', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret } = await enrol(vendor);
    const challenge = (await login(vendor.username, TEST_PASSWORD, '198.51.100.7')).json().challenge;
    for (let i = 0; i < 5; i++)
      expect((await secondStep(challenge, '111111', '198.51.100.7')).statusCode).toBe(400);
    const limited = await secondStep(challenge, codeFor(secret), '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a challenge dies with a password change, and after five minutes', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret } = await enrol(vendor);
    const challenge = (await login(vendor.username)).json().challenge as string;
    clock += 5 * 60_000 + 1000;
    const late = await secondStep(challenge, codeFor(secret));
    expect(late.statusCode).toBe(401);
    const fresh = (await login(vendor.username)).json().challenge as string;
    const changed = await call('POST', '/user/change-password', vendor.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await secondStep(fresh, codeFor(secret))).statusCode).toBe(401);
  });

  it('a super admin who has not enrolled can do nothing but enrol; then everything', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const res = await login(admin.username);
    expect(res.json().enrolSecondFactor).toBe(true);
    const blocked = await call('GET', '/user/admins/paginated', admin.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await call('GET', '/user/second-factor', admin.token)).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    expect((await call('GET', '/user/sessions', admin.token)).statusCode).toBe(200);
    await enrol(admin);
    expect((await call('GET', '/user/admins/paginated', admin.token)).statusCode).toBe(200);
    // Money roles too; a product manager is free to choose.
    const orders = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    expect((await call('GET', '/orders/paginated', orders.token)).json().code).toBe(
      'SECOND_FACTOR_ENROLMENT_REQUIRED',
    );
    const products = await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']);
    expect((await login(products.username)).json().enrolSecondFactor).toBeUndefined();
    expect((await call('GET', '/user/sessions', products.token)).statusCode).toBe(200);
  });

  it('turning the factor off needs the password and a current code', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret } = await enrol(vendor);
    const noCode = await call('POST', '/user/second-factor/disable', vendor.token, {
      password: TEST_PASSWORD,
      code: '123456',
    });
    expect(noCode.statusCode).toBe(400);
    const noPassword = await call('POST', '/user/second-factor/disable', vendor.token, {
      password: 'Wrong@Pass1',
      code: codeFor(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    const off = await call('POST', '/user/second-factor/disable', vendor.token, {
      password: TEST_PASSWORD,
      code: codeFor(secret),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await login(vendor.username)).json().token).toEqual(expect.any(String));
  });

  it('new recovery codes replace the old ones', async () => {
    const vendor = await createVendor(t.app, t.db);
    const { secret, recoveryCodes } = await enrol(vendor);
    const res = await call('POST', '/user/second-factor/recovery-codes', vendor.token, {
      password: TEST_PASSWORD,
      code: codeFor(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const challenge = (await login(vendor.username)).json().challenge as string;
    expect((await secondStep(challenge, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await secondStep(challenge, res.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it("a super admin resets another admin's lost factor after re-authenticating; their sessions end", async () => {
    const boss = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    await enrol(boss);
    const clerk = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    await enrol(clerk);
    const reset = () => call('POST', `/user/${clerk.id}/second-factor/reset`, boss.token);

    const other = await createAdminUser(t.app, t.db, ['MANAGE_USERS']);
    expect((await call('POST', `/user/${clerk.id}/second-factor/reset`, other.token)).statusCode).toBe(403);
    clock += 10 * 60_000;
    expect((await reset()).json().code).toBe('REAUTH_REQUIRED');
    const fresh = await call('POST', '/user/reauth', boss.token, { password: TEST_PASSWORD });
    boss.token = fresh.json().token;
    const done = await reset();
    expect(done.statusCode, done.body).toBe(204);
    expect((await call('GET', `/user/${clerk.id}`, clerk.token)).statusCode).toBe(401);
    const [row] = await t.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, clerk.id));
    expect(row).toBeUndefined();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(clerk.id)), eq(auditLog.action, 'second-factor-reset')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(boss.id);
    // At the next sign-in the clerk is asked to set it up again.
    expect((await login(clerk.username)).json().enrolSecondFactor).toBe(true);
    expect((await reset()).statusCode).toBe(409);
  });

  it('lists the sessions with this one marked, and signs one out', async () => {
    const vendor = await createVendor(t.app, t.db);
    const phone = (await login(vendor.username, TEST_PASSWORD, '192.0.2.44')).json().token as string;
    const list = await call('GET', '/user/sessions', vendor.token);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = sessions.find((s) => s.address === '192.0.2.44')!;
    expect(phoneSession.current).toBe(false);
    expect(phoneSession.userAgent).toContain('Firefox');

    const ended = await call('DELETE', `/user/sessions/${phoneSession.id as string}`, vendor.token);
    expect(ended.statusCode).toBe(204);
    expect((await call('GET', `/user/${vendor.id}`, phone)).statusCode).toBe(401);
    expect((await call('GET', `/user/${vendor.id}`, vendor.token)).statusCode).toBe(200);
    expect((await call('GET', '/user/sessions', vendor.token)).json()).toHaveLength(1);
    // Another user's session id is not found, and a signed-out one cannot be ended twice.
    const other = await createVendor(t.app, t.db);
    const theirs = (await call('GET', '/user/sessions', other.token)).json()[0].id as string;
    expect((await call('DELETE', `/user/sessions/${theirs}`, vendor.token)).statusCode).toBe(404);
    expect((await call('GET', `/user/${other.id}`, other.token)).statusCode).toBe(200);
  });

  it('a password change signs out every other session and keeps this one', async () => {
    const vendor = await createVendor(t.app, t.db);
    const laptop = (await login(vendor.username)).json().token as string;
    const before = (await call('GET', '/user/sessions', vendor.token)).json() as Array<{
      id: string;
      current: boolean;
    }>;
    const mine = before.find((s) => s.current)!.id;
    const changed = await call('POST', '/user/change-password', vendor.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = changed.json().token as string;
    expect((await call('GET', `/user/${vendor.id}`, laptop)).statusCode).toBe(401);
    const after = (await call('GET', '/user/sessions', token)).json() as Array<{
      id: string;
      current: boolean;
    }>;
    expect(after).toEqual([expect.objectContaining({ id: mine, current: true })]);
  });

  it('a role change signs out every session of that admin', async () => {
    const boss = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    await enrol(boss);
    const staff = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const laptop = (await login(staff.username)).json().token as string;
    expect((await call('GET', '/user/sessions', laptop)).json()).toHaveLength(2);
    const changed = await putUser(t, staff.id, bearer(boss.token), {
      type: 'admin',
      name: 'Test Admin',
      email: `${staff.username}@example.in`,
      roles: ['VIEW_DETAILS', 'MANAGE_PRODUCTS'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/user/sessions', staff.token)).statusCode).toBe(401);
    expect((await call('GET', '/user/sessions', laptop)).statusCode).toBe(401);
    const again = (await login(staff.username)).json().token as string;
    expect((await call('GET', '/user/sessions', again)).json()).toHaveLength(1);
  });
});
