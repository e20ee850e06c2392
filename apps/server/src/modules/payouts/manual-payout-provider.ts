import type { PayoutProvider, PayoutState } from '../../lib/payout-provider';

/**
 * Manual bank transfer (PAYOUTS=manual): nobody can drop a penny, so an admin confirms each account
 * by hand, and a payout waits QUEUED until the admin records the transfer's UTR. Nothing is sent.
 */
export function createManualPayoutProvider(): PayoutProvider {
  const queued = (providerPayoutId: string): PayoutState => ({
    providerPayoutId,
    status: 'QUEUED',
    utr: null,
    failureReason: null,
  });
  return {
    mode: 'manual',
    verifyAccount: async () => ({ status: 'UNSUPPORTED' }),
    checkStatus: async () => ({ status: 'UNSUPPORTED' }),
    createPayout: async (request) => queued(`manual_${request.reference}`),
    getPayout: async (providerPayoutId) => queued(providerPayoutId),
    verifyWebhook: () => false,
    parseWebhook: () => [],
  };
}
