import { and, asc, eq, gt, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { OrderStatusView } from '@zevar/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { lineMoney, orderMoney } from './order-money';
import { NEVER_PAID, type OrderLineRow, type OrderRow } from './order-state';
import { builtOnce, type Placeholders } from '../../db/built-once';

/* The orders module's reads for the other modules (checkout, payments): one function per question. */

export async function orderById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function orderByProviderOrderId(
  db: DbOrTx,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row;
}

export async function orderLines(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

/** The ids of a checkout's attempts still waiting for payment. */
export async function pendingAttemptsOf(tx: Tx, checkoutId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'PAYMENT_PENDING')));
  return rows.map((r) => r.id);
}

/** How many orders of these checkouts wait for a payment that can still come (their card window may be open). */
export async function openAttemptsOfCheckouts(tx: Tx, checkoutIds: string[], now: Date): Promise<number> {
  if (checkoutIds.length === 0) return 0;
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.checkoutId, checkoutIds),
        eq(orders.status, 'PAYMENT_PENDING'),
        eq(orders.stockReleased, false),
        sql`${orders.reservationExpiresAt} > ${now}`,
      ),
    );
  return rows.length;
}

export type PendingPayment = {
  id: string;
  providerOrderId: string | null;
  expiresAt: Date | null;
  createdAt: Date;
};

/**
 * Orders cancelled (by the shopper, an admin or an expired hold) since `since` that never recorded a
 * payment but did open a gateway order: a capture may still arrive there without a webhook. Oldest
 * first, at most `limit`.
 */
export async function recentlyCancelledUnpaid(
  db: DbOrTx,
  since: Date,
  limit: number,
): Promise<{ id: string; providerOrderId: string }[]> {
  const rows = await db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'CANCELLED'),
        inArray(orders.paymentStatus, [...NEVER_PAID]),
        isNotNull(orders.providerOrderId),
        gte(orders.updatedAt, since),
      ),
    )
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, providerOrderId: r.providerOrderId! }));
}

/** A page of orders waiting for payment, oldest first, after the keyset `after`. */
export async function ordersAwaitingPayment(
  db: DbOrTx,
  after: { createdAt: Date; id: string } | null,
  batch: number,
): Promise<PendingPayment[]> {
  return db
    .select({
      id: orders.id,
      providerOrderId: orders.providerOrderId,
      expiresAt: orders.reservationExpiresAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PAYMENT_PENDING'),
        eq(orders.paymentStatus, 'PENDING'),
        after
          ? or(
              gt(orders.createdAt, after.createdAt),
              and(eq(orders.createdAt, after.createdAt), gt(orders.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(batch);
}

/** What the shopper's payment-status page shows of an order (by its unguessable id), or undefined. */
export async function orderStatusView(db: DbOrTx, id: string): Promise<OrderStatusView | undefined> {
  const order = await orderById(db, id);
  if (!order) return undefined;
  const items = await orderLines(db, id);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    vendorSlug: order.vendorSlug,
    customerName: order.customerName,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentId: order.paymentId,
    paymentDate: order.paymentDate?.toISOString() ?? null,
    orderDate: order.createdAt.toISOString(),
    shippingAddress: order.shippingAddress,
    orderItems: items.map((i) => ({
      productSku: i.productSku,
      productName: i.productName,
      image: i.productImage,
      quantity: i.quantity,
      ...lineMoney(i),
    })),
    ...orderMoney(order),
  };
}

/**
 * One client network's holds, in one statement (decision 0089): `open`, when each of its unpaid
 * orders that still holds stock stops holding it, soonest first; `abandoned`, how many of its orders
 * created since `since` held stock and ran out unpaid (still waiting or cancelled at or after their
 * hold's end) and when the last of those holds ended.
 */
export async function holdsOfNetwork(
  tx: Tx,
  clientNetwork: string,
  since: Date,
  now: Date,
): Promise<{
  open: Array<{ expires: Date | null; cancelKeyHash: string | null }>;
  abandoned: { count: number; lastEnded: Date | null };
}> {
  const rows = await networkHolds(tx, { clientNetwork, since, now });
  const open = rows
    .filter((r) => r.open)
    .map((r) => ({ expires: r.expires, cancelKeyHash: r.cancelKeyHash }));
  const abandoned = rows.filter((r) => !r.open);
  return {
    open,
    abandoned: { count: abandoned.length, lastEnded: abandoned.at(-1)?.expires ?? null },
  };
}

const networkHolds = builtOnce((tx, p: Placeholders<'clientNetwork' | 'since' | 'now'>) => {
  const { clientNetwork, since, now } = p;
  const openHold = and(
    eq(orders.status, 'PAYMENT_PENDING'),
    eq(orders.stockReleased, false),
    sql`${orders.reservationExpiresAt} > ${now}`,
  );
  return tx
    .select({
      expires: orders.reservationExpiresAt,
      cancelKeyHash: orders.cancelKeyHash,
      open: sql<boolean>`coalesce(${openHold}, false)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.clientAddress, clientNetwork),
        or(
          openHold,
          and(
            eq(orders.holdsStock, true),
            gte(orders.createdAt, since),
            lte(orders.reservationExpiresAt, now),
            or(
              and(eq(orders.status, 'PAYMENT_PENDING'), eq(orders.paymentStatus, 'PENDING')),
              and(
                eq(orders.status, 'CANCELLED'),
                eq(orders.paymentStatus, 'CANCELLED'),
                gte(orders.updatedAt, orders.reservationExpiresAt),
              ),
            ),
          ),
        ),
      ),
    )
    .orderBy(orders.reservationExpiresAt);
});

/**
 * The orders bought from quotes that are paid or may still be paid (waiting, stock not released):
 * a quote is bought once (docs/decisions/0059). By quote id: its order number and whether it is paid.
 */
export async function liveOrdersOfQuotes(
  db: DbOrTx,
  quoteIds: string[],
): Promise<Map<string, { orderNumber: string; paid: boolean; orderId: string }>> {
  const out = new Map<string, { orderNumber: string; paid: boolean; orderId: string }>();
  if (quoteIds.length === 0) return out;
  const rows = await db
    .select({
      id: orders.id,
      quoteId: orders.quoteId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      stockReleased: orders.stockReleased,
    })
    .from(orders)
    .where(inArray(orders.quoteId, quoteIds));
  for (const r of rows) {
    const paid = !['PENDING', 'FAILED', 'CANCELLED'].includes(r.paymentStatus);
    const waiting = r.status === 'PAYMENT_PENDING' && !r.stockReleased;
    if (!r.quoteId || !(paid || waiting)) continue;
    if (paid || !out.has(r.quoteId)) out.set(r.quoteId, { orderNumber: r.orderNumber, paid, orderId: r.id });
  }
  return out;
}
