import { asc, inArray } from 'drizzle-orm';
import type { AdminOrder, OrderDelivery } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { orderItems } from '../../db/schema';
import type { OrderWithVendor } from './orders-with-vendor.read-model';
import { lineMoney, orderMoney } from './order-money';
import { deliveriesOf } from './order-shipments.read-model';

type ItemRow = typeof orderItems.$inferSelect;

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

export function toAdminOrder(
  { order, vendorName }: OrderWithVendor,
  items: ItemRow[],
  shipments: OrderDelivery[] = [],
): AdminOrder {
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
    attribution:
      order.attributedVendorSlug && order.attributionSource
        ? {
            vendorSlug: order.attributedVendorSlug,
            source: order.attributionSource,
            fromQuote: order.quoteId !== null,
          }
        : null,
    shippingAddress: order.shippingAddress,
    orderItems: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      productName: i.productName,
      productSku: i.productSku,
      image: i.productImage,
      quantity: i.quantity,
      ...lineMoney(i),
    })),
    ...orderMoney(order),
    customerNotes: order.customerNotes,
    shipments,
  };
}

/** Maps a page of orders with their lines (one extra query for all lines). */
export async function toAdminOrders(db: DbOrTx, rows: OrderWithVendor[]): Promise<AdminOrder[]> {
  const ids = rows.map((r) => r.order.id);
  const [items, deliveries] = await Promise.all([itemsByOrder(db, ids), deliveriesOf(db, ids)]);
  return rows.map((r) => toAdminOrder(r, items.get(r.order.id) ?? [], deliveries.get(r.order.id) ?? []));
}
