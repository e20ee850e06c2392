import { eq } from 'drizzle-orm';
import { defaultHsn } from '@zevar/domain';
import type { Tx } from '../../db/client';
import { categories, metals, orderItems, products } from '../../db/schema';
import { builtOnce, type Placeholders } from '../../db/built-once';

/*
 * Read model (docs/decisions/0015): the HSN code of each line of an order, from the category and metal
 * of the product it sold (joins over the orders, products, categories and metals modules' tables), read
 * in the transaction that issues the invoice. Reads only.
 */

/** HSN per line: the category's code, else 7113 11 for silver and 7113 19 for gold and the rest. */
export async function hsnByItem(tx: Tx, orderId: string): Promise<Map<number, string>> {
  const rows = await tx
    .select({ itemId: orderItems.id, hsn: categories.hsnCode, metal: metals.name })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(metals, eq(metals.id, products.metalId))
    .where(eq(orderItems.orderId, orderId));
  return new Map(rows.map((r) => [r.itemId, r.hsn ?? defaultHsn(r.metal)]));
}

type OrderLine = typeof orderItems.$inferSelect;
/** An order's lines (by id, as `orderLines` reads them) and the HSN per line, in one statement. */
export type InvoiceLines = { items: OrderLine[]; hsn: Map<number, string> };

const linesWithHsnOf = builtOnce((db, p: Placeholders<'orderId'>) =>
  db
    .select({ item: orderItems, hsn: categories.hsnCode, metal: metals.name })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(metals, eq(metals.id, products.metalId))
    .where(eq(orderItems.orderId, p.orderId))
    .orderBy(orderItems.id),
);

/**
 * The lines and their HSN codes in one statement, for the paid order's confirmation, which hands the
 * lines to every effect and then invoices them (decision 0089: one statement fewer per paid order).
 */
export async function linesWithHsn(tx: Tx, orderId: string): Promise<InvoiceLines> {
  const rows = await linesWithHsnOf(tx, { orderId });
  return {
    items: rows.map((r) => r.item),
    hsn: new Map(rows.map((r) => [r.item.id, r.hsn ?? defaultHsn(r.metal)])),
  };
}
