import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, uid } from '../../../test/factories';
import { MSG91_STUB_KEY, startMsg91Stub } from '../../../test/msg91-stub';
import { AppError } from '../../lib/errors';
import { createSmsSender, smsConfigFrom } from './create-sms-sender';

let t: TestApp;
let msg91: Awaited<ReturnType<typeof startMsg91Stub>>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  msg91 = await startMsg91Stub();
  admin = (await createAdminUser(t.app, t.db, ['SUPER_ADMIN'])).headers;
});
afterAll(async () => {
  await msg91.close();
  await t.close();
});

type Listed = {
  content: {
    reference: string;
    provider: string;
    to: string;
    text: string;
    status: string;
    attempts: number;
  }[];
};
const listed = async (reference: string) =>
  (
    await t.app.inject({
      url: `/api/sms/messages?reference=${encodeURIComponent(reference)}`,
      headers: admin,
    })
  ).json() as Listed;

const sandbox = () => createSmsSender({ mode: 'sandbox' }, { db: t.db, now: () => new Date() });
const real = (overrides: { authKey?: string; timeoutMs?: number } = {}) =>
  createSmsSender(
    {
      mode: 'msg91',
      authKey: overrides.authKey ?? MSG91_STUB_KEY,
      templateId: '6650f1d2d6fc05123b4c5d6e',
      sender: 'ZEVARJ',
      baseUrl: msg91.baseUrl,
      timeoutMs: overrides.timeoutMs,
    },
    { db: t.db, now: () => new Date() },
  );

describe('SMS sandbox', () => {
  it('keeps each message once per reference, readable by a super admin', async () => {
    const reference = `delivery-otp:${uid()}`;
    const sms = sandbox();
    expect(sms.mode).toBe('sandbox');
    await sms.send({ to: '9876543210', text: 'Your Zevar delivery code is 482913', reference });
    await sms.send({ to: '9876543210', text: 'Your Zevar delivery code is 482913', reference });
    await Promise.all([1, 2, 3].map(() => sms.send({ to: '9876543210', text: 'another', reference })));
    const page = await listed(reference);
    expect(page.content).toEqual([
      expect.objectContaining({
        reference,
        provider: 'sandbox',
        to: '919876543210',
        text: 'Your Zevar delivery code is 482913',
        status: 'SENT',
        attempts: 1,
      }),
    ]);
  });

  it('refuses a number that is not an Indian mobile, sending nothing', async () => {
    const reference = `x:${uid()}`;
    for (const to of ['2212345678', '98765', 'abcdefghij', '+1 415 555 0100']) {
      const error = await sandbox()
        .send({ to, text: 'hi', reference })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'Not an Indian mobile number' });
    }
    expect((await listed(reference)).content).toEqual([]);
  });

  it('only a super admin reads the messages', async () => {
    const clerk = (await createAdminUser(t.app, t.db, ['MANAGE_ORDERS'])).headers;
    expect((await t.app.inject({ url: '/api/sms/messages', headers: clerk })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/sms/messages' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/sms/messages?size=0', headers: admin })).statusCode).toBe(400);
  });
});

describe('MSG91 client against a local stub of their Flow API', () => {
  it('sends the documented request once per reference', async () => {
    const reference = `delivery-otp:${uid()}`;
    const before = msg91.requests.length;
    const sms = real();
    expect(sms.mode).toBe('msg91');
    await sms.send({ to: '+91 98200-12345', text: 'Your Zevar delivery code is 482913', reference });
    await sms.send({ to: '9820012345', text: 'Your Zevar delivery code is 482913', reference });
    const sent = msg91.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/api/v5/flow');
    expect(sent[0]!.headers).toMatchObject({ authkey: MSG91_STUB_KEY, 'content-type': 'application/json' });
    expect(sent[0]!.body).toEqual({
      template_id: '6650f1d2d6fc05123b4c5d6e',
      short_url: '0',
      sender: 'ZEVARJ',
      recipients: [{ mobiles: '919820012345', text: 'Your Zevar delivery code is 482913' }],
    });
    // The record of a real message does not hold the code.
    expect((await listed(reference)).content).toEqual([
      expect.objectContaining({
        provider: 'msg91',
        status: 'SENT',
        text: 'Your Zevar delivery code is ••••••',
      }),
    ]);
  });

  it('an outage fails the send, and the retry sends it once', async () => {
    const reference = `delivery-otp:${uid()}`;
    const sms = real();
    msg91.answerNext({ status: 503, body: { message: 'Service Unavailable' } });
    await expect(sms.send({ to: '9820012345', text: 'code 1', reference })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect((await listed(reference)).content[0]).toMatchObject({ status: 'FAILED', attempts: 1 });
    const before = msg91.requests.length;
    await sms.send({ to: '9820012345', text: 'code 1', reference });
    await sms.send({ to: '9820012345', text: 'code 1', reference });
    expect(msg91.requests.length - before).toBe(1);
    expect((await listed(reference)).content[0]).toMatchObject({ status: 'SENT', attempts: 2 });

    const down = createSmsSender(
      { mode: 'msg91', authKey: MSG91_STUB_KEY, templateId: 't', baseUrl: 'http://127.0.0.1:1/api/v5' },
      { db: t.db, now: () => new Date() },
    );
    await expect(down.send({ to: '9820012345', text: 'x', reference: `r:${uid()}` })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('a refusal is a clear error in their words, without the key', async () => {
    const error = await real({ authKey: 'wrong-key-abcdef' })
      .send({ to: '9820012345', text: 'x', reference: `r:${uid()}` })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'MSG91 refused the message: Authentication failure',
    });
    expect(String((error as Error).message)).not.toContain('wrong-key');
    msg91.answerNext({ status: 200, body: { type: 'error', message: 'Template ID is not approved' } });
    await expect(real().send({ to: '9820012345', text: 'x', reference: `r:${uid()}` })).rejects.toMatchObject(
      {
        message: 'MSG91 refused the message: Template ID is not approved',
      },
    );
  });

  it('a message another process is sending is not sent twice', async () => {
    const reference = `delivery-otp:${uid()}`;
    const before = msg91.requests.length;
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => real().send({ to: '9820012345', text: 'c', reference })),
    );
    expect(msg91.requests.length - before).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('is chosen by SMS=msg91 with its variables', () => {
    expect(smsConfigFrom({ SMS: 'sandbox', MSG91_BASE_URL: 'https://control.msg91.com/api/v5' })).toEqual({
      mode: 'sandbox',
    });
    expect(
      smsConfigFrom({
        SMS: 'msg91',
        MSG91_AUTH_KEY: 'k',
        MSG91_TEMPLATE_ID: 't',
        MSG91_BASE_URL: 'https://control.msg91.com/api/v5',
      }),
    ).toEqual({
      mode: 'msg91',
      authKey: 'k',
      templateId: 't',
      sender: undefined,
      baseUrl: 'https://control.msg91.com/api/v5',
    });
  });
});
