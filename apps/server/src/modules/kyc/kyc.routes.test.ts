import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, type Actor } from '../../../test/factories';
import { auditLog, users, vendorBankChanges } from '../../db/schema';
import { createSandboxPayoutProvider } from '../payouts';
import { PayoutProviderUnavailableError, type PayoutProvider } from '../../lib/payout-provider';
import { payeeFor, payoutRulesOf, PAYEE_TEXT } from '.';

/** Issue 24 item 3: a reseller's KYC, its penny drop, the admin's review and whom payouts go to. */
describe('reseller KYC', () => {
  let t: TestApp;
  let clock = Date.now();
  let providerDown = false;
  const sandbox = createSandboxPayoutProvider();
  const provider: PayoutProvider = {
    ...sandbox,
    verifyAccount: async (ref, account) => {
      if (providerDown) throw new PayoutProviderUnavailableError();
      return sandbox.verifyAccount(ref, account);
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock), payoutProvider: provider });
  });
  afterAll(async () => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    pan: 'abcpe1234f',
    legalName: 'Meera Iyer',
    gstin: '',
    accountHolderName: 'Meera Iyer',
    accountNumber: '50100234567890',
    confirmAccountNumber: '50100234567890',
    ifsc: 'hdfc0001234',
    ...over,
  });
  const account = (n: string) => ({ accountNumber: n, confirmAccountNumber: n });
  const submit = (v: Actor, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/kyc/me', headers: v.headers, payload: body });
  const decide = (admin: Actor, vendorId: number, what: 'approve' | 'reject' | 'verify', payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/kyc/vendor/${vendorId}/${what}`,
      headers: admin.headers,
      payload,
    });
  const rules = () => payoutRulesOf({ now: () => new Date(clock), config: t.config });

  it('checks the account by a penny drop, waits for an admin, then names the payee', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    expect((await t.app.inject({ url: '/api/kyc/me', headers: v.headers })).json()).toEqual({ kyc: null });
    expect(await payeeFor(t.db, v.id, rules())).toEqual({ ready: false, reason: PAYEE_TEXT.noKyc });

    const res = await submit(v, form());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      pan: 'ABCPE1234F',
      panHolderType: 'Individual',
      gstin: null,
      accountNumber: '••••7890',
      ifsc: 'HDFC0001234',
      bankName: 'HDFC Bank',
      check: { status: 'VERIFIED', registeredName: 'MEERA IYER', nameMatch: 1, reason: null },
      bankChangedSinceKyc: false,
    });
    expect(await payeeFor(t.db, v.id, rules())).toEqual({
      ready: false,
      reason: PAYEE_TEXT.awaitingApproval,
    });

    // The vendor's payout account is the one KYC checked; the audit keeps it masked.
    const [row] = await t.db.select().from(users).where(eq(users.id, v.id));
    expect(row).toMatchObject({
      accountNumber: '50100234567890',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'kyc'),
          eq(auditLog.entityId, String(v.id)),
          eq(auditLog.action, 'kyc-submit'),
        ),
      );
    expect(JSON.stringify(audit)).not.toContain('50100234567890');
    expect(audit!.after).toMatchObject({ accountNumber: '••••7890', pan: '••••234F' });

    const listed = await t.app.inject({ url: '/api/kyc?status=AWAITING_APPROVAL', headers: admin.headers });
    expect(listed.json().map((k: { vendorId: number }) => k.vendorId)).toContain(v.id);

    const approved = await decide(admin, v.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      reviewedBy: expect.any(String),
    });
    expect(await payeeFor(t.db, v.id, rules())).toEqual({
      ready: true,
      account: {
        payeeReference: String(v.id),
        holderName: 'Meera Iyer',
        accountNumber: '50100234567890',
        ifsc: 'HDFC0001234',
        email: expect.any(String),
        phone: '9876543210',
      },
      legalName: 'Meera Iyer',
      pan: 'ABCPE1234F',
      panStatus: 'VALID',
      gstin: null,
    });
    expect((await decide(admin, v.id, 'approve')).statusCode).toBe(409);
  });

  it('a failed penny drop cannot be approved; the reseller corrects the account', async () => {
    const v = await createVendor(t.app, t.db);
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const failed = await submit(v, form(account('50100234560000')));
    expect(failed.json()).toMatchObject({
      status: 'VERIFICATION_FAILED',
      check: { status: 'FAILED', reason: 'The bank says this account is closed' },
    });
    expect((await decide(admin, v.id, 'approve')).statusCode).toBe(409);
    expect(await payeeFor(t.db, v.id, rules())).toEqual({
      ready: false,
      reason: PAYEE_TEXT.verificationFailed,
    });
    const fixed = await submit(v, form());
    expect(fixed.json()).toMatchObject({ status: 'AWAITING_APPROVAL', check: { status: 'VERIFIED' } });
  });

  it('shows the admin a name the bank holds that does not match', async () => {
    const v = await createVendor(t.app, t.db);
    const res = await submit(v, form(account('50100234562222')));
    expect(res.json()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      check: { status: 'VERIFIED', registeredName: 'RAMESH KUMAR', nameMatch: 0 },
    });
    expect(res.json().check.reason).toMatch(/differs/);
  });

  it('a check that answers later, or a provider that cannot be reached, is asked again by an admin', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const v = await createVendor(t.app, t.db);
    expect((await submit(v, form(account('50100234561111')))).json()).toMatchObject({
      status: 'PENDING_VERIFICATION',
      check: { status: 'PENDING' },
    });
    expect((await decide(admin, v.id, 'verify')).json()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      check: { status: 'VERIFIED' },
    });

    const w = await createVendor(t.app, t.db);
    providerDown = true;
    const down = await submit(w, form());
    providerDown = false;
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ status: 'PENDING_VERIFICATION', check: { status: 'UNAVAILABLE' } });
    expect(await payeeFor(t.db, w.id, rules())).toEqual({
      ready: false,
      reason: PAYEE_TEXT.pendingVerification,
    });
    expect((await decide(admin, w.id, 'verify')).json()).toMatchObject({ status: 'AWAITING_APPROVAL' });
  });

  it('refuses malformed input with 400, never a 500, and an IFSC the directory does not know', async () => {
    const v = await createVendor(t.app, t.db);
    for (const body of [
      form({ pan: 'ABCDE1234' }),
      form({ pan: 'ABCXE1234F' }),
      form({ ifsc: 'HDFC1001234' }),
      form({ confirmAccountNumber: '50100234567891' }),
      form({ gstin: '27AAPFU0939F1ZV' }),
      { pan: 42, legalName: ['x'] },
      'not json at all',
    ]) {
      const res = await submit(v, body as Record<string, unknown>);
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
    }
    const unknown = await submit(v, form({ ifsc: 'HDFC0ZZZZZZ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: 'ifsc', message: 'This IFSC is not in the bank directory' },
    ]);
    const lookup = await t.app.inject({ url: '/api/kyc/ifsc/sbin0005943', headers: v.headers });
    expect(lookup.json()).toEqual({ ifsc: 'SBIN0005943', bankCode: 'SBIN', bankName: 'State Bank of India' });
    expect((await t.app.inject({ url: '/api/kyc/ifsc/HDFC0ZZZZZZ', headers: v.headers })).statusCode).toBe(
      404,
    );
  });

  it('a GSTIN carrying the same PAN is kept', async () => {
    const v = await createVendor(t.app, t.db);
    const res = await submit(
      v,
      form({ pan: 'AAPFU0939F', gstin: '27aapfu0939f1zv', legalName: 'Kaveri Gold House LLP' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gstin: '27AAPFU0939F1ZV', panHolderType: 'Firm or LLP' });
  });

  it('a new bank account is checked again and holds payouts until an admin approves it and the cooling-off ends', async () => {
    const v = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    await submit(v, form());
    expect((await decide(admin, v.id, 'approve')).statusCode).toBe(200);
    expect((await payeeFor(t.db, v.id, rules())).ready).toBe(true);

    clock += 60_000;
    const changed = await submit(v, form({ ...account('60200345678901'), ifsc: 'SBIN0005943' }));
    expect(changed.json()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      bankName: 'State Bank of India',
      check: { status: 'VERIFIED' },
    });
    const log = await t.db.select().from(vendorBankChanges).where(eq(vendorBankChanges.vendorId, v.id));
    expect(log).toMatchObject([
      {
        oldAccount: '••••7890 HDFC0001234',
        newAccount: '••••8901 SBIN0005943',
        confirmedAt: null,
        changedBy: v.id,
      },
    ]);
    expect(await payeeFor(t.db, v.id, rules())).toEqual({
      ready: false,
      reason: PAYEE_TEXT.awaitingApproval,
    });
    const preview = await t.app.inject({
      url: `/api/vendor-payouts/vendor/${v.id}/preview`,
      headers: admin.headers,
    });
    expect(preview.json()).toMatchObject({ eligible: false, bankConfirmed: false });

    // Approving is the admin's confirmation of the new account (and needs a fresh password proof).
    clock += 6 * 60_000;
    const stale = await decide(admin, v.id, 'approve');
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
    const fresh = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    expect((await decide(fresh, v.id, 'approve')).statusCode).toBe(200);
    const [confirmed] = await t.db
      .select()
      .from(vendorBankChanges)
      .where(eq(vendorBankChanges.vendorId, v.id));
    expect(confirmed!.confirmedBy).toBe(fresh.id);
    const cooling = await payeeFor(t.db, v.id, rules());
    expect(cooling.ready).toBe(false);
    expect(cooling.ready === false && cooling.reason).toMatch(
      /^Bank account changed on .*: payouts wait until /,
    );

    clock += 24 * 3_600_000;
    const payee = await payeeFor(t.db, v.id, rules());
    expect(payee.ready && payee.account).toMatchObject({
      accountNumber: '60200345678901',
      ifsc: 'SBIN0005943',
    });
  });

  it('a bank account changed in the profile after approval stops payouts until KYC checks it again', async () => {
    const v = await createVendor(t.app, t.db);
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    await submit(v, form());
    await decide(admin, v.id, 'approve');
    await t.db
      .update(users)
      .set({ accountNumber: '70300456789012', bankChangedAt: new Date(clock) })
      .where(eq(users.id, v.id));
    expect(await payeeFor(t.db, v.id, rules())).toEqual({ ready: false, reason: PAYEE_TEXT.bankChanged });
    const mine = (await t.app.inject({ url: '/api/kyc/me', headers: v.headers })).json();
    expect(mine.kyc).toMatchObject({ status: 'APPROVED', bankChangedSinceKyc: true });
  });

  it('an admin rejects with a reason the reseller sees; only MANAGE_VENDORS decides', async () => {
    const v = await createVendor(t.app, t.db);
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    await submit(v, form());
    expect((await decide(viewer, v.id, 'reject', { reason: 'Unreadable' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/kyc/vendor/${v.id}`, headers: viewer.headers })).statusCode).toBe(
      200,
    );
    expect((await decide(admin, v.id, 'reject', { reason: '' })).statusCode).toBe(400);
    const rejected = await decide(admin, v.id, 'reject', { reason: 'The legal name does not match the PAN' });
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The legal name does not match the PAN',
    });
    expect((await t.app.inject({ url: '/api/kyc/me', headers: v.headers })).json().kyc).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'The legal name does not match the PAN',
    });
    expect(await payeeFor(t.db, v.id, rules())).toEqual({ ready: false, reason: PAYEE_TEXT.rejected });
    // Submitting again starts a new review.
    expect((await submit(v, form())).json()).toMatchObject({
      status: 'AWAITING_APPROVAL',
      rejectionReason: null,
    });
  });
});
