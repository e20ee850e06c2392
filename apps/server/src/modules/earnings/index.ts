/** The earnings module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { ledgerSince, ledgerTotal, recordOrderEarnings, reverseOrderEarnings } from './earnings-ledger';
