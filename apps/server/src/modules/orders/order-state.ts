import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { builtOnce, builtPerShape, type Placeholders } from '../../db/built-once';
import { orderItems, orderStatusHistory, orders } from '../../db/schema';
import { canMoveOrderWithPayment, type OrderStatus } from '@zevar/domain';
import { returnOrderStock } from '../stock';

/*
 * The orders module's state transitions for the other modules (docs/decisions/0015): checkout records
 * an order, payments confirms, releases and refunds it. Each runs inside the caller's transaction (the
 * money and stock effects around it stay atomic) and each is gated by one conditional UPDATE, so it
 * happens at most once however often or concurrently it is called; every change is recorded in
 * order_status_history.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'status' | 'paymentStatus'>;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'huids'>;
type HistoryEntry = Omit<typeof orderStatusHistory.$inferInsert, 'id' | 'orderId'>;
export type ReleaseReason = 'CANCELLED' | 'FAILED';

/** Payment states of an order that never had money: a capture arriving after cancellation is a late payment. */
export const NEVER_PAID = ['PENDING', 'FAILED', 'CANCELLED'] as const;

export async function recordHistory(tx: Tx, orderId: string, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(orderStatusHistory).values(entries.map((e) => ({ ...e, orderId })));
}

/** A new order's statement for the columns it is given (each caller gives the same every time). */
const insertNewOrder = builtPerShape(
  (columns: string[]) => columns.join(),
  (db, p: Placeholders<string>, columns) => {
    const values = Object.fromEntries(columns.map((c) => [c, p[c]])) as unknown as typeof orders.$inferInsert;
    const history = db.$with('new_order_history').as(
      db.insert(orderStatusHistory).values({
        orderId: p.id!,
        field: 'status',
        toValue: 'PAYMENT_PENDING',
        actor: 'customer',
      }),
    );
    return db
      .with(history)
      .insert(orders)
      .values({ ...values, status: 'PAYMENT_PENDING', paymentStatus: 'PENDING' })
      .returning();
  },
);

/** A new order's lines: one statement per number of lines and columns each gives. */
const insertNewLines = builtPerShape(
  (rows: string[][]) => rows.map((columns) => columns.join()).join('|'),
  (db, p: Placeholders<string>, rows) =>
    db
      .insert(orderItems)
      .values(
        rows.map(
          (columns, i) =>
            Object.fromEntries([
              ['orderId', p.orderId],
              ...columns.map((c) => [c, p[`${c}_${i}`]]),
            ]) as unknown as typeof orderItems.$inferInsert,
        ),
      )
      .returning({ id: orderItems.id, productId: orderItems.productId, quantity: orderItems.quantity }),
);

/** The columns a row gives (undefined ones take their default, as drizzle's insert does). */
const givenColumns = (row: object) =>
  Object.entries(row)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);

/** A new order waiting for payment, with its lines (the caller reserved their stock in `tx`). */
export async function recordNewOrderIn(tx: Tx, values: NewOrder, lines: NewOrderLine[]) {
  // The order's id is made here, so its first history row is inserted by the order's own statement
  // (a data-modifying WITH; the foreign key is checked at the statement's end): decision 0089.
  // Both statements are built once per shape (decision 0102).
  const id = randomUUID();
  const row = { ...values, id };
  const [order] = await insertNewOrder(tx, givenColumns(row), row);
  const rows = lines.map(givenColumns);
  const lineValues: Record<string, unknown> = { orderId: order!.id };
  lines.forEach((l, i) => {
    for (const c of rows[i]!) lineValues[`${c}_${i}`] = (l as Record<string, unknown>)[c];
  });
  const items = await insertNewLines(tx, rows, lineValues);
  return { order: order!, items };
}

/** The HUIDs of the hallmarked pieces each line took from the shelf (order item id -> HUIDs). */
export async function recordLineHuidsIn(tx: Tx, huids: Map<number, string[]>): Promise<void> {
  for (const [orderItemId, list] of huids)
    await tx.update(orderItems).set({ huids: list }).where(eq(orderItems.id, orderItemId));
}

