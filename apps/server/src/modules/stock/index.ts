/** The stock module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  adjustStock,
  HUID_TAKEN,
  setOpeningStock,
  setOpeningStocks,
  stockAdjustmentsOf,
  piecesInStock,
  recordSale,
  replacePieces,
  reserveLines,
  returnOrderStock,
  reverseSale,
  takeOrderStockAtPayment,
  takePieces,
} from './stock.service';
export { takeBackUnits } from './refunded-units';
