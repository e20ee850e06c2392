/** The payouts module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). The provider contract itself is in lib/payout-provider.ts, shared with KYC. */
export { createSettlementService } from './settlement.service';
export { createSandboxPayoutProvider } from './sandbox-payout-provider';
export { createTdsChallans } from './tds-challans';
