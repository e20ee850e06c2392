import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, uid } from '../../../test/factories';
import { deliverDueEmails, queueEmail } from './outbox.service';
import type { Mailer } from './mailer';

describe('mail outbox for admins', () => {
  let t: TestApp;
  // Queued mail is due from the database's now(): the test clock starts a minute past it.
  let clock = new Date(Date.now() + 60_000);
  let admin: Record<string, string>;
  let clerk: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = (await createAdminUser(t.app, t.db, ['SUPER_ADMIN'])).headers;
    clerk = (await createAdminUser(t.app, t.db, ['MANAGE_ORDERS'])).headers;
  });
  afterAll(async () => t.close());

  const failing: Mailer = {
    send: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:587')),
  } as unknown as Mailer;
  const working: Mailer = { send: () => Promise.resolve() } as unknown as Mailer;
  const deliver = (mailer: Mailer) =>
    deliverDueEmails({ db: t.db, mailer, from: 'shop@zevar.in', now: () => clock }, 100);
  const outbox = async (view: string) =>
    (await t.app.inject({ url: `/api/mail/outbox?view=${view}&size=100`, headers: admin })).json() as {
      content: Array<{
        id: number;
        dedupeKey: string;
        status: string;
        attempts: number;
        lastError: string | null;
      }>;
    };

  it('shows failing mail with its last error, retries it, and resends a sent order mail', async () => {
    const key = `order-confirmation:${uid()}`;
    await queueEmail(t.db, {
      dedupeKey: key,
      to: 'asha@example.in',
      subject: 'Order confirmed',
      html: '<p>Hi</p>',
    });
    await deliver(failing);
    clock = new Date(clock.getTime() + 5 * 60_000);
    await deliver(failing);

    const failingMail = (await outbox('FAILING')).content.find((m) => m.dedupeKey === key);
    expect(failingMail).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastError: 'connect ECONNREFUSED 10.0.0.5:587',
    });
    expect((await outbox('SENT')).content.some((m) => m.dedupeKey === key)).toBe(false);

    const resendTooEarly = await t.app.inject({
      method: 'POST',
      url: `/api/mail/outbox/${failingMail!.id}/resend`,
      headers: admin,
    });
    expect(resendTooEarly.statusCode).toBe(409);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/mail/outbox/${failingMail!.id}/retry`,
      headers: admin,
    });
    expect(retried.json()).toMatchObject({ status: 'PENDING', attempts: 0 });
    // Due at once, not after the backoff.
    expect(await deliver(working)).toBeGreaterThanOrEqual(1);
    const sent = (await outbox('SENT')).content.find((m) => m.dedupeKey === key);
    expect(sent).toMatchObject({ status: 'SENT', lastError: null });

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/mail/outbox/${sent!.id}/resend`,
      headers: admin,
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({
      status: 'PENDING',
      to: 'asha@example.in',
      subject: 'Order confirmed',
    });
    expect(resent.json().dedupeKey).toContain(key);
    expect(await deliver(working)).toBeGreaterThanOrEqual(1);
  });

  it('sends every due mail in one run, not one batch of 20 (paid orders queue one each; decision 0093)', async () => {
    const run = uid();
    for (let i = 0; i < 45; i++)
      await queueEmail(t.db, {
        dedupeKey: `order-confirmation:${run}-${i}`,
        to: 'asha@example.in',
        subject: 'Order confirmed',
        html: '<p>Hi</p>',
      });
    const delivered: string[] = [];
    const counting: Mailer = {
      send: (m: { subject: string }) => {
        delivered.push(m.subject);
        return Promise.resolve();
      },
    } as unknown as Mailer;
    // The job's own call: the default batch of 20.
    await deliverDueEmails({ db: t.db, mailer: counting, from: 'shop@zevar.in', now: () => clock });
    const ours = (await outbox('SENT')).content.filter((m) =>
      m.dedupeKey.startsWith(`order-confirmation:${run}-`),
    );
    expect(ours).toHaveLength(45);
    expect(delivered.length).toBeGreaterThanOrEqual(45);
  });

  it('lists mail given up after every try as failing, for super admins only', async () => {
    expect((await t.app.inject({ url: '/api/mail/outbox', headers: clerk })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/mail/outbox' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/mail/outbox/1/retry', headers: clerk })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/mail/outbox?view=NOPE', headers: admin })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/mail/outbox/999999/retry', headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});
