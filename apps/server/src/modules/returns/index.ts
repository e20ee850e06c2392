/** The returns module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { returnsToDecide } from './returns-waiting';
export { returnsPolicyOf } from './returns-policy.service';
