import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, orderItems, orders, products, refunds, shipmentLines, shipments } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what a return needs of other modules' tables: the order's lines
 * with their categories (for the returns policy) and the units delivered (forward shipments the
 * courier delivered), the order's buyer, and the refunds returns made.
 */

export type ReturnLine = {
  id: number;
  productName: string;
  productSku: string;
  productImage: string | null;
  quantity: number;
  unitPricePaise: number;
  huids: string[];
  categoryIds: number[];
  deliveredUnits: number;
  deliveredAt: Date | null;
};

export async function returnLinesOf(db: DbOrTx, orderId: string): Promise<ReturnLine[]> {
  const items = await db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      productSku: orderItems.productSku,
      productImage: orderItems.productImage,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.priceAtTimePaise,
      huids: orderItems.huids,
      categoryId: products.categoryId,
      parentId: categories.parentId,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const delivered = await db
    .select({
      orderItemId: shipmentLines.orderItemId,
      quantity: shipmentLines.quantity,
      deliveredAt: shipments.deliveredAt,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.direction, 'FORWARD'),
        eq(shipments.status, 'DELIVERED'),
      ),
    );
  return items.map((i) => {
    const mine = delivered.filter((d) => d.orderItemId === i.id);
    const times = mine.map((d) => d.deliveredAt?.getTime() ?? 0).filter((t) => t > 0);
    return {
      id: i.id,
      productName: i.productName,
      productSku: i.productSku,
      productImage: i.productImage,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
      huids: i.huids,
      categoryIds: [i.categoryId, i.parentId].filter((c): c is number => c !== null),
      deliveredUnits: mine.reduce((s, d) => s + d.quantity, 0),
      // The window counts from the latest delivery of the line's units.
      deliveredAt: times.length ? new Date(Math.max(...times)) : null,
    };
  });
}

export async function ordersForReturns(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { orderNumber: string; customerName: string }>();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function orderIdByNumber(db: DbOrTx, orderNumber: string): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row?.id;
}

export async function refundsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { amountPaise: number; status: string }>();
  const rows = await db
    .select({ id: refunds.id, amountPaise: refunds.amountPaise, status: refunds.status })
    .from(refunds)
    .where(inArray(refunds.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
