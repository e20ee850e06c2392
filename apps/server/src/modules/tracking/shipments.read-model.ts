import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, shipmentEvents, shipmentLines, shipments } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): an order's parcels as its buyer follows them, read from the
 * shipping module's tables (shipments, their lines and events) and the orders module's. Reads only.
 */

export type ParcelRow = {
  id: number;
  orderId: string;
  status: (typeof shipments.$inferSelect)['status'];
  courierName: string | null;
  awb: string | null;
  trackingUrl: string | null;
  otpDelivery: boolean;
  bookedAt: Date | null;
  pickupAt: Date | null;
  deliveredAt: Date | null;
};

const parcelColumns = {
  id: shipments.id,
  orderId: shipments.orderId,
  status: shipments.status,
  courierName: shipments.courierName,
  awb: shipments.awb,
  trackingUrl: shipments.trackingUrl,
  otpDelivery: shipments.otpDelivery,
  bookedAt: shipments.bookedAt,
  pickupAt: shipments.pickupAt,
  deliveredAt: shipments.deliveredAt,
};

/** The pieces in each of these parcels: the order line's name and the units packed. */
async function parcelItems(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; quantity: number }[]>();
  const rows = await db
    .select({
      shipmentId: shipmentLines.shipmentId,
      name: orderItems.productName,
      quantity: shipmentLines.quantity,
    })
    .from(shipmentLines)
    .innerJoin(orderItems, eq(orderItems.id, shipmentLines.orderItemId))
    .where(inArray(shipmentLines.shipmentId, ids))
    .orderBy(asc(shipmentLines.id));
  const byParcel = new Map<number, { name: string; quantity: number }[]>();
  for (const r of rows) byParcel.set(r.shipmentId, [...(byParcel.get(r.shipmentId) ?? []), r]);
  return byParcel;
}

/** The order's parcels to the buyer (returns and cancelled bookings left out), oldest first, with items and events. */
export async function parcelsOfOrder(db: DbOrTx, orderId: string) {
  const rows: ParcelRow[] = await db
    .select(parcelColumns)
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.direction, 'FORWARD'),
        ne(shipments.status, 'CANCELLED'),
      ),
    )
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    parcelItems(db, ids),
    ids.length === 0
      ? []
      : db
          .select({
            shipmentId: shipmentEvents.shipmentId,
            type: shipmentEvents.type,
            at: shipmentEvents.at,
            location: shipmentEvents.location,
            note: shipmentEvents.note,
          })
          .from(shipmentEvents)
          .where(inArray(shipmentEvents.shipmentId, ids))
          .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id)),
  ]);
  return rows.map((r) => ({
    ...r,
    items: items.get(r.id) ?? [],
    events: events.filter((e) => e.shipmentId === r.id),
  }));
}

/** One parcel with what its mails say: the order's buyer and the parcel's items. */
export async function parcelForMail(db: DbOrTx, shipmentId: number, orderId: string) {
  const [row] = await db
    .select({
      ...parcelColumns,
      orderNumber: orders.orderNumber,
      vendorSlug: orders.vendorSlug,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      shippingAddress: orders.shippingAddress,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)));
  if (!row) return undefined;
  const items = (await parcelItems(db, [row.id])).get(row.id) ?? [];
  return { ...row, items };
}
