import { z } from 'zod';
import { SHIPMENT_EVENT_TYPES, type ShipmentEventType } from './shipment-events';

/** Where a parcel is going: to the buyer, or back from the buyer to the shop (a return pickup). */
export const SHIPMENT_DIRECTIONS = ['FORWARD', 'RETURN'] as const;
export type ShipmentDirection = (typeof SHIPMENT_DIRECTIONS)[number];

/**
 * A shipment's state (issue 22). PACKED: packed and sealed, not yet asked of the carrier;
 * BOOKING: queued for the carrier (a carrier outage keeps it here and the job retries);
 * then the carrier's events; CANCELLED before pickup.
 */
export const SHIPMENT_STATUSES = ['PACKED', 'BOOKING', ...SHIPMENT_EVENT_TYPES, 'CANCELLED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  PACKED: 'Packed',
  BOOKING: 'Booking',
  BOOKED: 'Booked',
  PICKED_UP: 'Picked up',
  IN_TRANSIT: 'In transit',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery failed',
  RETURNED_TO_ORIGIN: 'Returned to origin',
  CANCELLED: 'Cancelled',
};

export const SHIPMENT_EVENT_SOURCES = ['WEBHOOK', 'TRACKING', 'SYSTEM'] as const;
export type ShipmentEventSource = (typeof SHIPMENT_EVENT_SOURCES)[number];

/** Types of event that end a parcel's journey. */
export const TERMINAL_SHIPMENT_EVENTS: readonly ShipmentEventType[] = ['DELIVERED', 'RETURNED_TO_ORIGIN'];
