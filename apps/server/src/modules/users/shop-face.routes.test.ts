import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SHOP_FACE_MESSAGES } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, type Actor } from '../../../test/factories';
import { multipart } from '../../../test/catalogue-fixtures';
import { auditLog, users } from '../../db/schema';
import { SHOP_FACE_OTHER_VENDOR } from './shop-face.service';

const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 180, g: 120, b: 30 } } })
    .png()
    .toBuffer();

/** Issue 26 item 5: the reseller's shop face, limited by plan, shown on its public answer. */
describe('shop face routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const empty = { logo: null, banner: null, about: null, contactPhone: null, whatsapp: null };
  const put = (who: Actor, vendorId: number, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${vendorId}/shop-face`,
      headers: who.headers,
      payload: body,
    });
  const upload = async (who: Actor, vendorId: number) => {
    const body = multipart(await png(), 'logo.png', 'image/png');
    return t.app.inject({
      method: 'POST',
      url: `/api/user/${vendorId}/shop-face/images`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const publicFace = async (slug: string) =>
    (await t.app.inject({ url: `/api/vendors/slug/${slug}` })).json<{ face: typeof empty }>().face;

  it('saves a whole face on a plan that allows it, normalises the numbers and shows it on the shop', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    expect((await t.app.inject({ url: `/api/user/${v.id}/shop-face`, headers: v.headers })).json()).toEqual({
      face: empty,
      plan: 'PREMIUM',
      allowed: ['about', 'contactPhone', 'whatsapp', 'logo', 'banner'],
    });
    // The public answer was cached before the change; the save must clear it.
    expect(await publicFace(v.slug)).toEqual(empty);
    const logo = await upload(v, v.id);
    expect(logo.statusCode, logo.body).toBe(201);
    const banner = await upload(v, v.id);
    const res = await put(v, v.id, {
      logo: logo.body,
      banner: banner.body,
      about: '  Third-generation jewellers from Jaipur.\r\n\r\n\r\nCall us any day.\u0007  ',
      contactPhone: '+91 98765-43210',
      whatsapp: '09123456789',
    });
    expect(res.statusCode, res.body).toBe(200);
    const face = {
      logo: logo.body,
      banner: banner.body,
      about: 'Third-generation jewellers from Jaipur.\n\nCall us any day.',
      contactPhone: '9876543210',
      whatsapp: '9123456789',
    };
    expect(res.json()).toMatchObject({ face });
    expect(await publicFace(v.slug)).toEqual(face);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update-shop-face'), eq(auditLog.entityId, String(v.id))));
    expect(row?.after).toMatchObject({ whatsapp: '9123456789' });
  });

  it("a save clears only that shop's cached answers: another shop's cached answer survives", async () => {
    const saving = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const other = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    expect(await publicFace(saving.slug)).toEqual(empty);
    expect(await publicFace(other.slug)).toEqual(empty);
    // Changed behind the cache's back: only an invalidation of the other shop would show it.
    await t.db.update(users).set({ faceAbout: 'Not yet shown' }).where(eq(users.id, other.id));
    expect((await put(saving, saving.id, { ...empty, about: 'Jaipur jewellers' })).statusCode).toBe(200);
    expect((await publicFace(saving.slug)).about).toBe('Jaipur jewellers');
    expect((await publicFace(other.slug)).about).toBeNull();
  });

  it('refuses what the plan does not include, and hides it on the shop after a downgrade', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'FREE' });
    const refused = await put(v, v.id, { ...empty, about: 'Hello', whatsapp: '9876543210' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: SHOP_FACE_MESSAGES.notOnPlan('whatsapp', 'FREE'),
      issues: [{ path: 'whatsapp' }],
    });
    // A free shop cannot upload pictures at all.
    expect((await upload(v, v.id)).statusCode).toBe(403);
    expect((await put(v, v.id, { ...empty, about: 'Hello', contactPhone: '9876543210' })).statusCode).toBe(
      200,
    );

    const basic = await createVendor(t.app, t.db, { plan: 'BASIC' });
    expect((await put(basic, basic.id, { ...empty, whatsapp: '9876543210' })).statusCode).toBe(200);
    await t.db.update(users).set({ plan: 'FREE' }).where(eq(users.id, basic.id));
    await t.app.publicCache.invalidate(['shops']);
    // Still stored (an upgrade brings it back), not shown; saving it unchanged is allowed, so is clearing it.
    expect((await publicFace(basic.slug)).whatsapp).toBeNull();
    expect((await put(basic, basic.id, { ...empty, whatsapp: '9876543210', about: 'x' })).statusCode).toBe(
      200,
    );
    expect((await put(basic, basic.id, { ...empty, whatsapp: '9876543211' })).statusCode).toBe(403);
    expect((await put(basic, basic.id, empty)).statusCode).toBe(200);
  });

  it('refuses bad input with the field named, never a 500', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    for (const [body, path] of [
      [{ ...empty, whatsapp: '12345' }, 'whatsapp'],
      [{ ...empty, contactPhone: '5876543210' }, 'contactPhone'],
      [{ ...empty, about: 'x'.repeat(501) }, 'about'],
      [{ ...empty, about: '<script>alert(1)</script>' }, 'about'],
      [{ ...empty, logo: '../../etc/passwd' }, 'logo'],
      [{ ...empty, banner: 42 }, 'banner'],
      [{ ...empty, extra: 1 }, ''],
    ] as const) {
      const res = await put(v, v.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (path) expect(JSON.stringify(res.json()), path).toContain(path);
    }
    // A well-formed name the upload pipeline never stored.
    const unknown = await put(v, v.id, { ...empty, logo: `${'b'.repeat(32)}.webp` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: SHOP_FACE_MESSAGES.image, issues: [{ path: 'logo' }] });
    const notImage = multipart(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.svg',
      'image/svg+xml',
    );
    const svg = await t.app.inject({
      method: 'POST',
      url: `/api/user/${v.id}/shop-face/images`,
      headers: { ...v.headers, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(svg.statusCode).toBe(415);
  });

  it("refuses another vendor's face; an admin who manages vendors may change it", async () => {
    const a = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const b = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    for (const res of [
      await t.app.inject({ url: `/api/user/${a.id}/shop-face`, headers: b.headers }),
      await put(b, a.id, { ...empty, about: 'Hijacked' }),
      await upload(b, a.id),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: SHOP_FACE_OTHER_VENDOR });
    }
    expect((await publicFace(a.slug)).about).toBeNull();
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    expect((await put(viewer, a.id, { ...empty, about: 'No' })).statusCode).toBe(403);
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    expect((await put(admin, a.id, { ...empty, about: 'Fixed a typo' })).statusCode).toBe(200);
    expect((await publicFace(a.slug)).about).toBe('Fixed a typo');
    // An admin account has no shop face.
    expect((await put(admin, viewer.id, empty)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/${a.id}/shop-face` })).statusCode).toBe(401);
  });
});