/** The provider order created (after commit) for the order's amount. */
export async function attachProviderOrder(db: DbOrTx, orderId: string, providerOrderId: string) {
  await attachProvider(db, { orderId, providerOrderId });
}

const attachProvider = builtOnce((db, p: Placeholders<'orderId' | 'providerOrderId'>) =>
  db.update(orders).set({ providerOrderId: p.providerOrderId }).where(eq(orders.id, p.orderId)),
);

/**
 * PAYMENT_PENDING/PENDING -> CONFIRMED/CAPTURED for a verified payment. The one gate of a payment's
 * effects: returns the confirmed order, or undefined when it was not waiting for this payment.
 * The history rows are the caller's to write once its effects are applied (`recordConfirmationIn`).
 */
export async function confirmPaidOrderIn(
  tx: Tx,
  q: {
    providerOrderId: string;
    paymentId: string;
    now: Date;
    /**
     * Confirms only an order that also holds its stock, was bought from no quote and (when given)
     * costs this amount: the orders a payment confirms with no other step (decision 0089).
     */
    only?: { holdingStock: true; withoutQuote: true; amountPaise: number | undefined };
  },
): Promise<OrderRow | undefined> {
  const shape = q.only ? (q.only.amountPaise === undefined ? 'direct' : 'direct-amount') : 'any';
  const [order] = await confirmGate(tx, shape, {
    providerOrderId: q.providerOrderId,
    paymentId: q.paymentId,
    now: q.now,
    amountPaise: q.only?.amountPaise,
  });
  return order;
}

/** The gate's statement, built once for each of its three shapes (decision 0102). */
const confirmGate = builtPerShape(
  (shape: 'any' | 'direct' | 'direct-amount') => shape,
  (db, p: Placeholders<'providerOrderId' | 'paymentId' | 'now' | 'amountPaise'>, shape) =>
    db
      .update(orders)
      .set({
        status: 'CONFIRMED',
        paymentStatus: 'CAPTURED',
        paymentId: p.paymentId,
        paymentDate: p.now,
        updatedAt: p.now,
      })
      .where(
        and(
          eq(orders.providerOrderId, p.providerOrderId),
          eq(orders.status, 'PAYMENT_PENDING'),
          eq(orders.paymentStatus, 'PENDING'),
          shape !== 'any' ? eq(orders.holdsStock, true) : undefined,
          shape !== 'any' ? isNull(orders.quoteId) : undefined,
          shape === 'direct-amount' ? eq(orders.finalAmountPaise, p.amountPaise) : undefined,
        ),
      )
      .returning(),
);

export async function recordConfirmationIn(tx: Tx, orderId: string, actor: string): Promise<void> {
  await confirmationHistory(tx, { orderId, actor });
}

const confirmationHistory = builtOnce((db, p: Placeholders<'orderId' | 'actor'>) =>
  db.insert(orderStatusHistory).values([
    {
      orderId: p.orderId,
      field: 'status',
      fromValue: 'PAYMENT_PENDING',
      toValue: 'CONFIRMED',
      actor: p.actor,
    },
    { orderId: p.orderId, field: 'paymentStatus', fromValue: 'PENDING', toValue: 'CAPTURED', actor: p.actor },
  ]),
);

/**
 * A captured amount that is not the order's: payment status NEEDS_REVIEW (the reservation is kept),
 * once; undefined when the order already had money.
 */
export async function flagPaymentForReviewIn(
  tx: Tx,
  q: {
    providerOrderId: string;
    paymentId: string;
    now: Date;
    actor: string;
    reference: (order: OrderRow) => string;
  },
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ paymentStatus: 'NEEDS_REVIEW', paymentId: q.paymentId, paymentDate: q.now, updatedAt: q.now })
    .where(
      and(
        eq(orders.providerOrderId, q.providerOrderId),
        inArray(orders.status, ['PAYMENT_PENDING', 'CANCELLED']),
        inArray(orders.paymentStatus, NEVER_PAID),
      ),
    )
    .returning();
  if (!order) return undefined;
  await recordHistory(tx, order.id, [
    {
      field: 'paymentStatus',
      fromValue: 'PENDING',
      toValue: 'NEEDS_REVIEW',
      actor: `${q.actor}:amount-mismatch`,
      reference: q.reference(order),
      createdAt: q.now,
    },
  ]);
  return order;
}

