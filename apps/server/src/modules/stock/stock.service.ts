import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  HUID_ADJUST_MESSAGE,
  PAYMENT_TEXT,
  stockBand,
  unpaidHoldAllowance,
  type StockAdjustment,
  type StockAdjustmentInput,
} from '@zevar/domain';
import type { DbOrTx, Tx } from '../../db/client';
import { productPieces, products, stockAdjustments } from '../../db/schema';
import { lineIdsOf, orderLines, orderLinesWithIds, unpaidHoldsOf } from './order-units.read-model';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { noteChanged } from '../../lib/cache/changes';
import { productTag, stockTag } from '../../lib/cache/invalidation';
import { recordChangeIn } from '../audit';
import { builtOnce, type Placeholders } from '../../db/built-once';

/**
 * The one owner of a product's stock and sales count. Checkout, payments and orders call these
 * functions inside their own transaction; nothing else writes `products.stock` or `sales_count`.
 *
 * Locking order: every function touches product rows in ascending product id, so two transactions
 * that share products (a new order reserving, a release or an admin cancelling returning stock)
 * wait for each other instead of deadlocking.
 */

type Line = { productId: number; quantity: number };

/**
 * Tells the public cache (decisions 0036, 0081): single-product answers show the exact stock; lists
 * show its band, so they change only when the band does; lists that leave out products without stock
 * change only when it reaches or leaves zero.
 */
export function noteStock(productId: number, before: number, after: number) {
  noteChanged(stockTag(productId));
  if (stockBand(before) !== stockBand(after)) noteChanged(productTag(productId));
  if ((before === 0) !== (after === 0)) noteChanged('stock-lists');
}

/** Sorts by product id (the one locking order). */
function inLockOrder<T extends Line>(lines: T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}

/** Takes one line's units while enough are left (a conditional update, never read-then-write). */
const takeUnits = builtOnce((db, p: Placeholders<'productId' | 'quantity'>) =>
  db
    .update(products)
    .set({ stock: sql`${products.stock} - ${p.quantity}` })
    .where(and(eq(products.id, p.productId), sql`${products.stock} >= ${p.quantity}`))
    .returning({ stock: products.stock, hallmarked: products.hallmarked }),
);

/**
 * Takes a line's units; false when they are not on the shelf. A hallmarked product's id is added to
 * `hallmarked` (read from the row just updated, so `takePieces` need not read it again: decision 0089).
 */
async function take(tx: Tx, line: Line, hallmarked: Set<number>): Promise<boolean> {
  const taken = await takeUnits(tx, { productId: line.productId, quantity: line.quantity });
  const row = taken[0];
  if (row === undefined) return false;
  noteStock(line.productId, row.stock + line.quantity, row.stock);
  if (row.hallmarked) hallmarked.add(line.productId);
  return true;
}

/** A new order's reservation: held, with the ids of its hallmarked products, or not held. */
export type Reservation = { held: true; hallmarked: Set<number> } | { held: false };

/** What a reservation may hold: the share of each product unpaid orders may hold. */
export type HoldRules = { sharePercent: number };

/**
 * Reserves new order lines; a shortage is a 409 naming the product and what is left. With `rules`,
 * unpaid orders (this one included) may hold at most their share of each product
 * (`unpaidHoldAllowance`): an order that would hold more, or whose missing pieces sit in other
 * shoppers' unpaid orders, holds nothing ('unheld') and takes its pieces when it is paid. The product
 * rows are locked first (ascending id), so concurrent reservations count each other.
 */
export async function reserveLines(
  tx: Tx,
  lines: Array<Line & { name: string }>,
  rules?: HoldRules,
): Promise<Reservation> {
  // At 100 % unpaid orders may hold everything: a shortage is simply out of stock.
  if (rules && rules.sharePercent < 100 && !(await holdFits(tx, lines, rules))) return { held: false };
  const hallmarked = new Set<number>();
  for (const line of inLockOrder(lines)) {
    if (await take(tx, line, hallmarked)) continue;
    const [left] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.productId));
    throw conflict(PAYMENT_TEXT.outOfStock(line.name, left?.stock ?? 0));
  }
  return { held: true, hallmarked };
}

