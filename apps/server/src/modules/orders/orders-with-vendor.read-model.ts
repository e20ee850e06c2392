import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): orders with the display name of their vendor (a join on the users
 * module's table), for the admin order list, detail and spreadsheet. Reads only.
 */

type OrderRow = typeof orders.$inferSelect;
export type OrderWithVendor = { order: OrderRow; vendorName: string | null };

/** The columns every admin order read selects: the order and its vendor's display name. */
const orderWithVendorColumns = {
  order: orders,
  vendorName: users.name,
  businessName: users.businessName,
};

function toOrderWithVendor(row: {
  order: OrderRow;
  vendorName: string | null;
  businessName: string | null;
}): OrderWithVendor {
  return { order: row.order, vendorName: row.businessName?.trim() || row.vendorName };
}

/** A page of orders matching `where`, in `orderBy` order, with their vendor's name. */
export async function pageOfOrdersWithVendor(
  db: DbOrTx,
  where: SQL | undefined,
  orderBy: SQL[],
  size: number,
  offset: number,
): Promise<OrderWithVendor[]> {
  const rows = await db
    .select(orderWithVendorColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.vendorId))
    .where(where)
    .orderBy(...orderBy)
    .limit(size)
    .offset(offset);
  return rows.map(toOrderWithVendor);
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
