import { z } from 'zod';

/**
 * What happens to a parcel, in the order a parcel usually meets them (issue 22). Every carrier's
 * own status codes are mapped onto these by its client; nothing else in the shop knows a carrier's codes.
 */
export const SHIPMENT_EVENT_TYPES = [
  'BOOKED',
  'PICKED_UP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'DELIVERY_FAILED',
  'RETURNED_TO_ORIGIN',
] as const;
export type ShipmentEventType = (typeof SHIPMENT_EVENT_TYPES)[number];
export const shipmentEventTypeSchema = z.enum(SHIPMENT_EVENT_TYPES);

/** How each event reads in the admin timeline, the buyer's tracking page and the mails. */
export const SHIPMENT_EVENT_LABELS: Record<ShipmentEventType, string> = {
  BOOKED: 'Booked',
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery failed',
  RETURNED_TO_ORIGIN: 'Returned to origin',
};