/** The products' rows, locked in ascending id (the one locking order). */
const lockShelf = builtOnce((db, p: Placeholders<'ids'>) =>
  db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(sql`${products.id} = any(${p.ids})`)
    .orderBy(asc(products.id))
    .for('update'),
);

/** Whether the lines may be held; a 409 when not even unpaid orders' pieces would cover them. */
async function holdFits(tx: Tx, lines: Array<Line & { name: string }>, rules: HoldRules) {
  const ids = lines.map((l) => l.productId);
  const shelf = await lockShelf(tx, { ids });
  const stockOf = new Map(shelf.map((r) => [r.id, r.stock]));
  const holds = await unpaidHoldsOf(tx, ids);
  let fits = true;
  for (const line of inLockOrder(lines)) {
    const stock = stockOf.get(line.productId) ?? 0;
    const held = holds.get(line.productId) ?? 0;
    if (stock + held < line.quantity) throw conflict(PAYMENT_TEXT.outOfStock(line.name, stock));
    const heldAfter = held + line.quantity;
    if (stock < line.quantity || heldAfter > unpaidHoldAllowance(stock + held, rules.sharePercent))
      fits = false;
  }
  return fits;
}

/**
 * Takes the pieces of an order that held none (beyond the share) when its payment arrives: its lines'
 * units and hallmarked pieces, or a 409 when they are gone (the caller refunds the payment then).
 */
export async function takeOrderStockAtPayment(tx: Tx, orderId: string): Promise<Map<number, string[]>> {
  const lines = await orderLinesWithIds(tx, orderId);
  const hallmarked = new Set<number>();
  for (const line of inLockOrder(lines)) {
    if (!(await take(tx, line, hallmarked))) throw conflict(PAYMENT_TEXT.outOfStock(line.name, 0));
  }
  return takePieces(tx, lines, hallmarked);
}

export const HUID_TAKEN = 'This HUID is already on another piece in stock';

/** HUIDs of a product's pieces on the shelf, oldest first. */
export async function piecesInStock(db: DbOrTx, productId: number): Promise<string[]> {
  const rows = await db
    .select({ huid: productPieces.huid })
    .from(productPieces)
    .where(and(eq(productPieces.productId, productId), isNull(productPieces.orderItemId)))
    .orderBy(asc(productPieces.id));
  return rows.map((r) => r.huid);
}

/**
 * Sets the pieces on a hallmarked product's shelf to exactly these HUIDs (the product form keeps one
 * per unit of stock); reserved and sold pieces are left alone. A HUID already on another product's
 * shelf violates the unique index, which the caller reports as HUID_TAKEN.
 */
export async function replacePieces(tx: Tx, productId: number, huids: string[]): Promise<void> {
  const onShelf = and(eq(productPieces.productId, productId), isNull(productPieces.orderItemId));
  await tx
    .delete(productPieces)
    .where(huids.length ? and(onShelf, notInArray(productPieces.huid, huids)) : onShelf);
  const kept = new Set(await piecesInStock(tx, productId));
  const added = huids.filter((h) => !kept.has(h));
  if (added.length) await tx.insert(productPieces).values(added.map((huid) => ({ productId, huid })));
}

/**
 * Gives each new order line of a hallmarked product as many pieces as its quantity (the oldest on the
 * shelf first) and returns their HUIDs by order line id. Runs right after `reserveLines`, in the same
 * transaction, so the pieces taken match the units taken.
 */
