import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, uid } from '../../../test/factories';
import { ORDER_CONFIRMATION_TEMPLATE } from '../../db/seed/demo-extras';

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

  it('keeps the branded design when saved (inline CSS, tables, https images) and strips only what is unsafe', async () => {
    const body = [
      ORDER_CONFIRMATION_TEMPLATE.body!,
      '<img src="https://cdn.zevar.in/logo.png" alt="Zevar" width="120" style="display:block;border:0">',
      '<img src="http://cdn.zevar.in/tracker.png"><img src="javascript:alert(1)">',
      '<a href="javascript:alert(1)" onclick="steal()">x</a><a href="https://zevar.in/track" style="color:#7a1f2b">Track</a>',
      '<p style="background:url(https://evil.example/x.png);color:red">bg</p>',
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="https://x"><input></form>',
      '<script>alert(1)</script><svg onload="alert(1)"></svg>',
    ].join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers,
      payload: { name: `branded-${uid()}`, subject: 'Confirmed', body },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved: string = res.json().body;
    // The design survives: inline styles, the table layout and the https image.
    expect(saved).toContain('style="margin:0;padding:24px;background:#fbf6ee');
    expect(saved).toContain('<table role="presentation" width="100%"');
    expect(saved).toContain('<td style="padding:28px 32px">');
    expect(saved).toContain('{{customerName}}');
    expect(saved).toContain(
      '<img src="https://cdn.zevar.in/logo.png" alt="Zevar" width="120" style="display:block;border:0" />',
    );
    expect(saved).toContain('<a href="https://zevar.in/track" style="color:#7a1f2b">Track</a>');
    expect(saved).toContain('<p style="color:red">bg</p>');
    // What is unsafe is gone.
    for (const bad of [
      '<script',
      'alert(1)',
      'onclick',
      'onload',
      'javascript:',
      'http://',
      'url(',
      '<iframe',
      '<form',
      '<input',
      '<style',
      'display:none',
      '<svg',
    ])
      expect(saved).not.toContain(bad);
  });

  it('previews a template as it will be sent, with sample values, without saving it', async () => {
    const before = (await t.app.inject({ url: '/api/email-templates', headers })).json().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/preview',
      headers,
      payload: {
        subject: 'Your order {{orderNumber}} is confirmed',
        body: '<p style="color:#7a1f2b">Dear {{customerName}},</p>{{items}}<p>Total {{total}}</p><script>x()</script>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subject).toBe('Your order ZV261122-1A2B3C4D is confirmed');
    const html: string = res.json().html;
    expect(html).toContain('<p style="color:#7a1f2b">Dear Asha Rao,</p>');
    expect(html).toContain('<td>Classic Gold Jhumkas</td>');
    expect(html).toContain('Total ₹28,006.00');
    expect(html).not.toContain('<script');
    expect((await t.app.inject({ url: '/api/email-templates', headers })).json()).toHaveLength(before);
    const vendor = await createVendor(t.app, t.db);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates/preview',
      headers: vendor.headers,
      payload: { subject: 'x', body: 'y' },
    });
    expect(denied.statusCode).toBe(403);
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

  it('keeps the template every order mail uses: it can be edited, not deleted or renamed', async () => {
    const existing = await t.app.inject({ url: '/api/email-templates/name/order-confirmation', headers });
    const tpl =
      existing.statusCode === 200
        ? existing.json()
        : (
            await t.app.inject({
              method: 'POST',
              url: '/api/email-templates',
              headers,
              payload: { ...ORDER_CONFIRMATION_TEMPLATE, name: 'order-confirmation' },
            })
          ).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/email-templates/${tpl.id}`, headers });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('used by every order mail');
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${tpl.id}`,
      headers,
      payload: {
        name: 'old-confirmation',
        subject: tpl.subject,
        body: tpl.body,
        variables: tpl.variables,
        version: tpl.version,
      },
    });
    expect(rename.statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${tpl.id}`,
      headers,
      payload: {
        name: 'order-confirmation',
        subject: 'Thank you!',
        body: tpl.body,
        variables: tpl.variables,
        version: tpl.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.app.inject({ url: `/api/email-templates/${tpl.id}`, headers })).statusCode).toBe(200);
  });

  it('refuses an edit made from an older version with 409 and the newer template, and one without a version with 400', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers,
      payload: { name: `two-admins-${Date.now()}`, subject: 'Your order', body: '<p>Hello</p>' },
    });
    const tpl = created.json();
    expect(tpl.version).toBe(1);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/email-templates/${tpl.id}`, headers, payload });
    // Admins A and B opened the template at version 1; A saves first.
    const a = await put({
      name: tpl.name,
      subject: 'A: your order is confirmed',
      body: tpl.body,
      version: 1,
    });
    expect(a.json()).toMatchObject({ subject: 'A: your order is confirmed', version: 2 });
    const b = await put({ name: tpl.name, subject: tpl.subject, body: '<p>B rewrote it</p>', version: 1 });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id: tpl.id, subject: 'A: your order is confirmed', body: '<p>Hello</p>', version: 2 },
    });
    const now = await t.app.inject({ url: `/api/email-templates/${tpl.id}`, headers });
    expect(now.json()).toMatchObject({ subject: 'A: your order is confirmed', body: '<p>Hello</p>' });
    expect((await put({ name: tpl.name, subject: 'No version' })).statusCode).toBe(400);
    const fresh = await put({
      name: tpl.name,
      subject: 'A: your order is confirmed',
      body: '<p>B</p>',
      version: 2,
    });
    expect(fresh.json()).toMatchObject({ body: '<p>B</p>', version: 3 });
  });
});
