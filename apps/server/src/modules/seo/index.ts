/** The seo module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { storefrontPageVisit } from './referral-page';
export { parseStorefrontPath } from './storefront-path';
