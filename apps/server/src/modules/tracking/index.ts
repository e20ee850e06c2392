/** The tracking module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createShipmentMails } from './shipment-mails';
export { trackPageUrl } from './track-link';
export { trackedOrderOfToken } from './tracked-order-token';
