/** The storefront module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export {
  categoryVisibleTo,
  createShopResolver,
  planVisibleTo,
  productVisibleTo,
} from './visibility.read-model';
