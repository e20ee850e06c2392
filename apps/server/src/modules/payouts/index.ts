/** The payouts module's public entry: other modules import from here, never its files. */
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
export { createSandboxPayoutProvider, SANDBOX_PAYOUT_TEXT } from './sandbox-payout-provider';
