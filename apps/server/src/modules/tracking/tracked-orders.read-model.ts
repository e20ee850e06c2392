import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the orders a buyer may follow on /track, read from the orders
 * module's tables. Reads only.
 */

export type TrackedOrder = {
  id: string;
  orderNumber: string;
  vendorSlug: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  status: (typeof orders.$inferSelect)['status'];
  paid: boolean;
  /** The delivery address's PIN code. */
  deliveryPin: string;
  createdAt: Date;
};

/** The order with this number, whether or not it was paid (the caller decides). */
export async function orderByNumber(db: DbOrTx, orderNumber: string): Promise<TrackedOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      vendorSlug: orders.vendorSlug,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      status: orders.status,
      paymentDate: orders.paymentDate,
      shippingAddress: orders.shippingAddress,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return undefined;
  const { paymentDate, shippingAddress, ...rest } = row;
  return { ...rest, paid: paymentDate !== null, deliveryPin: shippingAddress.postalCode };
}

export async function trackedOrderById(db: DbOrTx, id: string): Promise<TrackedOrder | undefined> {
  const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, id));
  return row ? orderByNumber(db, row.orderNumber) : undefined;
}
