import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createVendor } from '../../../test/factories';
import { deliver, earn } from '../../../test/settlement-fixtures';
import { vendorBankChanges } from '../../db/schema';

/** Issue 20 item 5: a vendor's changed bank account is recorded and holds payouts until confirmed. */
describe('bank account changes hold payouts', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(async () => t.close());

  const profile = (id: number, accountNumber: string, version = 1) => ({
    version,
    email: `bank-${id}@example.in`,
    bussinessName: 'Kaveri Gold House',
    description: 'Gold and diamond jewellery from Bengaluru since 1982.',
    contact: {
      phone: '9845012345',
      addressLine1: '5 Commercial Street',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
    bankDetails: {
      accountHolderName: 'Kaveri Gold House',
      accountNumber,
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
    },
  });

  /** Earned 40 days ago and delivered 30 days ago: released from the hold (issue 24). */
  async function earned(vendorId: number) {
    const e = await earn(t.db, vendorId, 10_000, new Date(clock - 40 * 86_400_000));
    await deliver(t.db, e.orderId, new Date(clock - 30 * 86_400_000));
  }

  it('records who changed the account and when, refuses payouts until an admin confirms and the cooling-off ends', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const v = await createVendor(t.app, t.db, {
      plan: 'BASIC',
      bankName: 'HDFC Bank',
      accountNumber: '123456789012',
      ifscCode: 'HDFC0001234',
      accountHolderName: 'Kaveri Gold House',
    });
    await approveKyc(t.db, v.id);
    await earned(v.id);
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/vendor-payouts',
        headers: admin.headers,
        payload: { vendorId: v.id },
      });
    const preview = async () =>
      (
        await t.app.inject({ url: `/api/vendor-payouts/vendor/${v.id}/preview`, headers: admin.headers })
      ).json();
    const confirm = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/user/${v.id}/confirm-bank`, headers });

    // Saving the same account again is no change.
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${v.id}`,
      headers: v.headers,
      payload: profile(v.id, '123456789012'),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await preview()).toMatchObject({ eligible: true, bankChangedAt: null, bankConfirmed: true });

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${v.id}`,
      headers: v.headers,
      payload: profile(v.id, '999988887777', 2),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const log = await t.db.select().from(vendorBankChanges).where(eq(vendorBankChanges.vendorId, v.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      changedBy: v.id,
      oldAccount: '••••9012 HDFC0001234',
      newAccount: '••••7777 HDFC0001234',
      confirmedAt: null,
    });
    expect(log[0]!.changedAt.getTime()).toBe(clock);

    const held = await preview();
    expect(held).toMatchObject({ eligible: false, bankConfirmed: false });
    expect(held.reason).toMatch(/^Bank account changed on .*: an admin must confirm it before a payout$/);
    const refused = await pay();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(held.reason);

    expect((await confirm(viewer.headers)).statusCode).toBe(403);
    expect((await confirm(admin.headers)).statusCode).toBe(204);
    const [row] = await t.db.select().from(vendorBankChanges).where(eq(vendorBankChanges.vendorId, v.id));
    expect(row!.confirmedBy).toBe(admin.id);

    // Confirmed, but inside the 24-hour cooling-off period: still refused.
    const cooling = await pay();
    expect(cooling.statusCode).toBe(409);
    expect(cooling.json().message).toMatch(/^Bank account changed on .*: payouts wait until /);
    expect(await preview()).toMatchObject({ eligible: false, bankConfirmed: true });

    // The new account also needs its KYC again (penny drop and approval, modules/kyc).
    await approveKyc(t.db, v.id);
    clock += 24 * 3_600_000 + 1;
    const later = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']); // yesterday's sign-in has expired
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-payouts',
      headers: later.headers,
      payload: { vendorId: v.id },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().bankDetails).toMatchObject({ accountNumber: '999988887777' });
  });

  it('asks for the password again before confirming when the sign-in is old', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db, { accountNumber: '123456789012', ifscCode: 'HDFC0001234' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${v.id}`,
      headers: v.headers,
      payload: profile(v.id, '555566667777'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    clock += 6 * 60_000;
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/user/${v.id}/confirm-bank`,
      headers: admin.headers,
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
  });
});
