import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MSG, STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor } from '../../../test/factories';
import { subscriptions } from '../../db/schema';

describe('vendor plans', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    headers = (await createAdminUser(t.app, t.db, ['SUPER_ADMIN'])).headers;
  });
  afterAll(async () => t.close());

  const basic = {
    plan: 'basic',
    features: ['  Up to 500 products ', '', '   ', 'Priority support'],
    options: [
      { durationInMonths: 12, price: 1799 },
      { durationInMonths: 6, price: 999, active: true },
    ],
  };

  it('creates a plan with trimmed features and options, lists it publicly with active options only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers, payload: basic });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({ plan: 'BASIC', features: ['Up to 500 products', 'Priority support'] });
    expect(
      plan.options.map((o: { durationInMonths: number; price: number }) => [o.durationInMonths, o.price]),
    ).toEqual([
      [6, 999],
      [12, 1799],
    ]);

    const dup = await t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers, payload: basic });
    expect(dup.statusCode).toBe(409);

    const sixMonths = plan.options[0];
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor-plan/${plan.id}`,
      headers,
      payload: {
        id: plan.id,
        plan: 'BASIC',
        features: ['Up to 800 products'],
        options: [{ ...sixMonths, price: 899 }],
        version: plan.version,
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().options).toEqual([
      { id: sixMonths.id, durationInMonths: 6, price: 899, active: true },
      expect.objectContaining({ durationInMonths: 12, active: false }),
    ]);
    const pub = await t.app.inject({ url: '/api/vendor-plan' });
    const publicBasic = pub.json().find((p: { plan: string }) => p.plan === 'BASIC');
    expect(publicBasic.options).toEqual([
      { id: sixMonths.id, durationInMonths: 6, price: 899, active: true },
    ]);

    const retype = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor-plan/${plan.id}`,
      headers,
      payload: { ...basic, plan: 'PREMIUM', version: plan.version + 1 },
    });
    expect(retype.statusCode).toBe(409);
  });

  it('refuses an edit made from an older version with 409 and the newer plan, and one without a version with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-plan',
      headers,
      payload: { ...basic, plan: 'FREE' },
    });
    const plan = res.json();
    expect(plan.version).toBe(1);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/vendor-plan/${plan.id}`, headers, payload });
    const [six, twelve] = plan.options;
    // Admins A and B opened the plan at version 1; A raises the 12-month price first.
    const a = await put({
      plan: 'FREE',
      features: plan.features,
      options: [six, { ...twelve, price: 2499 }],
      version: 1,
    });
    expect(a.json()).toMatchObject({ version: 2 });
    const b = await put({ plan: 'FREE', features: ['B only'], options: [six, twelve], version: 1 });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id: plan.id, features: plan.features, version: 2 },
    });
    expect(b.json().current.options).toContainEqual(expect.objectContaining({ id: twelve.id, price: 2499 }));
    const now = (await t.app.inject({ url: '/api/vendor-plan/admin', headers })).json();
    const stored = now.find((p: { id: number }) => p.id === plan.id);
    expect(stored.features).toEqual(plan.features);
    expect(stored.options).toContainEqual(expect.objectContaining({ id: twelve.id, price: 2499 }));
    expect((await put({ plan: 'FREE', features: ['x'], options: [six] })).statusCode).toBe(400);
  });

  const { plan: _omitted, ...withoutPlan } = basic;
  it.each([
    [withoutPlan, PLAN_MSG.selectType],
    [{ ...basic, plan: null }, PLAN_MSG.selectType],
    [{ ...basic, plan: '  ' }, PLAN_MSG.selectType],
    [{ ...basic, plan: '' }, PLAN_MSG.selectType],
    [{ ...basic, plan: 'PLATINUM' }, 'Invalid plan'],
    [{ ...basic, features: [' ', ''] }, PLAN_MSG.feature],
    [{ ...basic, options: [] }, PLAN_MSG.option],
    [{ ...basic, options: [{ durationInMonths: 0, price: 10 }] }, PLAN_MSG.optionFields],
    [{ ...basic, options: [{ durationInMonths: 3, price: -1 }] }, PLAN_MSG.optionFields],
    [{ ...basic, options: [{ durationInMonths: 3, price: 99.999 }] }, PLAN_MSG.optionFields],
    [{ ...basic, options: [{ durationInMonths: 3, price: 'free' }] }, PLAN_MSG.optionFields],
  ])('rejects an invalid plan with the spec message (%#)', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
  });

  it('answers every malformed plan body with 400 in the error shape, never 500', async () => {
    const { plan: created } = await ensurePlan('FREE');
    const field = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer())),
    );
    const option = fc.oneof(
      field,
      fc.record({ durationInMonths: field, price: field, active: field, id: field }, { requiredKeys: [] }),
    );
    const body = fc.oneof(
      field,
      fc.record(
        { plan: field, features: field, options: fc.oneof(field, fc.array(option, { maxLength: 3 })) },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, asUpdate) => {
        const res = await t.app.inject({
          method: asUpdate ? 'PUT' : 'POST',
          url: asUpdate ? `/api/vendor-plan/${created.id}` : '/api/vendor-plan',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload ?? null),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ code: expect.any(String) });
      }),
      { numRuns: 60 },
    );
  });

  /** The plan of a type, created when this file has none yet. */
  async function ensurePlan(type: string): Promise<{ plan: { id: number; version: number } }> {
    const list = (await t.app.inject({ url: '/api/vendor-plan/admin', headers })).json();
    const found = list.find((p: { plan: string }) => p.plan === type);
    if (found) return { plan: found };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-plan',
      headers,
      payload: { ...basic, plan: type },
    });
    return { plan: res.json() };
  }

  it('refuses a second plan of one type with 409, also when both are created at once', async () => {
    const payload = { ...basic, plan: 'premium' };
    const codes = await Promise.all(
      [payload, { ...payload, plan: ' Premium ' }].map((p) =>
        t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers, payload: p }),
      ),
    );
    const statuses = codes.map((r) => r.statusCode).sort();
    // Another test in this file may have made a PREMIUM plan already: then both are refused.
    expect([
      [201, 409],
      [409, 409],
    ]).toContainEqual(statuses);
    const refused = codes.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: 'A plan of this type already exists' });
    const list = (await t.app.inject({ url: '/api/vendor-plan/admin', headers })).json();
    const premium = list.filter((p: { plan: string }) => p.plan === 'PREMIUM');
    expect(premium).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/vendor-plan/${premium[0].id}`, headers });
  });

  it('refuses two active options of one duration in a plan with 409, keeps an inactive one', async () => {
    const twice = {
      ...basic,
      plan: 'STANDARD',
      options: [
        { durationInMonths: 6, price: 999 },
        { durationInMonths: 6, price: 1 },
      ],
    };
    const { plan } = await ensurePlan('FREE');
    const created = await t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers, payload: twice });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(
      'A plan can have only one active 6-month option; deactivate or change the other one',
    );

    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor-plan/${plan.id}`,
      headers,
      payload: { plan: 'FREE', features: ['x'], options: twice.options, version: plan.version },
    });
    expect(upd.statusCode).toBe(409);
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor-plan/${plan.id}`,
      headers,
      payload: {
        plan: 'FREE',
        features: ['x'],
        options: [twice.options[0], { ...twice.options[1], active: false }],
        version: plan.version,
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().options.filter((o: { active: boolean }) => o.active)).toHaveLength(1);
  });

  it('refuses to delete a plan that has subscriptions, deletes one that has none', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-plan',
      headers,
      payload: { ...basic, plan: 'STANDARD' },
    });
    const plan = created.json();
    const v = await createVendor(t.app, t.db);
    await t.db
      .insert(subscriptions)
      .values({ vendorId: v.id, planId: plan.id, plan: 'STANDARD', durationMonths: 6, amountPaise: 99_900 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/vendor-plan/${plan.id}`, headers })).statusCode,
    ).toBe(409);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/vendor-plan',
        headers,
        payload: { ...basic, plan: 'PREMIUM' },
      })
    ).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/vendor-plan/${other.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/vendor-plan/${other.id}` })).statusCode).toBe(404);
  });

  it('lets only a super admin manage plans', async () => {
    const v = await createVendor(t.app, t.db);
    const mgr = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS', 'MANAGE_USERS', 'MANAGE_PRODUCTS']);
    for (const h of [undefined, v.headers, mgr.headers]) {
      const expected = h ? 403 : 401;
      expect((await t.app.inject({ url: '/api/vendor-plan/admin', headers: h })).statusCode).toBe(expected);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/vendor-plan', headers: h, payload: basic }))
          .statusCode,
      ).toBe(expected);
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/vendor-plan/1', headers: h })).statusCode,
      ).toBe(expected);
    }
    expect((await t.app.inject({ url: '/api/vendor-plan' })).statusCode).toBe(200);
    const viaUser = await t.app.inject({ url: '/api/user/plans' });
    expect(viaUser.statusCode).toBe(200);
    expect(viaUser.json()).toEqual((await t.app.inject({ url: '/api/vendor-plan' })).json());
  });
});
