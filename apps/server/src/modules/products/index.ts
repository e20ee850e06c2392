/** The products module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  breakupOf,
  PURITY_COLUMNS,
  toProductDto,
  type LinkedVariant,
  type ProductJoinedRow,
} from './product-mapper';
export { countProducts, searchResultOrder, selectProducts } from './product-queries';
