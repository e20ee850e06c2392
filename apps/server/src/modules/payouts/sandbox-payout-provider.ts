import { createHash } from 'node:crypto';
import type { AccountCheck, PayoutProvider, PayoutState, PayoutStatus } from '../../lib/payout-provider';

/**
 * The offline payout provider (default): checks and pays nothing for real, and keeps no state, so
 * a restart answers as before. Test triggers (README, decision 0049):
 * - an account number ending in 0000 fails the penny drop (a closed account);
 * - one ending in 1111 answers PENDING, and VERIFIED when asked again (`checkStatus`);
 * - one ending in 2222 is held by the bank under another name (the admin sees a name mismatch);
 * - an amount ending in 13 paise fails the payout; one ending in 17 paise is processed and then
 *   reversed by the bank (`getPayout` answers REVERSED);
 * - any other payout is processed at once with a UTR derived from it. The same reference always
 *   answers the same payout.
 */
export const SANDBOX_PAYOUT_TEXT = {
  closed: 'The bank says this account is closed',
  failed: 'The beneficiary bank rejected the payout (sandbox: amount ending in 13 paise)',
  reversed: 'The beneficiary bank returned the payout (sandbox: amount ending in 17 paise)',
  unknown: 'No such payout in the sandbox',
} as const;

const OUTCOMES = { p: 'PROCESSED', f: 'FAILED', r: 'REVERSED' } as const;

export function createSandboxPayoutProvider(): PayoutProvider {
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');

  /** The payout's state from its id alone: `pout_sbx_<hash>_<outcome>`. */
  function stateOf(providerPayoutId: string, asked: boolean): PayoutState {
    const m = /^pout_sbx_[0-9a-f]{14}_([pfr])$/.exec(providerPayoutId);
    if (!m)
      return { providerPayoutId, status: 'FAILED', utr: null, failureReason: SANDBOX_PAYOUT_TEXT.unknown };
    const outcome = m[1] as keyof typeof OUTCOMES;
    const status: PayoutStatus = outcome === 'r' && !asked ? 'PROCESSED' : OUTCOMES[outcome];
    return {
      providerPayoutId,
      status,
      utr: outcome === 'f' ? null : `SBXN${digest(`utr:${providerPayoutId}`).slice(0, 12).toUpperCase()}`,
      failureReason:
        status === 'FAILED'
          ? SANDBOX_PAYOUT_TEXT.failed
          : status === 'REVERSED'
            ? SANDBOX_PAYOUT_TEXT.reversed
            : null,
    };
  }

  return {
    mode: 'sandbox',
    async verifyAccount(reference, account): Promise<AccountCheck> {
      const n = account.accountNumber;
      const providerRef = `fav_sbx_${digest(`${reference}:${n}:${account.ifsc}`).slice(0, 14)}${n.endsWith('1111') ? '_w' : ''}`;
      if (n.endsWith('0000')) return { status: 'FAILED', providerRef, reason: SANDBOX_PAYOUT_TEXT.closed };
      if (n.endsWith('1111')) return { status: 'PENDING', providerRef };
      const registeredName = n.endsWith('2222') ? 'RAMESH KUMAR' : account.holderName.toUpperCase();
      return { status: 'VERIFIED', providerRef, registeredName };
    },
    async checkStatus(providerRef) {
      return { status: 'VERIFIED', providerRef, registeredName: null };
    },
    async createPayout(request) {
      const paise = request.amountPaise % 100;
      const outcome = paise === 13 ? 'f' : paise === 17 ? 'r' : 'p';
      return stateOf(`pout_sbx_${digest(request.reference).slice(0, 14)}_${outcome}`, false);
    },
    async getPayout(providerPayoutId) {
      return stateOf(providerPayoutId, true);
    },
    verifyWebhook: () => false,
    parseWebhook: () => [],
  };
}
