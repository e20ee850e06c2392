/** The stock module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  adjustStock,
  extendedHoldFits,
  HUID_TAKEN,
  setOpeningStock,
  stockAdjustmentsOf,
  piecesInStock,
  recordSale,
  replacePieces,
  reserveLines,
  type HoldRules,
  returnOrderStock,
  reverseSale,
  takePieces,
} from './stock.service';
