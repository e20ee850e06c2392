/** The payouts module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createSettlementService } from './settlement.service';
