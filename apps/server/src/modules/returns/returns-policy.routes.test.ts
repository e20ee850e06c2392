import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createCategory, type Actor } from '../../../test/factories';

describe('returns policy', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
  });
  afterAll(async () => t.close());

  const put = (body: object, who: Actor = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/returns-policy', headers: who.headers, payload: body });
  const publicView = async () => (await t.app.inject({ url: '/api/returns-policy' })).json();

  it('is the specification’s "no returns" until an admin saves one; saves are versioned (409 with the newer policy on a stale save)', async () => {
    expect(await publicView()).toEqual({ policy: { kind: 'NONE' }, excludedCategories: [] });
    const start = await t.app.inject({ url: '/api/returns-policy/admin', headers: admin.headers });
    expect(start.json()).toMatchObject({ policy: { kind: 'NONE' }, version: 1, updatedBy: null });

    const rings = await createCategory(t.db, { name: 'Bridal Rings' });
    const window = { kind: 'WINDOW', days: 15, maxValue: 75_000, excludedCategoryIds: [rings.id] };
    const saved = await put({ policy: window, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ policy: window, version: 2, updatedBy: admin.username });

    // Another admin's edit from version 1 is refused and shown what is there now.
    const stale = await put({ policy: { kind: 'NONE' }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: STALE_EDIT_MESSAGE,
      current: { version: 2, policy: window },
    });

    expect(await publicView()).toEqual({ policy: window, excludedCategories: ['Bridal Rings'] });

    const back = await put({ policy: { kind: 'NONE' }, version: 2 });
    expect(back.json()).toMatchObject({ policy: { kind: 'NONE' }, version: 3 });
    expect(await publicView()).toEqual({ policy: { kind: 'NONE' }, excludedCategories: [] });
  });

  it('two saves from the same version: exactly one wins', async () => {
    const { version } = (
      await t.app.inject({ url: '/api/returns-policy/admin', headers: admin.headers })
    ).json();
    const results = await Promise.all([
      put({ policy: { kind: 'WINDOW', days: 7, maxValue: null, excludedCategoryIds: [] }, version }),
      put({ policy: { kind: 'WINDOW', days: 30, maxValue: null, excludedCategoryIds: [] }, version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses malformed policies (400) and unknown categories; only a super admin edits it', async () => {
    const { version } = (
      await t.app.inject({ url: '/api/returns-policy/admin', headers: admin.headers })
    ).json();
    for (const policy of [
      { kind: 'WINDOW', days: 0, maxValue: null, excludedCategoryIds: [] },
      { kind: 'WINDOW', days: 10, maxValue: -5, excludedCategoryIds: [] },
      { kind: 'SOMETIMES' },
      { kind: 'WINDOW', days: 10, maxValue: null, excludedCategoryIds: [2_000_000_000] },
    ])
      expect((await put({ policy, version })).statusCode, JSON.stringify(policy)).toBe(400);
    const manager = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    expect((await put({ policy: { kind: 'NONE' }, version }, manager)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/returns-policy', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
