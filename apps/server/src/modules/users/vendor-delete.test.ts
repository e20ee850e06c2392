import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, type Actor } from '../../../test/factories';
import { subscriptions, users, vendorPlans } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
});
afterAll(async () => t.close());

const remove = (id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: admin.headers });
const exists = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id))).length === 1;

describe('no orphaned business', () => {
  it('a vendor with a paid order (and its unpaid commission) cannot be deleted; the admin is told why and may deactivate', async () => {
    const vendor = await createVendor(t.app, t.db);
    const product = await createProduct(t.db, { stock: 2 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    await t.app.inject({ method: 'POST', url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)) });
    const res = await remove(vendor.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This vendor has orders and unpaid commission, so it cannot be deleted. Deactivate the vendor instead.',
    );
    expect(await exists(vendor.id)).toBe(true);
  });

  it('a vendor with an active paid subscription cannot be deleted', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const [plan] = await t.db.insert(vendorPlans).values({ plan: 'BASIC' }).onConflictDoNothing().returning();
    const planId =
      plan?.id ?? (await t.db.select().from(vendorPlans).where(eq(vendorPlans.plan, 'BASIC')))[0]!.id;
    await t.db.insert(subscriptions).values({
      vendorId: vendor.id,
      planId,
      plan: 'BASIC',
      durationMonths: 6,
      amountPaise: 99_900,
      status: 'ACTIVE',
      startDate: new Date(),
      endDate: new Date(Date.now() + 90 * 86_400_000),
    });
    const res = await remove(vendor.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('an active paid subscription');
  });

  it('a vendor without business is still deleted', async () => {
    const vendor = await createVendor(t.app, t.db);
    expect((await remove(vendor.id)).statusCode).toBeLessThan(300);
    expect(await exists(vendor.id)).toBe(false);
  });
});
