/** The stock module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  HUID_TAKEN,
  piecesInStock,
  recordSale,
  replacePieces,
  reserveLines,
  returnOrderStock,
  reverseSale,
  takePieces,
} from './stock.service';
