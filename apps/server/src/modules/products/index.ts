/** The products module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { breakupOf, toProductDto, type LinkedVariant, type ProductJoinedRow } from './product-mapper';
export {
  countProducts,
  firstMatchingIds,
  parentCategories,
  PRODUCT_JOINED_COLUMNS,
  PURITY_COLUMNS,
  searchResultOrder,
  selectProducts,
} from './product-rows.read-model';
export { countProductView } from './product-views';
export { countProductsInCategory } from './category-usage';
export { countProductsPricedBy, gstBasisPoints, previewReprice, repriceProducts } from './repricing.service';
export { stockCounts } from './admin-product-list';
