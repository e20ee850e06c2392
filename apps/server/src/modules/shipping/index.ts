/** The shipping module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createShippingService } from './shipments.service';
export {
  queueReturnPickupAgainIn,
  queueReturnPickupIn,
  queueSendBackIn,
  returnPickupsOf,
  type RefundDeps,
} from './returned-parcels';
export { deskCounts } from './fulfilment.read-model';
