import { createHash } from 'node:crypto';
import type { AccountCheck, PayoutProvider, PayoutState } from './payout-provider';

/**
 * The offline payout provider (default): checks and pays nothing for real. A penny drop verifies
 * any account except one whose number ends in 0000 (a closed account, for tests and demos); a payout
 * is processed at once with a UTR derived from its reference, so sending the same reference twice
 * answers the same payout.
 */
export function createSandboxPayoutProvider(): PayoutProvider {
  const payouts = new Map<string, PayoutState>();
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  return {
    mode: 'sandbox',
    async verifyAccount(reference, account): Promise<AccountCheck> {
      const providerRef = `fav_sbx_${digest(reference).slice(0, 14)}`;
      if (account.accountNumber.endsWith('0000')) {
        return { status: 'FAILED', providerRef, reason: 'The bank says this account is closed' };
      }
      return { status: 'VERIFIED', providerRef, registeredName: account.holderName.toUpperCase() };
    },
    async checkStatus(providerRef) {
      return { status: 'VERIFIED', providerRef, registeredName: null };
    },
    async createPayout(request) {
      const id = `pout_sbx_${digest(request.reference).slice(0, 14)}`;
      const existing = payouts.get(id);
      if (existing) return existing;
      const state: PayoutState = {
        providerPayoutId: id,
        status: 'PROCESSED',
        utr: `SBXN${digest(`utr:${request.reference}`).slice(0, 12).toUpperCase()}`,
        failureReason: null,
      };
      payouts.set(id, state);
      return state;
    },
    async getPayout(providerPayoutId) {
      return (
        payouts.get(providerPayoutId) ?? {
          providerPayoutId,
          status: 'FAILED',
          utr: null,
          failureReason: 'No such payout in the sandbox',
        }
      );
    },
    verifyWebhook: () => false,
    parseWebhook: () => [],
  };
}