export async function takePieces(
  tx: Tx,
  lines: Array<{ orderItemId: number; productId: number; quantity: number; name: string }>,
  /** The lines' hallmarked products when the caller knows them (`reserveLines` says): not read again. */
  known?: Set<number>,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const hallmarked = known
    ? [...known].map((id) => ({ id }))
    : lines.length
      ? await tx
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              inArray(
                products.id,
                lines.map((l) => l.productId),
              ),
              eq(products.hallmarked, true),
            ),
          )
      : [];
  const ids = new Set(hallmarked.map((h) => h.id));
  for (const line of inLockOrder(lines.filter((l) => ids.has(l.productId)))) {
    const pieces = await tx
      .select({ id: productPieces.id, huid: productPieces.huid })
      .from(productPieces)
      .where(and(eq(productPieces.productId, line.productId), isNull(productPieces.orderItemId)))
      .orderBy(asc(productPieces.id))
      .limit(line.quantity)
      .for('update');
    if (pieces.length < line.quantity) throw conflict(PAYMENT_TEXT.outOfStock(line.name, pieces.length));
    await tx
      .update(productPieces)
      .set({ orderItemId: line.orderItemId })
      .where(
        inArray(
          productPieces.id,
          pieces.map((p) => p.id),
        ),
      );
    out.set(
      line.orderItemId,
      pieces.map((p) => p.huid),
    );
  }
  return out;
}

/** Puts an order's reserved units back on the shelf. The caller's gate makes this happen once. */
export async function returnOrderStock(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(productPieces)
    .set({ orderItemId: null })
    .where(inArray(productPieces.orderItemId, lineIdsOf(tx, orderId)));
  for (const line of await orderLines(tx, orderId)) {
    const [after] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    if (after) noteStock(line.productId, after.stock - line.quantity, after.stock);
  }
}

const countSold = builtOnce((db, p: Placeholders<'productId' | 'quantity'>) =>
  db
    .update(products)
    .set({ salesCount: sql`${products.salesCount} + ${p.quantity}` })
    .where(eq(products.id, p.productId)),
);

/** Counts a paid order's units as sold. */
export async function recordSale(
  tx: Tx,
  orderId: string,
  /** The order's lines when the caller read them already (one statement fewer per paid order). */
  known?: ReadonlyArray<{ productId: number | null; quantity: number }>,
): Promise<void> {
  const lines = known
    ? known
        .filter((l): l is { productId: number; quantity: number } => l.productId !== null)
        // The same order as `orderLines` (by product): concurrent sales lock product rows alike.
        .sort((a, b) => a.productId - b.productId)
    : await orderLines(tx, orderId);
  for (const line of lines) {
    await countSold(tx, { productId: line.productId, quantity: line.quantity });
    // Its page shows the sales count (lists do not), and trending and the top 10 are ordered by it.
    noteChanged(stockTag(line.productId), 'popularity');
  }
}

