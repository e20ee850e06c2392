/** The earnings module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  earnedLines,
  ledgerSince,
  ledgerTotal,
  recordOrderEarnings,
  reverseOrderEarnings,
  reversePartEarnings,
  reversedCommissionByLine,
} from './earnings-ledger';
