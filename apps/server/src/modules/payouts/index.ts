/** The payouts module's public entry: other modules import from here, never its files. */
export {
  PayoutProviderUnavailableError,
  type AccountCheck,
  type PayeeAccount,
  type PayoutProvider,
} from './payout-provider';
export { createSandboxPayoutProvider } from './sandbox-payout-provider';
