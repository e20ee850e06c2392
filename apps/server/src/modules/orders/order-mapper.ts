import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminOrder } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { lineMoney, orderMoney } from '../checkout';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export type OrderWithVendor = { order: OrderRow; vendorName: string | null };

/** The columns every admin order read selects: the order and its vendor's display name. */
export const orderWithVendorColumns = {
  order: orders,
  vendorName: users.name,
  businessName: users.businessName,
};

export function toOrderWithVendor(row: {
  order: OrderRow;
  vendorName: string | null;
  businessName: string | null;
}): OrderWithVendor {
  return { order: row.order, vendorName: row.businessName?.trim() || row.vendorName };
}

/** The lines of many orders in one query, grouped by order id. */
export async function itemsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, ItemRow[]>> {
  const byOrder = new Map<string, ItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export function toAdminOrder({ order, vendorName }: OrderWithVendor, items: ItemRow[]): AdminOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    orderDate: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentId: order.paymentId,
    paymentDate: order.paymentDate?.toISOString() ?? null,
    vendor: order.vendorId !== null && vendorName !== null ? { id: order.vendorId, name: vendorName } : null,
    vendorSlug: order.vendorSlug,
    shippingAddress: order.shippingAddress,
    orderItems: items.map((i) => ({
      productId: i.productId,
      productName: i.productName,
      productSku: i.productSku,
      image: i.productImage,
      quantity: i.quantity,
      ...lineMoney(i),
    })),
    ...orderMoney(order),
    customerNotes: order.customerNotes,
  };
}

/** Maps a page of orders with their lines (one extra query for all lines). */
export async function toAdminOrders(db: DbOrTx, rows: OrderWithVendor[]): Promise<AdminOrder[]> {
  const items = await itemsByOrder(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => toAdminOrder(r, items.get(r.order.id) ?? []));
}

/** One order by its order number, with vendor name, or undefined. */
export async function findOrderByNumber(
  db: DbOrTx,
  orderNumber: string,
): Promise<OrderWithVendor | undefined> {
  const [row] = await db
    .select(orderWithVendorColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.vendorId))
    .where(eq(orders.orderNumber, orderNumber));
  return row ? toOrderWithVendor(row) : undefined;
}
