import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAZORPAYX_STUB, startRazorpayXStub } from '../../../test/razorpayx-stub';
import { PayoutProviderUnavailableError, type PayeeAccount } from '../../lib/payout-provider';
import { createRazorpayXPayoutProvider, razorpayXNarration } from './razorpayx-payout-provider';

const WEBHOOK_SECRET = 'whsec-0123456789abcdef';

describe('RazorpayX payout provider against a stub in their documented shapes', () => {
  let stub: Awaited<ReturnType<typeof startRazorpayXStub>>;
  let x: ReturnType<typeof createRazorpayXPayoutProvider>;
  beforeAll(async () => {
    stub = await startRazorpayXStub();
    x = createRazorpayXPayoutProvider({
      ...RAZORPAYX_STUB,
      accountNumber: '7878780080316316',
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: stub.baseUrl,
      timeoutMs: 2_000,
    });
  });
  afterAll(async () => stub.close());

  let seq = 0;
  const account = (accountNumber: string): PayeeAccount => ({
    payeeReference: String(++seq),
    holderName: 'Meera Iyer',
    accountNumber,
    ifsc: 'HDFC0001234',
    email: 'meera@example.in',
    phone: '9876543210',
  });
  const since = (n: number) => stub.requests.slice(n);

  it('creates a contact and a fund account, then validates the account by a penny drop', async () => {
    const before = stub.requests.length;
    const check = await x.verifyAccount('kyc-1', account('50100234567890'));
    expect(check).toMatchObject({ status: 'VERIFIED', registeredName: 'MEERA IYER' });
    const calls = since(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/contacts',
      'POST /v1/fund_accounts',
      'POST /v1/fund_accounts/validations',
    ]);
    expect(calls[0]!.body).toMatchObject({ name: 'Meera Iyer', type: 'vendor', contact: '9876543210' });
    expect(calls[1]!.body).toMatchObject({
      account_type: 'bank_account',
      bank_account: { name: 'Meera Iyer', ifsc: 'HDFC0001234', account_number: '50100234567890' },
    });
    expect(calls[2]!.body).toMatchObject({
      account_number: '7878780080316316',
      amount: 100,
      currency: 'INR',
    });
    // Asked again for the same reference: no second rupee.
    const again = await x.verifyAccount('kyc-1', account('50100234567890'));
    expect(again).toMatchObject({
      status: 'VERIFIED',
      providerRef: check.status === 'VERIFIED' ? check.providerRef : '',
    });
    expect(since(before).filter((r) => r.path === '/v1/fund_accounts/validations')).toHaveLength(1);
  });

  it('reports an invalid account as failed, and a validation still under way as pending until asked again', async () => {
    expect(await x.verifyAccount('kyc-2', account('50100234560000'))).toMatchObject({ status: 'FAILED' });
    const pending = await x.verifyAccount('kyc-3', account('50100234561111'));
    expect(pending.status).toBe('PENDING');
    if (pending.status !== 'PENDING') return;
    expect(await x.checkStatus(pending.providerRef)).toMatchObject({
      status: 'VERIFIED',
      registeredName: 'MEERA IYER',
    });
  });

  it('sends a payout with the mandatory idempotency header; a retry with the same reference makes no second payout', async () => {
    const request = {
      reference: 'payout-77',
      account: account('50100234567890'),
      amountPaise: 1_234_500,
      mode: 'IMPS' as const,
      narration: 'Zevar commission, Nov 2026 #77',
    };
    const before = stub.requests.length;
    const first = await x.createPayout(request);
    expect(first).toMatchObject({ status: 'PROCESSING', utr: null, failureReason: null });
    const call = since(before).find((r) => r.path === '/v1/payouts')!;
    expect(call.headers['x-payout-idempotency']).toBe('payout-77');
    expect(call.body).toMatchObject({
      account_number: '7878780080316316',
      amount: 1_234_500,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      reference_id: 'payout-77',
      narration: 'Zevar commission Nov 2026 77',
    });

    // The answer is lost (a 502), the caller retries: one payout at RazorpayX.
    stub.answerNext({ status: 502, body: { error: { code: 'SERVER_ERROR', description: 'Bad gateway' } } });
    await expect(x.createPayout(request)).rejects.toBeInstanceOf(PayoutProviderUnavailableError);
    const retried = await x.createPayout(request);
    expect(retried.providerPayoutId).toBe(first.providerPayoutId);
    expect([...stub.payouts.values()].filter((p) => p.reference_id === 'payout-77')).toHaveLength(1);

    stub.settle(first.providerPayoutId, 'processed');
    expect(await x.getPayout(first.providerPayoutId)).toMatchObject({
      status: 'PROCESSED',
      utr: 'HDFCN52024112600012345',
    });
  });

  it('turns timeouts, 429 and 5xx into PayoutProviderUnavailableError, other refusals into a clear error', async () => {
    stub.answerNext({ status: 200, body: {}, delayMs: 3_000 });
    await expect(x.getPayout('pout_x')).rejects.toBeInstanceOf(PayoutProviderUnavailableError);
    stub.answerNext({ status: 429, body: { error: { description: 'Too many requests' } } });
    await expect(x.getPayout('pout_x')).rejects.toBeInstanceOf(PayoutProviderUnavailableError);
    stub.answerNext({ status: 503, body: null });
    await expect(x.getPayout('pout_x')).rejects.toBeInstanceOf(PayoutProviderUnavailableError);
    const refused = await x.getPayout('pout_unknown').catch((e: unknown) => e);
    expect(refused).not.toBeInstanceOf(PayoutProviderUnavailableError);
    expect((refused as Error).message).toBe('RazorpayX refused the request: The id provided does not exist');
    const wrongKey = createRazorpayXPayoutProvider({
      keyId: 'rzp_test_other',
      keySecret: 'nope',
      accountNumber: '7878780080316316',
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: stub.baseUrl,
    });
    await expect(wrongKey.getPayout('pout_x')).rejects.toThrow(
      'RazorpayX refused the request: The api key provided is invalid',
    );
  });

  it('checks the webhook signature over the raw body and reads payout events', async () => {
    const created = await x.createPayout({
      reference: 'payout-78',
      account: account('50100234567890'),
      amountPaise: 50_000,
      mode: 'NEFT',
      narration: 'Zevar commission',
    });
    const entity = stub.settle(created.providerPayoutId, 'reversed');
    const event = {
      entity: 'event',
      account_id: 'acc_00000000000001',
      event: 'payout.reversed',
      contains: ['payout'],
      payload: { payout: { entity } },
      created_at: 1_764_150_000,
    };
    const raw = Buffer.from(JSON.stringify(event));
    const sig = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
    expect(x.verifyWebhook({ 'x-razorpay-signature': sig }, raw)).toBe(true);
    expect(x.verifyWebhook({ 'x-razorpay-signature': sig }, Buffer.from(`${raw.toString()} `))).toBe(false);
    expect(x.verifyWebhook({ 'x-razorpay-signature': 'ab' }, raw)).toBe(false);
    expect(x.verifyWebhook({}, raw)).toBe(false);
    expect(x.parseWebhook(event)).toEqual([
      {
        providerPayoutId: created.providerPayoutId,
        status: 'REVERSED',
        utr: 'HDFCN52024112600012345',
        failureReason: 'The beneficiary account is closed',
        eventId: `payout.reversed:${created.providerPayoutId}:1764150000`,
        reference: 'payout-78',
        at: new Date(1_764_150_000_000),
      },
    ]);
    for (const status of ['queued', 'initiated', 'processed', 'failed'] as const) {
      const [u] = x.parseWebhook({
        ...event,
        event: `payout.${status}`,
        payload: {
          payout: { entity: { ...entity, status: status === 'initiated' ? 'processing' : status } },
        },
      });
      expect(u?.status).toBe(
        { queued: 'QUEUED', initiated: 'PROCESSING', processed: 'PROCESSED', failed: 'FAILED' }[status],
      );
    }
    expect(x.parseWebhook({ event: 'payment.captured', payload: {} })).toEqual([]);
    expect(x.parseWebhook({ event: 'payout.processed', payload: { payout: {} } })).toEqual([]);
    expect(x.parseWebhook('nonsense')).toEqual([]);
  });

  it('keeps narrations to 30 letters, digits and spaces', () => {
    expect(razorpayXNarration('Zevar — commission (Nov-2026) for reseller #12')).toBe(
      'Zevar commission Nov 2026 for',
    );
  });
});
