import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { OrderDelivery, ShipmentUnits } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { shipmentLines, shipments } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the shipping module's shipments as the orders module needs them:
 * whether an order has live shipments (its status then follows them, never a dropdown) and their
 * delivery state for the order lists (admin and vendor). Reads only.
 */

/** Whether the order has a shipment that is not cancelled. */
export async function hasLiveShipments(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'CANCELLED')))
    .limit(1);
  return Boolean(row);
}

/** Each order's live forward shipments, oldest first. */
export async function deliveriesOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderDelivery[]>> {
  const out = new Map<string, OrderDelivery[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, orderIds),
        ne(shipments.status, 'CANCELLED'),
        eq(shipments.direction, 'FORWARD'),
      ),
    )
    .orderBy(asc(shipments.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({
      status: r.status,
      awb: r.awb,
      courierName: r.courierName,
      trackingUrl: r.trackingUrl,
      lastEventAt: r.lastEventAt ? r.lastEventAt.toISOString() : null,
    });
    out.set(r.orderId, list);
  }
  return out;
}

/**
 * The order's shipments as units per line, for `orderStatusFromShipments` (as the shipping module
 * counts them: a refused piece sent back to the buyer, FORWARD with a return, never counts again).
 */
export async function shipmentUnitsOf(db: DbOrTx, orderId: string): Promise<ShipmentUnits[]> {
  const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    status: r.status,
    direction: r.direction === 'FORWARD' && r.returnId !== null ? 'RETURN' : r.direction,
    lines: lines
      .filter((l) => l.shipmentId === r.id)
      .map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
  }));
}
