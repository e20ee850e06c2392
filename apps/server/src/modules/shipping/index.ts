/** The shipping module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createShippingService, type ShippingService, type NotifyShipmentEvent } from './shipments.service';
export { CarrierUnavailableError, type Carrier, type CarrierEvent } from './carrier';
