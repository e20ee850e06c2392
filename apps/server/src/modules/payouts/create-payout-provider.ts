import type { Config } from '../../env';
import { createManualPayoutProvider } from './manual-payout-provider';
import type { PayoutProvider } from '../../lib/payout-provider';
import { createRazorpayXPayoutProvider, razorpayXConfigFrom } from './razorpayx-payout-provider';
import { createSandboxPayoutProvider } from './sandbox-payout-provider';

/** The payout provider the shop pays resellers through (PAYOUTS, chosen once like PAYMENTS and SHIPPING). */
export function createPayoutProvider(config: Config): PayoutProvider {
  switch (config.PAYOUTS) {
    case 'razorpayx':
      return createRazorpayXPayoutProvider(razorpayXConfigFrom(config));
    case 'manual':
      return createManualPayoutProvider();
    default:
      return createSandboxPayoutProvider();
  }
}
