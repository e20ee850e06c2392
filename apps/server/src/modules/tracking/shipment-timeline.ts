import {
  SHIPMENT_EVENT_LABELS,
  SHIPMENT_EVENT_TYPES,
  deliveryDate,
  zonedIsoDate,
  type ShipmentEventType,
  type TrackingShipment,
  type TrackingView,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DeliveryEstimates } from '../delivery';
import { parcelsOfOrder } from './shipments.read-model';
import { carrierTrackingUrl } from './track-link';
import type { TrackedOrder } from './tracked-orders.read-model';

const isEventType = (s: string): s is ShipmentEventType =>
  (SHIPMENT_EVENT_TYPES as readonly string[]).includes(s);
const ARRIVED: readonly string[] = ['DELIVERED', 'RETURNED_TO_ORIGIN'];
const later = (a: string, b: string) => (a > b ? a : b);

type Deps = Pick<AppContext, 'db' | 'config' | 'now'> & { delivery: DeliveryEstimates };

/**
 * The buyer's view of an order's parcels. The expected date of a parcel on its way is the courier's
 * estimate counted from its pickup (or booking); of one not yet handed over, and of an order not yet
 * packed, DISPATCH_DAYS working days from the order and then the courier's estimate. Never a day
 * already past: a late parcel is expected today at the earliest.
 */
export async function trackingViewOf(deps: Deps, order: TrackedOrder): Promise<TrackingView> {
  const zone = deps.config.BUSINESS_TIMEZONE;
  const today = zonedIsoDate(deps.now(), zone);
  const parcels = await parcelsOfOrder(deps.db, order.id);
  const open = order.status !== 'DELIVERED' && order.status !== 'CANCELLED' && order.paid;
  const pending = open && parcels.some((p) => !ARRIVED.includes(p.status));
  const transit =
    pending || (open && parcels.length === 0)
      ? await deps.delivery.transitDays(order.deliveryPin, order.vendorSlug)
      : null;
  const notDispatched =
    transit === null
      ? null
      : later(
          deliveryDate(zonedIsoDate(order.createdAt, zone), deps.config.DISPATCH_DAYS, transit),
          deliveryDate(today, 0, transit),
        );

  const shipments: TrackingShipment[] = parcels.map((p) => {
    const handedOver = p.pickupAt ?? p.bookedAt;
    const expected =
      transit === null || ARRIVED.includes(p.status)
        ? null
        : handedOver
          ? later(deliveryDate(zonedIsoDate(handedOver, zone), 0, transit), today)
          : notDispatched;
    return {
      id: p.id,
      courierName: p.courierName,
      awb: p.awb,
      trackingUrl: p.trackingUrl
        ? carrierTrackingUrl(deps.config, order, p.trackingUrl, { absolute: false })
        : null,
      status: isEventType(p.status) ? p.status : null,
      expectedDelivery: expected,
      items: p.items.map((i) => ({ name: i.name, quantity: i.quantity })),
      events: p.events.map((e) => ({
        type: e.type,
        label: SHIPMENT_EVENT_LABELS[e.type],
        at: e.at.toISOString(),
        location: e.location,
        note: e.note,
      })),
    };
  });
  const dates = shipments.flatMap((s) => (s.expectedDelivery ? [s.expectedDelivery] : []));
  return {
    orderNumber: order.orderNumber,
    orderDate: order.createdAt.toISOString(),
    status: order.status,
    expectedDelivery: parcels.length === 0 ? (open ? notDispatched : null) : (dates.sort().at(-1) ?? null),
    shipments,
  };
}
