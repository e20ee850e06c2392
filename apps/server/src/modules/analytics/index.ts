/** The analytics module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createViewCounter, isBuyerAgent, type ViewCounter } from './view-counter';
