import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { refundParts, refunds } from '../../db/schema';
import { DUPLICATE_PAYMENT } from './refund-kinds';

/**
 * Refunds planned line by line (docs/decisions/0039): the refund row and what it takes from each
 * order line, written together in the caller's transaction (the one that locked the order and
 * applied the refund's effects). The gateway is asked after commit, as for every refund.
 */

export type PlannedPart = { orderItemId: number | null; units: number; amountPaise: number; huids: string[] };

export async function requestPlannedRefundIn(
  tx: Tx,
  r: {
    orderId: string;
    paymentId: string;
    amountPaise: number;
    partial: boolean;
    reason: string;
    restock: boolean;
    idempotencyKey: string | null;
    requestedBy: string;
    parts: PlannedPart[];
  },
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: r.orderId,
      providerPaymentId: r.paymentId,
      amountPaise: r.amountPaise,
      partial: r.partial,
      reason: r.reason,
      restock: r.restock,
      idempotencyKey: r.idempotencyKey,
      requestedBy: r.requestedBy,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  const refundId = row!.id;
  if (r.parts.length) await tx.insert(refundParts).values(r.parts.map((p) => ({ ...p, refundId })));
  return refundId;
}

/** The refund an admin's request key made, if any (a double click or a replay). */
export async function refundByKeyIn(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ id: refunds.id, orderId: refunds.orderId, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, key));
  return row;
}

export type TakenPart = {
  refundId: number;
  status: (typeof refunds.$inferSelect)['status'];
  restock: boolean | null;
  orderItemId: number | null;
  units: number;
  amountPaise: number;
  huids: string[];
};

/** Every part earlier refunds of the order took (failed ones too: their effects stay, they are asked again). */
export async function partsTakenIn(db: DbOrTx, orderId: string): Promise<TakenPart[]> {
  return db
    .select({
      refundId: refunds.id,
      status: refunds.status,
      restock: refunds.restock,
      orderItemId: refundParts.orderItemId,
      units: refundParts.units,
      amountPaise: refundParts.amountPaise,
      huids: refundParts.huids,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refundParts.id));
}

/** The order's refunds (not a duplicate capture's), oldest first, with their parts. */
export async function orderRefundsOf(db: DbOrTx, orderId: string) {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.requestedBy, DUPLICATE_PAYMENT)))
    .orderBy(asc(refunds.id));
  const parts = rows.length
    ? await db
        .select()
        .from(refundParts)
        .where(
          inArray(
            refundParts.refundId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(refundParts.id))
    : [];
  return rows.map((r) => ({ ...r, parts: parts.filter((p) => p.refundId === r.id) }));
}

/**
 * A failed planned refund is asked again on the same row (its stock and ledger effects were applied
 * when it was asked, and its credit note waits for its success): FAILED -> REQUESTED, once per ask.
 * Answers whether it was failed.
 */
export async function askAgainIn(
  tx: Tx,
  orderId: string,
  refundId: number,
  now: Date,
  only: 'partial' | 'any' = 'any',
): Promise<boolean> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'REQUESTED',
      providerRefundId: null,
      settledAt: null,
      claimedAt: null,
      attempt: sql`${refunds.attempt} + 1`,
      createdAt: now,
    })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.orderId, orderId),
        eq(refunds.status, 'FAILED'),
        only === 'partial' ? eq(refunds.partial, true) : undefined,
      ),
    )
    .returning({ id: refunds.id });
  return Boolean(row);
}

/** The last failed refund of the order that was planned line by line (has parts), if any. */
export async function lastFailedPlannedRefundIn(tx: Tx, orderId: string): Promise<number | undefined> {
  const rows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(refundParts, eq(refundParts.refundId, refunds.id))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'FAILED'), eq(refunds.partial, false)))
    .orderBy(asc(refunds.id));
  return rows.at(-1)?.id;
}
