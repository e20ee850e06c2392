import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { vendorEarnings } from '../../db/schema';
import { orderLines } from '../orders';
import { productsOnPlanOf } from './reseller-lines.read-model';
import { builtPerShape, type Placeholders } from '../../db/built-once';

/**
 * The vendor earnings ledger (docs/decisions/0012-money-ledger-refunds.md). Append-only: a sale
 * adds one EARNING row per line, a cancellation or refund adds one REVERSAL row per earned line with
 * the negated figures. Nothing here updates or deletes a row, so every rupee a vendor earned, lost
 * and was paid can be traced.
 */

/**
 * Records the commission of a paid order's lines, once (unique per line and kind), for the reseller
 * the order is credited to (docs/decisions/0059), else the shop's vendor. A reseller credited for a
 * sale in another shop (the platform's, through its link) earns only on the pieces its own plan lets
 * it sell; the other lines earn for the shop's vendor, as a sale without the link would.
 */
export async function recordOrderEarnings(
  tx: Tx,
  order: { id: string; vendorId: number | null; attributedVendorId?: number | null },
  /** The order's lines when the caller read them already (one statement fewer per paid order). */
  known?: Awaited<ReturnType<typeof orderLines>>,
): Promise<void> {
  const credited = order.attributedVendorId ?? order.vendorId;
  if (credited === null) return;
  const items = known ?? (await orderLines(tx, order.id));
  if (items.length === 0) return;
  const fromElsewhere = order.attributedVendorId != null && order.attributedVendorId !== order.vendorId;
  const mayEarn = fromElsewhere
    ? await productsOnPlanOf(
        tx,
        credited,
        items.flatMap((i) => (i.productId === null ? [] : [i.productId])),
      )
    : null;
  const earner = (productId: number | null) =>
    !mayEarn || (productId !== null && mayEarn.has(productId)) ? credited : order.vendorId;
  const rows = items.flatMap((i) => {
    const vendorId = earner(i.productId);
    return vendorId === null ? [] : [{ ...i, vendorId }];
  });
  if (rows.length === 0) return;
  const values: Record<string, unknown> = { orderId: order.id };
  rows.forEach((i, n) => {
    values[`vendorId_${n}`] = i.vendorId;
    values[`orderItemId_${n}`] = i.id;
    values[`units_${n}`] = i.quantity;
    values[`amountPaise_${n}`] = i.vendorCommissionPaise * i.quantity;
    values[`revenuePaise_${n}`] = i.totalPricePaise;
  });
  await insertEarnings(tx, rows.length, values);
}

/** One statement per number of lines, built once (decision 0102). */
const insertEarnings = builtPerShape(
  (rows: number) => String(rows),
  (db, p: Placeholders<string>, rows) =>
    db
      .insert(vendorEarnings)
      .values(
        Array.from({ length: rows }, (_, n) => ({
          vendorId: p[`vendorId_${n}`]!,
          orderId: p.orderId!,
          orderItemId: p[`orderItemId_${n}`]!,
          kind: 'EARNING' as const,
          units: p[`units_${n}`]!,
          amountPaise: p[`amountPaise_${n}`]!,
          revenuePaise: p[`revenuePaise_${n}`]!,
        })),
      )
      .onConflictDoNothing({
        target: [vendorEarnings.orderItemId, vendorEarnings.kind, vendorEarnings.refundId],
      }),
);

/**
 * Reverses what an order earned: a REVERSAL row for each EARNING row, once. When the earning was
 * already paid out the vendor's balance goes below zero and the next payout nets it off.
 */
export async function reverseOrderEarnings(tx: Tx, orderId: string, at: Date): Promise<void> {
  const earned = await tx
    .select()
    .from(vendorEarnings)
    .where(and(eq(vendorEarnings.orderId, orderId), eq(vendorEarnings.kind, 'EARNING')));
  if (earned.length === 0) return;
  await tx
    .insert(vendorEarnings)
    .values(
      earned.map((e) => ({
        vendorId: e.vendorId,
        orderId: e.orderId,
        orderItemId: e.orderItemId,
        kind: 'REVERSAL' as const,
        units: -e.units,
        amountPaise: -e.amountPaise,
        revenuePaise: -e.revenuePaise,
        createdAt: at,
      })),
    )
    .onConflictDoNothing({
      target: [vendorEarnings.orderItemId, vendorEarnings.kind, vendorEarnings.refundId],
    });
}

/**
 * The commission, units and sales value a partial refund reverses, one REVERSAL row per line it
 * touched, carrying the refund's id (unique per line, kind and refund: written once). Only lines that
 * earned are reversed; the amounts are the refund's share (docs/decisions/0039).
 */
