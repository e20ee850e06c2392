import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, type Actor } from '../../../test/factories';
import { subscriptions, users } from '../../db/schema';
import { createSubscriptionsService } from './subscriptions.service';
import type { AppContext } from '../../context';
import { capturedEvent, testContext, webhook } from '../../../test/payment-journey';
import { reconcilePayments } from '../payments';

describe('plan subscriptions', () => {
  let t: TestApp;
  let premium: { id: number; options: { id: number; durationInMonths: number; price: number }[] };
  let now = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    const admin = await createAdminUser(t.app, t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-plan',
      headers: admin.headers,
      payload: {
        plan: 'PREMIUM',
        features: ['Everything'],
        options: [
          { durationInMonths: 6, price: 2999 },
          { durationInMonths: 12, price: 4999 },
        ],
      },
    });
    premium = res.json();
  });
  afterAll(async () => t.close());

  const subscribe = (v: Actor, optionIndex = 0, vendorId = v.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/subscribe?vendorId=${vendorId}&vendorPlanId=${premium.id}&subscriptionOptionId=${premium.options[optionIndex]!.id}`,
      headers: v.headers,
    });
  const pay = async (orderId: string) =>
    (await t.app.inject({ method: 'POST', url: '/sandbox/pay', payload: { orderId } })).json();
  const verify = (v: Actor, subId: number, paymentId: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/verify-subscription-payment?subscriptionOrderId=${subId}&razorpayPaymentId=${paymentId}&razorpaySignature=${signature}`,
      headers: v.headers,
    });

  it('charges the server price of the option, activates once on a valid signature and moves the vendor to the plan', async () => {
    const v = await createVendor(t.app, t.db);
    const res = await subscribe(v);
    expect(res.statusCode, res.body).toBe(200);
    const { amount, razorpayOrderId, subscriptionOrderId } = res.json();
    expect(amount).toBe(2999);
    expect(razorpayOrderId).toMatch(/^order_/);
    const paid = await pay(razorpayOrderId);

    const tampered = await verify(v, subscriptionOrderId, paid.razorpay_payment_id, '0'.repeat(64));
    expect(tampered.statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('FREE');

    for (let i = 0; i < 3; i++) {
      const ok = await verify(v, subscriptionOrderId, paid.razorpay_payment_id, paid.razorpay_signature);
      expect(ok.json()).toEqual({ status: 'ACTIVE', plan: 'PREMIUM' });
    }
    const me = (await t.app.inject({ url: `/api/user/${v.id}`, headers: v.headers })).json();
    expect(me.plan).toBe('PREMIUM');
    expect(me.subscriptions).toHaveLength(1);
    expect(me.subscriptions[0]).toMatchObject({ active: true, endDate: '2027-05-22T10:00:00.000Z' });
  });

  it('refuses to replace a running paid plan with a lower one, for free or otherwise', async () => {
    const admin = await createAdminUser(t.app, t.db);
    const free = (
      await t.app.inject({
        method: 'POST',
        url: '/api/vendor-plan',
        headers: admin.headers,
        payload: { plan: 'FREE', features: ['Basics'], options: [{ durationInMonths: 12, price: 0 }] },
      })
    ).json();
    const v = await createVendor(t.app, t.db);
    const { razorpayOrderId, subscriptionOrderId } = (await subscribe(v)).json();
    const paid = await pay(razorpayOrderId);
    await verify(v, subscriptionOrderId, paid.razorpay_payment_id, paid.razorpay_signature);
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/subscribe?vendorId=${v.id}&vendorPlanId=${free.id}&subscriptionOptionId=${free.options[0].id}`,
      headers: v.headers,
    });
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toMatch(
      /^Your Premium plan is active until .+; choose the same or a higher plan\.$/,
    );
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('PREMIUM');
    expect((await subscribe(v, 1)).statusCode).toBe(200);
  });

  it('lets a vendor subscribe only for itself and never confirm another vendor’s subscription', async () => {
    const a = await createVendor(t.app, t.db);
    const b = await createVendor(t.app, t.db);
    expect((await subscribe(a, 0, b.id)).statusCode).toBe(403);
    const { razorpayOrderId, subscriptionOrderId } = (await subscribe(a)).json();
    const paid = await pay(razorpayOrderId);
    expect(
      (await verify(b, subscriptionOrderId, paid.razorpay_payment_id, paid.razorpay_signature)).statusCode,
    ).toBe(403);
    const admin = await createAdminUser(t.app, t.db);
    expect((await subscribe(admin, 0, admin.id)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/subscriptions/subscribe?vendorId=1&vendorPlanId=1&subscriptionOptionId=1',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/subscriptions/subscribe?vendorId=${a.id}&vendorPlanId=x`,
          headers: a.headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('activates through a signed payment.captured webhook when the browser never returns', async () => {
    const v = await createVendor(t.app, t.db);
    const { razorpayOrderId } = (await subscribe(v)).json();
    const paid = await pay(razorpayOrderId);
    const res = await webhook(
      t.app,
      t.config,
      capturedEvent(razorpayOrderId, paid.razorpay_payment_id),
      `evt_sub_${v.id}`,
    );
    expect(res.json()).toEqual({ status: 'subscription-activated' });
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('PREMIUM');
  });

  it('a subscription paid with a failed browser verification is activated by the reconciler, exactly once', async () => {
    const v = await createVendor(t.app, t.db);
    const { razorpayOrderId, subscriptionOrderId } = (await subscribe(v)).json();
    const paid = await pay(razorpayOrderId);
    expect((await verify(v, subscriptionOrderId, paid.razorpay_payment_id, 'f'.repeat(64))).statusCode).toBe(
      400,
    );
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('FREE');
    const ctx = testContext(t.db, t.config, () => now);
    expect((await reconcilePayments(ctx)).subscriptionsActivated).toBeGreaterThanOrEqual(1);
    expect((await reconcilePayments(ctx)).subscriptionsActivated).toBe(0);
    const late = await webhook(
      t.app,
      t.config,
      capturedEvent(razorpayOrderId, paid.razorpay_payment_id),
      `evt_late_${v.id}`,
    );
    expect(late.json()).toEqual({ status: 'subscription-activated' });
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.vendorId, v.id));
    expect(rows).toEqual([
      expect.objectContaining({ status: 'ACTIVE', paymentId: paid.razorpay_payment_id }),
    ]);
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('PREMIUM');
  });

  it('renewing the running plan extends its period instead of restarting it', async () => {
    const v = await createVendor(t.app, t.db);
    for (const option of [0, 1]) {
      const { razorpayOrderId, subscriptionOrderId } = (await subscribe(v, option)).json();
      const paid = await pay(razorpayOrderId);
      await verify(v, subscriptionOrderId, paid.razorpay_payment_id, paid.razorpay_signature);
    }
    const me = (await t.app.inject({ url: `/api/user/${v.id}`, headers: v.headers })).json();
    const active = me.subscriptions.filter((s: { active: boolean }) => s.active);
    // 6 months from 22 Nov 2026, then 12 more.
    expect(active).toEqual([expect.objectContaining({ endDate: '2028-05-22T10:00:00.000Z' })]);
  });

  it('settles by provider order and ends the plan when it expires', async () => {
    const v = await createVendor(t.app, t.db);
    const { razorpayOrderId } = (await subscribe(v, 1)).json();
    const paid = await pay(razorpayOrderId);
    // settleByProviderOrder and expireDue use only the database and the clock.
    const service = createSubscriptionsService({ db: t.db, now: () => now } as unknown as AppContext);
    expect(await service.settleByProviderOrder(razorpayOrderId, paid.razorpay_payment_id)).toBe(true);
    expect(await service.settleByProviderOrder('order_unknown', 'pay_x')).toBe(false);
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('PREMIUM');

    now = new Date('2027-12-01T00:00:00Z');
    expect(await service.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan).toBe('FREE');
    // Read as an admin signed in at the moved clock (the vendor's session has expired meanwhile).
    const admin = await createAdminUser(t.app, t.db);
    const profile = (await t.app.inject({ url: `/api/user/${v.id}`, headers: admin.headers })).json();
    expect(profile.subscriptions).toEqual([expect.objectContaining({ active: false })]);
  });

  it('a wall clock that jumps ahead and back does not end a running plan for good', async () => {
    const v = await createVendor(t.app, t.db);
    const { razorpayOrderId } = (await subscribe(v, 1)).json();
    const paid = await pay(razorpayOrderId);
    const service = createSubscriptionsService({ db: t.db, now: () => now } as unknown as AppContext);
    expect(await service.settleByProviderOrder(razorpayOrderId, paid.razorpay_payment_id)).toBe(true);
    const planOf = async () => (await t.db.select().from(users).where(eq(users.id, v.id)))[0]!.plan;
    // What the vendor's profile shows, read at the moved clock (a session would have expired meanwhile).
    const meActive = async () => {
      const admin = await createAdminUser(t.app, t.db);
      const res = await t.app.inject({ url: `/api/user/${v.id}`, headers: admin.headers });
      return (res.json() as { subscriptions: { active: boolean }[] }).subscriptions.map((s) => s.active);
    };
    const realNow = now;
    try {
      now = new Date(realNow.getTime() + 5 * 365 * 24 * 60 * 60_000);
      await service.expireDue();
      expect(await planOf()).toBe('FREE');
      expect(await meActive()).toEqual([false]);
    } finally {
      now = realNow;
    }
    await service.expireDue();
    expect(await planOf()).toBe('PREMIUM');
    expect(await meActive()).toEqual([true]);
  });
});
