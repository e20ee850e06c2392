import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, taxDocuments } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): tax documents with the number of the order they belong to (a join
 * on the orders module's table), for the documents list. Reads only.
 */

/** Newest first, a page of documents matching `where`. */
export async function documentsWithOrderNumber(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({ doc: taxDocuments, orderNumber: orders.orderNumber })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(where)
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id))
    .limit(limit)
    .offset(offset);
}
