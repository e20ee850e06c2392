/** The delivery module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createDeliveryEstimates, type DeliveryEstimates } from './delivery-estimate';
