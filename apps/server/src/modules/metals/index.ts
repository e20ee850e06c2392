/** The metals module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
// GST from configuration lives with product pricing; re-exported for the modules that price lines.
export { gstBasisPoints } from '../products';
export { allPurityRates } from './purities.service';
export { lastRateEnteredAt } from './rate-freshness';
