import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, uid } from '../../../test/factories';

describe('email templates', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    headers = (await createAdminUser(t.app, t.db)).headers;
  });
  afterAll(async () => t.close());

  it('creates, reads, updates and deletes a template, sanitising the body', async () => {
    const name = `shipping-${uid()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers,
      payload: {
        name,
        subject: 'Order {{orderNumber}} shipped',
        variables: 'orderNumber',
        body: '<p>Hi {{customerName}}</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tpl = created.json();
    expect(tpl.body).toContain('<p>Hi {{customerName}}</p>');
    expect(tpl.body).not.toMatch(/<script|onerror/);

    expect((await t.app.inject({ url: `/api/email-templates/name/${name}`, headers })).json().id).toBe(
      tpl.id,
    );
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers,
      payload: { name, subject: 'x' },
    });
    expect(dup.statusCode).toBe(409);
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${tpl.id}`,
      headers,
      payload: { ...tpl, subject: 'Shipped!' },
    });
    expect(upd.json().subject).toBe('Shipped!');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/email-templates/${tpl.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/email-templates/${tpl.id}`, headers })).statusCode).toBe(404);
  });

  it('requires name and subject with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers,
      payload: { name: ' ', subject: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'This field is required' },
        { path: 'subject', message: 'This field is required' },
      ]),
    );
  });

  it('is for super admins only', async () => {
    const v = await createVendor(t.app, t.db);
    const mgr = await createAdminUser(t.app, t.db, ['MANAGE_USERS', 'MANAGE_ORDERS']);
    for (const [h, code] of [
      [undefined, 401],
      [v.headers, 403],
      [mgr.headers, 403],
    ] as const) {
      expect((await t.app.inject({ url: '/api/email-templates', headers: h })).statusCode).toBe(code);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/email-templates',
            headers: h,
            payload: { name: 'a', subject: 'b' },
          })
        ).statusCode,
      ).toBe(code);
    }
  });
});