export async function reversePartEarnings(
  tx: Tx,
  refundId: number,
  parts: Array<{ orderItemId: number; units: number; commissionPaise: number; revenuePaise: number }>,
  at: Date,
): Promise<void> {
  if (parts.length === 0) return;
  const earned = await tx
    .select()
    .from(vendorEarnings)
    .where(
      and(
        inArray(
          vendorEarnings.orderItemId,
          parts.map((p) => p.orderItemId),
        ),
        eq(vendorEarnings.kind, 'EARNING'),
      ),
    );
  const rows = earned.flatMap((e) => {
    const p = parts.find((x) => x.orderItemId === e.orderItemId);
    if (!p || (p.units === 0 && p.commissionPaise === 0 && p.revenuePaise === 0)) return [];
    return [
      {
        vendorId: e.vendorId,
        orderId: e.orderId,
        orderItemId: e.orderItemId,
        kind: 'REVERSAL' as const,
        refundId,
        units: -p.units,
        amountPaise: -p.commissionPaise,
        revenuePaise: -p.revenuePaise,
        createdAt: at,
      },
    ];
  });
  if (rows.length === 0) return;
  await tx
    .insert(vendorEarnings)
    .values(rows)
    .onConflictDoNothing({
      target: [vendorEarnings.orderItemId, vendorEarnings.kind, vendorEarnings.refundId],
    });
}

/** Commission reversed so far on each of an order's lines (positive paise), for the next refund's plan. */
export async function reversedCommissionByLine(db: DbOrTx, orderId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({
      orderItemId: vendorEarnings.orderItemId,
      reversed: sql<number>`coalesce(-sum(${vendorEarnings.amountPaise}), 0)`.mapWith(Number),
    })
    .from(vendorEarnings)
    .where(and(eq(vendorEarnings.orderId, orderId), eq(vendorEarnings.kind, 'REVERSAL')))
    .groupBy(vendorEarnings.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.reversed]));
}

/** Whether each of an order's lines earned (a line of an order without a vendor earns nothing). */
export async function earnedLines(db: DbOrTx, orderId: string): Promise<Set<number>> {
  const rows = await db
    .select({ orderItemId: vendorEarnings.orderItemId })
    .from(vendorEarnings)
    .where(and(eq(vendorEarnings.orderId, orderId), eq(vendorEarnings.kind, 'EARNING')));
  return new Set(rows.map((r) => r.orderItemId));
}

/** The sum of a vendor's ledger rows (commission earned net of reversals), in paise. */
export async function ledgerTotal(db: DbOrTx, vendorId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${vendorEarnings.amountPaise}), 0)`.mapWith(Number) })
    .from(vendorEarnings)
    .where(eq(vendorEarnings.vendorId, vendorId));
  return row?.total ?? 0;
}

/**
 * What a vendor's ledger recorded after `since`, sales and reversals apart (never netted into one
 * count that can go negative): units sold, orders and gross sales value from EARNING rows; units
 * and sales value reversed (refunds, cancellations) from REVERSAL rows, as positive figures. Paise.
 */
export async function ledgerSince(db: DbOrTx, vendorId: number, since: Date) {
  const earning = sql`${vendorEarnings.kind} = 'EARNING'`;
  const reversal = sql`${vendorEarnings.kind} = 'REVERSAL'`;
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${vendorEarnings.units}) filter (where ${earning}), 0)`.mapWith(Number),
      orders: sql<number>`count(distinct ${vendorEarnings.orderId}) filter (where ${earning})`.mapWith(
        Number,
      ),
      sales: sql<number>`coalesce(sum(${vendorEarnings.revenuePaise}) filter (where ${earning}), 0)`.mapWith(
        Number,
      ),
      reversedUnits:
        sql<number>`coalesce(-sum(${vendorEarnings.units}) filter (where ${reversal}), 0)`.mapWith(Number),
      reversedSales:
        sql<number>`coalesce(-sum(${vendorEarnings.revenuePaise}) filter (where ${reversal}), 0)`.mapWith(
          Number,
        ),
    })
    .from(vendorEarnings)
    .where(and(eq(vendorEarnings.vendorId, vendorId), gt(vendorEarnings.createdAt, since)));
  return {
    units: row?.units ?? 0,
    orders: row?.orders ?? 0,
    salesPaise: row?.sales ?? 0,
    reversedUnits: row?.reversedUnits ?? 0,
    reversedPaise: row?.reversedSales ?? 0,
  };
}
