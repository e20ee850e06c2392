/** The payouts module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createSettlementService } from './settlement.service';
export {
  PayoutProviderUnavailableError,
  type AccountCheck,
  type PayeeAccount,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutState,
  type PayoutStatus,
  type PayoutUpdate,
} from './payout-provider';
export { createSandboxPayoutProvider } from './sandbox-payout-provider';
