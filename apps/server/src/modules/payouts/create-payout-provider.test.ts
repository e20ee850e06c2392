import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app';
import { createPayoutProvider } from './create-payout-provider';
import type { PayeeAccount } from '../../lib/payout-provider';
import { SANDBOX_PAYOUT_TEXT } from './sandbox-payout-provider';

const account = (accountNumber: string): PayeeAccount => ({
  payeeReference: '7',
  holderName: 'Meera Iyer',
  accountNumber,
  ifsc: 'HDFC0001234',
});
const payout = (reference: string, amountPaise: number) => ({
  reference,
  account: account('50100234567890'),
  amountPaise,
  mode: 'IMPS' as const,
  narration: 'Zevar commission',
});

describe('payout provider chosen by PAYOUTS', () => {
  it('builds the sandbox by default, RazorpayX or manual transfer when asked', () => {
    expect(createPayoutProvider(testConfig()).mode).toBe('sandbox');
    expect(createPayoutProvider(testConfig({ PAYOUTS: 'manual' })).mode).toBe('manual');
    const x = createPayoutProvider(
      testConfig({
        PAYOUTS: 'razorpayx',
        RAZORPAYX_KEY_ID: 'rzp_test_k',
        RAZORPAYX_KEY_SECRET: 's',
        RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
        RAZORPAYX_WEBHOOK_SECRET: 'a-long-webhook-secret-0123',
      }),
    );
    expect(x.mode).toBe('razorpayx');
  });
});

describe('sandbox test triggers', () => {
  const sandbox = createPayoutProvider(testConfig());

  it('penny drop: 0000 fails, 1111 answers later, 2222 is held under another name, others verify', async () => {
    expect(await sandbox.verifyAccount('r1', account('50100234560000'))).toMatchObject({
      status: 'FAILED',
      reason: SANDBOX_PAYOUT_TEXT.closed,
    });
    const later = await sandbox.verifyAccount('r2', account('50100234561111'));
    expect(later.status).toBe('PENDING');
    if (later.status === 'PENDING')
      expect((await sandbox.checkStatus(later.providerRef)).status).toBe('VERIFIED');
    expect(await sandbox.verifyAccount('r3', account('50100234562222'))).toMatchObject({
      status: 'VERIFIED',
      registeredName: 'RAMESH KUMAR',
    });
    expect(await sandbox.verifyAccount('r4', account('50100234567890'))).toMatchObject({
      status: 'VERIFIED',
      registeredName: 'MEERA IYER',
    });
  });

  it('payouts: 13 paise fails, 17 paise is reversed when asked again, the same reference is the same payout, restarts forget nothing', async () => {
    const ok = await sandbox.createPayout(payout('p1', 100_000));
    expect(ok).toMatchObject({ status: 'PROCESSED', failureReason: null });
    expect(ok.utr).toMatch(/^SBXN[0-9A-F]{12}$/);
    expect(await sandbox.createPayout(payout('p1', 100_000))).toEqual(ok);
    const restarted = createPayoutProvider(testConfig());
    expect(await restarted.getPayout(ok.providerPayoutId)).toEqual(ok);

    expect(await sandbox.createPayout(payout('p2', 100_013))).toMatchObject({
      status: 'FAILED',
      utr: null,
      failureReason: SANDBOX_PAYOUT_TEXT.failed,
    });
    const reversed = await sandbox.createPayout(payout('p3', 100_017));
    expect(reversed.status).toBe('PROCESSED');
    expect(await sandbox.getPayout(reversed.providerPayoutId)).toMatchObject({
      status: 'REVERSED',
      failureReason: SANDBOX_PAYOUT_TEXT.reversed,
    });
    expect((await sandbox.getPayout('pout_unknown')).status).toBe('FAILED');
    expect(sandbox.verifyWebhook({}, Buffer.from('{}'))).toBe(false);
  });
});

describe('manual transfer', () => {
  const manual = createPayoutProvider(testConfig({ PAYOUTS: 'manual' }));
  it('cannot drop a penny and leaves every payout queued for the admin to record the UTR', async () => {
    expect(await manual.verifyAccount('r', account('50100234567890'))).toEqual({ status: 'UNSUPPORTED' });
    const p = await manual.createPayout(payout('p9', 5_000));
    expect(p).toEqual({ providerPayoutId: 'manual_p9', status: 'QUEUED', utr: null, failureReason: null });
    expect(await manual.getPayout('manual_p9')).toEqual(p);
    expect(manual.parseWebhook({ event: 'payout.processed' })).toEqual([]);
  });
});