/** A payment captured for a cancelled order that never had money: REFUND_PENDING, once. */
export async function markLatePaymentIn(
  tx: Tx,
  order: OrderRow,
  q: { paymentId: string; now: Date; actor: string },
): Promise<boolean> {
  const [gated] = await tx
    .update(orders)
    .set({ paymentStatus: 'REFUND_PENDING', paymentId: q.paymentId, paymentDate: q.now, updatedAt: q.now })
    .where(
      and(eq(orders.id, order.id), eq(orders.status, 'CANCELLED'), inArray(orders.paymentStatus, NEVER_PAID)),
    )
    .returning({ id: orders.id });
  if (!gated) return false;
  await recordHistory(tx, order.id, [
    {
      field: 'paymentStatus',
      fromValue: order.paymentStatus,
      toValue: 'REFUND_PENDING',
      actor: `${q.actor}:late-payment`,
      createdAt: q.now,
    },
  ]);
  return true;
}

/**
 * Cancels an order still waiting for payment and returns its stock, exactly once: the conditional
 * UPDATE ... WHERE status = 'PAYMENT_PENDING' is the gate (a confirmation racing it loses or wins whole).
 * Returns the released order, or undefined when there was nothing to release.
 */
export async function releaseUnpaidOrderIn(
  tx: Tx,
  now: Date,
  where: { orderId: string } | { providerOrderId: string },
  reason: ReleaseReason,
  actor: string,
  opts: { onlyIfExpired?: boolean } = {},
): Promise<{ id: string; providerOrderId: string | null; holdsStock: boolean } | undefined> {
  const conditions: SQL[] = [
    'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.providerOrderId, where.providerOrderId),
    eq(orders.status, 'PAYMENT_PENDING'),
    // A payment flagged for review keeps its reservation until an operator decides.
    eq(orders.paymentStatus, 'PENDING'),
  ];
  if (opts.onlyIfExpired) conditions.push(lt(orders.reservationExpiresAt, now));
  const [order] = await tx
    .update(orders)
    // An unpaid order gets no invoice, so it keeps no PAN either.
    .set({ status: 'CANCELLED', paymentStatus: reason, stockReleased: true, buyerPan: null, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: orders.id, providerOrderId: orders.providerOrderId, holdsStock: orders.holdsStock });
  if (!order) return undefined;
  // An order placed beyond the share of unpaid holds took no stock, so it returns none.
  if (order.holdsStock) await returnOrderStock(tx, order.id);
  await recordHistory(tx, order.id, [
    { field: 'status', fromValue: 'PAYMENT_PENDING', toValue: 'CANCELLED', actor },
    { field: 'paymentStatus', fromValue: 'PENDING', toValue: reason, actor },
  ]);
  return order;
}

/**
 * A refund's outcome moves the order's payment status REFUND_PENDING -> REFUNDED or REFUND_FAILED,
 * once; undefined when the order was not waiting for a refund.
 */
export async function settleOrderRefundIn(
  tx: Tx,
  q: {
    orderId: string;
    to: 'REFUNDED' | 'REFUND_FAILED';
    actor: string;
    reference: string | null;
    now: Date;
  },
): Promise<{ id: string; orderNumber: string } | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ paymentStatus: q.to, updatedAt: q.now })
    .where(and(eq(orders.id, q.orderId), eq(orders.paymentStatus, 'REFUND_PENDING')))
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!order) return undefined;
  await recordHistory(tx, order.id, [
    {
      field: 'paymentStatus',
      fromValue: 'REFUND_PENDING',
      toValue: q.to,
      actor: q.actor,
      reference: q.reference,
      createdAt: q.now,
    },
  ]);
  return order;
}

/** The gateway's refund id goes on the history entry that asked for the refund. */
export async function referenceRefundIn(tx: Tx, orderId: string, providerRefundId: string): Promise<void> {
  await tx
    .update(orderStatusHistory)
    .set({ reference: providerRefundId })
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.toValue, 'REFUND_PENDING'),
        isNull(orderStatusHistory.reference),
      ),
    );
}

