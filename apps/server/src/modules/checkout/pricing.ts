import { PAYMENT_TEXT, inclusivePriceBreakup, type LineBreakup } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { breakupOf } from '../products';
import { loadVisibleProducts } from './visible-products.read-model';
import type { Shop } from '../users';
import { AppError, conflict } from '../../lib/errors';

export type PricedLine = {
  productId: number;
  sku: string;
  name: string;
  slug: string;
  image: string | null;
  quantity: number;
  /** The product's own price, to the paisa (only the order total is rounded: `orderTotals`). */
  unitPaise: number;
  originalPaise: number | null;
  lineTotalPaise: number;
  stock: number;
  commissionPaise: number;
  /** Why one unit costs `unitPaise` (kept on the order line as its snapshot). */
  breakup: LineBreakup;
};

/**
 * A price held for a checkout's window: the unit price and breakup the shopper was shown, for the
 * pieces the checkout was for. It covers at most `quantity` pieces (decision 0035).
 */
export type LockedPrice = {
  pricePaise: number;
  breakup: LineBreakup;
  quantity: number;
  /** A quote's lowered commission on one piece (its discount comes out of it); absent: the product's. */
  commissionPaise?: number;
};

/**
 * The held price applies to a line of no more pieces than the checkout held; a line of more is priced
 * at today's price as a whole (one line, one unit price, as its invoice line shows).
 */
const lockFor = (locked: LockedPrice | undefined, quantity: number) =>
  locked && quantity <= locked.quantity ? locked : undefined;

/** The breakup must explain the price charged; one that does not (a stale price) falls back to GST-inclusive. */
function consistentBreakup(b: LineBreakup, unitPaise: number, gstBp: number): LineBreakup {
  return b.totalPaise === unitPaise ? b : inclusivePriceBreakup(unitPaise, gstBp);
}

type LoadedRow = Awaited<ReturnType<typeof loadVisibleProducts>>[number];

function toLine(row: LoadedRow, quantity: number, gstBp: number, locked?: LockedPrice): PricedLine {
  const p = row.product;
  const unitPaise = locked?.pricePaise ?? p.pricePaise;
  return {
    productId: p.id,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    image: p.images[0] ?? null,
    quantity,
    unitPaise,
    originalPaise: p.originalPricePaise,
    lineTotalPaise: unitPaise * quantity,
    stock: p.stock,
    commissionPaise: Math.min(locked?.commissionPaise ?? p.vendorCommissionPaise, p.vendorCommissionPaise),
    breakup: locked?.breakup ?? consistentBreakup(breakupOf(row, gstBp), unitPaise, gstBp),
  };
}

/** Merges repeated keys so a product appears once with the summed quantity. */
function merge<K>(items: Array<{ key: K; quantity: number }>): Map<K, number> {
  const map = new Map<K, number>();
  for (const i of items) map.set(i.key, (map.get(i.key) ?? 0) + i.quantity);
  return map;
}

/**
 * Prices order lines by SKU from the database, for the shop's plan. A SKU the shop cannot sell is a
 * 409; with `requireStock`, so is a quantity above the current stock. A SKU in `locked` keeps the
 * price its checkout showed (the price lock during the checkout's window) for as many pieces as the
 * checkout was for.
 */
export async function priceBySku(
  db: DbOrTx,
  shop: Shop,
  items: Array<{ productSku: string; quantity: number }>,
  opts: { requireStock: boolean; gstBp: number; locked?: Map<string, LockedPrice> },
): Promise<PricedLine[]> {
  const wanted = merge(items.map((i) => ({ key: i.productSku.trim(), quantity: i.quantity })));
  const rows = await loadVisibleProducts(db, shop, 'sku', [...wanted.keys()]);
  const bySku = new Map(rows.map((r) => [r.product.sku, r]));
  return [...wanted.entries()].map(([sku, quantity]) => {
    const row = bySku.get(sku);
    if (!row) throw conflict(PAYMENT_TEXT.productUnavailable(sku));
    if (opts.requireStock && quantity > row.product.stock)
      throw new AppError('CONFLICT', PAYMENT_TEXT.outOfStock(row.product.name, row.product.stock));
    return toLine(row, quantity, opts.gstBp, lockFor(opts.locked?.get(sku), quantity));
  });
}

/** Cart quote: lines by product id, unavailable ones reported rather than refused. */
/** Cart lines priced by product id; quantities in stock are capped at the stock. */
export async function quoteById(
  db: DbOrTx,
  shop: Shop,
  items: Array<{ productId: number; quantity: number }>,
  gstBp: number,
) {
  const wanted = merge(items.map((i) => ({ key: i.productId, quantity: i.quantity })));
  const rows = await loadVisibleProducts(db, shop, 'id', [...wanted.keys()]);
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return [...wanted.entries()].map(([productId, quantity]) => {
    const row = byId.get(productId);
    // In stock: the line is kept at what is left; out of stock: shown as asked, never counted.
    const kept = row && row.product.stock >= 1 ? Math.min(quantity, row.product.stock) : quantity;
    return row
      ? { available: true as const, line: toLine(row, kept, gstBp) }
      : { available: false as const, productId, quantity };
  });
}

export const subtotalOf = (lines: Array<{ lineTotalPaise: number }>) =>
  lines.reduce((s, l) => s + l.lineTotalPaise, 0);