/** Takes a cancelled or refunded sale back out of the sales count. */
export async function reverseSale(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    await tx
      .update(products)
      .set({ salesCount: sql`greatest(${products.salesCount} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId));
    noteChanged(stockTag(line.productId), 'popularity');
  }
}

const STOCK_TEXT = {
  notEnough: (left: number) => `Only ${left} in stock: you cannot take out more`,
  notOnShelf: (huids: string[]) => `Not on the shelf of this product: ${huids.join(', ')}`,
  huidsForHallmarked: HUID_ADJUST_MESSAGE,
  noHuidsForPlain: 'Only a hallmarked product has HUIDs',
} as const;

/**
 * An admin's explicit stock change (goods received, a piece damaged or lost, a count corrected),
 * recorded with its reason and who made it. The row is locked, so a sale at the same moment waits;
 * stock never goes below zero. A hallmarked product's pieces come in or go out by HUID.
 */
export async function adjustStock(
  tx: Tx,
  productId: number,
  input: StockAdjustmentInput,
  adjustedBy: string,
): Promise<StockAdjustment> {
  const [product] = await tx
    .select({ stock: products.stock, hallmarked: products.hallmarked })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFound('Product');
  if (product.hallmarked && input.huids.length !== Math.abs(input.change))
    throw badRequest(STOCK_TEXT.huidsForHallmarked, [
      { path: 'huids', message: STOCK_TEXT.huidsForHallmarked },
    ]);
  if (!product.hallmarked && input.huids.length > 0)
    throw badRequest(STOCK_TEXT.noHuidsForPlain, [{ path: 'huids', message: STOCK_TEXT.noHuidsForPlain }]);
  if (product.stock + input.change < 0)
    throw badRequest(STOCK_TEXT.notEnough(product.stock), [
      { path: 'change', message: STOCK_TEXT.notEnough(product.stock) },
    ]);
  if (product.hallmarked && input.change > 0) {
    await tx.insert(productPieces).values(input.huids.map((huid) => ({ productId, huid })));
  } else if (product.hallmarked) {
    const removed = await tx
      .delete(productPieces)
      .where(
        and(
          eq(productPieces.productId, productId),
          isNull(productPieces.orderItemId),
          inArray(productPieces.huid, input.huids),
        ),
      )
      .returning({ huid: productPieces.huid });
    const gone = new Set(removed.map((r) => r.huid));
    const missing = input.huids.filter((h) => !gone.has(h));
    if (missing.length)
      throw badRequest(STOCK_TEXT.notOnShelf(missing), [
        { path: 'huids', message: STOCK_TEXT.notOnShelf(missing) },
      ]);
  }
  const [after] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${input.change}` })
    .where(eq(products.id, productId))
    .returning({ stock: products.stock });
  noteStock(productId, product.stock, after!.stock);
  const [row] = await tx
    .insert(stockAdjustments)
    .values({
      productId,
      change: input.change,
      stockAfter: after!.stock,
      reason: input.reason,
      huids: input.huids,
      adjustedBy,
    })
    .returning();
  // The product's history shows the shelf count moving (the adjustment row itself is the 'after').
  await recordChangeIn(tx, {
    action: 'stock',
    entityType: 'product',
    entityId: productId,
    before: { stock: product.stock },
    after: { stock: after!.stock, change: input.change, reason: input.reason, huids: input.huids },
  });
  return toAdjustment(row!);
}

function toAdjustment(row: typeof stockAdjustments.$inferSelect): StockAdjustment {
  return {
    id: row.id,
    change: row.change,
    stockAfter: row.stockAfter,
    reason: row.reason,
    huids: row.huids,
    adjustedBy: row.adjustedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product's stock adjustments, newest first (the last 100). */
export async function stockAdjustmentsOf(db: DbOrTx, productId: number): Promise<StockAdjustment[]> {
  const rows = await db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.productId, productId))
    .orderBy(desc(stockAdjustments.id))
    .limit(100);
  return rows.map(toAdjustment);
}

/** Opening stock of a new product (its pieces by HUID when hallmarked). */
export async function setOpeningStock(tx: Tx, productId: number, stock: number, huids: string[]) {
  await tx.update(products).set({ stock }).where(eq(products.id, productId));
  noteChanged(productTag(productId), stockTag(productId), 'stock-lists');
  if (huids.length) await tx.insert(productPieces).values(huids.map((huid) => ({ productId, huid })));
}

/**
 * Opening stock of many new products at once (an import): one statement per batch, their pieces by
 * HUID when hallmarked. The caller's transaction commits or drops them with the products.
 */
export async function setOpeningStocks(
  tx: Tx,
  entries: Array<{ productId: number; stock: number; huids: string[] }>,
): Promise<void> {
  const stocked = entries.filter((e) => e.stock !== 0);
  if (stocked.length) {
    const rows = sql.join(
      stocked.map((e) => sql`(${e.productId}::int, ${e.stock}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${products} set stock = v.stock from (values ${rows}) as v(id, stock) where ${products.id} = v.id`,
    );
  }
  const pieces = entries.flatMap((e) => e.huids.map((huid) => ({ productId: e.productId, huid })));
  // Two parameters a piece: well under a statement's 65,535 in batches of 10,000.
  for (let i = 0; i < pieces.length; i += 10_000)
    await tx.insert(productPieces).values(pieces.slice(i, i + 10_000));
  noteChanged(...entries.flatMap((e) => [productTag(e.productId), stockTag(e.productId)]), 'stock-lists');
}