/** The tax invoice now carries the buyer's PAN: the order keeps none (docs/decisions/0017). */
export async function clearBuyerPanIn(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ buyerPan: null }).where(eq(orders.id, orderId));
}

/**
 * The unpaid order the browser holding `cancelKeyHash` opened the card window for, locked for the
 * rest of the transaction; undefined when there is no such order still holding stock.
 */
export async function lockHeldOrderIn(
  tx: Tx,
  orderId: string,
  cancelKeyHash: string,
): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.cancelKeyHash, cancelKeyHash),
        eq(orders.status, 'PAYMENT_PENDING'),
        eq(orders.paymentStatus, 'PENDING'),
        eq(orders.stockReleased, false),
      ),
    )
    .for('update');
  return order;
}

/** The card window opened: the order's hold now lasts until `until` (never shortened). */
export async function extendHoldIn(tx: Tx, orderId: string, now: Date, until: Date): Promise<Date> {
  const [order] = await tx
    .update(orders)
    .set({
      paymentWindowAt: now,
      reservationExpiresAt: sql`greatest(${orders.reservationExpiresAt}, ${until})`,
      updatedAt: now,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.paymentWindowAt)))
    .returning({ expires: orders.reservationExpiresAt });
  return order?.expires ?? until;
}

/** The pieces of an order placed without a hold were taken at its payment: it holds them now. */
export async function markStockHeldIn(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ holdsStock: true }).where(eq(orders.id, orderId));
}

/** An unpaid order, locked for the rest of the transaction (its payment takes its pieces). */
export async function lockUnpaidOrderIn(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, orderId), eq(orders.status, 'PAYMENT_PENDING'), eq(orders.paymentStatus, 'PENDING')),
    )
    .for('update');
  return order;
}

/**
 * A step of a partial refund in the order's history (docs/decisions/0039): asked (with who and why),
 * processed or failed (with the gateway's refund id), asked again.
 */
export async function recordRefundStepIn(
  tx: Tx,
  q: {
    orderId: string;
    refundId: number;
    from: string | null;
    to: 'REQUESTED' | 'PROCESSED' | 'FAILED';
    actor: string;
    reason?: string | null;
    reference?: string | null;
    now: Date;
  },
): Promise<void> {
  await recordHistory(tx, q.orderId, [
    {
      field: 'refund',
      fromValue: q.from,
      toValue: q.to,
      actor: q.actor,
      reason: q.reason ?? null,
      reference: q.reference ?? `refund #${q.refundId}`,
      createdAt: q.now,
    },
  ]);
}

/** The order, locked for the rest of the transaction (shipping serialises its order updates on it). */
export async function lockOrderByIdIn(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

const FULFILMENT_PATH = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'] as const;

/**
 * The order's status follows its shipments (issue 22): moves forward along CONFIRMED → PROCESSING →
 * SHIPPED → DELIVERED to `target`, one recorded step at a time, through the state machine's own
 * transitions; never backwards, never for a cancelled order or one whose money is going back. The
 * caller holds the order's lock (`lockOrderByIdIn`). Returns the statuses it passed through.
 */
export async function followShipmentsIn(
  tx: Tx,
  order: OrderRow,
  target: 'PROCESSING' | 'SHIPPED' | 'DELIVERED',
  actor: string,
  now: Date,
): Promise<OrderStatus[]> {
  const from = FULFILMENT_PATH.indexOf(order.status as (typeof FULFILMENT_PATH)[number]);
  const to = FULFILMENT_PATH.indexOf(target);
  if (from < 0 || to <= from) return [];
  const steps: OrderStatus[] = [];
  let current: OrderStatus = order.status;
  for (const next of FULFILMENT_PATH.slice(from + 1, to + 1)) {
    if (!canMoveOrderWithPayment(current, next, order.paymentStatus)) break;
    steps.push(next);
    current = next;
  }
  if (steps.length === 0) return [];
  await tx
    .update(orders)
    .set({ status: current, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)));
  let previous: OrderStatus = order.status;
  await recordHistory(
    tx,
    order.id,
    steps.map((s) => {
      const entry = { field: 'status' as const, fromValue: previous, toValue: s, actor, createdAt: now };
      previous = s;
      return entry;
    }),
  );
  return steps;
}
