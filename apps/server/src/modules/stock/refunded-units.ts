import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { productPieces, products } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { noteChanged } from '../../lib/cache/changes';
import { stockTag } from '../../lib/cache/invalidation';
import { noteStock } from './stock.service';

export type RefundedLine = {
  /** Index of the line in the request (for the error path). */
  index: number;
  orderItemId: number;
  productId: number | null;
  units: number;
  /** The pieces the admin named; the line's oldest pieces when left out. */
  huids?: string[];
};

const PIECES_TEXT = {
  count: (units: number) => `Name one HUID for each of the ${units} pieces`,
  notOnLine: (huids: string[]) => `Not a piece of this order line: ${huids.join(', ')}`,
} as const;

/**
 * Units of order lines refunded in part (docs/decisions/0039): takes them out of the sales count and,
 * when `restock`, puts them and their HUID pieces back on the shelf. The pieces of each line are the
 * ones still tied to it that no earlier refund named (`named`); answers the HUIDs concerned per line,
 * kept on the refund so a later refund or a full cancellation never counts a piece twice. Products in
 * ascending id, the stock locking order.
 */
export async function takeBackUnits(
  tx: Tx,
  lines: RefundedLine[],
  restock: boolean,
  named: ReadonlySet<string>,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const sorted = [...lines].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0));
  for (const line of sorted) {
    if (line.units <= 0) continue;
    const huids = await piecesOf(tx, line, named);
    out.set(line.orderItemId, huids);
    if (line.productId === null) continue;
    if (restock && huids.length > 0)
      await tx
        .update(productPieces)
        .set({ orderItemId: null })
        .where(and(eq(productPieces.orderItemId, line.orderItemId), inArray(productPieces.huid, huids)));
    const [after] = await tx
      .update(products)
      .set({
        salesCount: sql`greatest(${products.salesCount} - ${line.units}, 0)`,
        ...(restock ? { stock: sql`${products.stock} + ${line.units}` } : {}),
      })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    noteChanged(stockTag(line.productId), 'popularity');
    if (restock && after) noteStock(line.productId, after.stock - line.units, after.stock);
  }
  return out;
}

/** The pieces of the refunded units: the named ones (checked against the line), else the oldest. */
async function piecesOf(tx: Tx, line: RefundedLine, named: ReadonlySet<string>): Promise<string[]> {
  const tied = await tx
    .select({ huid: productPieces.huid })
    .from(productPieces)
    .where(eq(productPieces.orderItemId, line.orderItemId))
    .orderBy(asc(productPieces.id))
    .for('update');
  const open = tied.map((p) => p.huid).filter((h) => !named.has(h));
  const path = `lines.${line.index}.huids`;
  if (!line.huids || line.huids.length === 0) return open.slice(0, line.units);
  if (line.huids.length !== line.units || new Set(line.huids).size !== line.units)
    throw badRequest(PIECES_TEXT.count(line.units), [{ path, message: PIECES_TEXT.count(line.units) }]);
  const foreign = line.huids.filter((h) => !open.includes(h));
  if (foreign.length)
    throw badRequest(PIECES_TEXT.notOnLine(foreign), [{ path, message: PIECES_TEXT.notOnLine(foreign) }]);
  return line.huids;
}
