import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type OrderRow = typeof orders.$inferSelect;

/** Locks the order row so a concurrent change (admin or payment) waits and then sees the new state. */
export async function lockOrder(tx: Tx, orderNumber: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
  if (!row) throw notFound('Order');
  return row;
}

/**
 * What the audit trail keeps of an order before and after an admin's change: its states and money,
 * never the buyer's name, contact, address or PAN (the order screen shows those to whoever may see them).
 */
export function auditedOrder(row: OrderRow) {
  return {
    status: row.status,
    paymentStatus: row.paymentStatus,
    stockReleased: row.stockReleased,
    finalAmountPaise: row.finalAmountPaise,
  };
}
