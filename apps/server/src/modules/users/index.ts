/** The users module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createShopsService, type Shop } from './shops.service';
