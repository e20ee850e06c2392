import { and, eq, inArray } from 'drizzle-orm';
import { PAYMENT_TEXT } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { productVisibleTo } from '../storefront';
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
};

type ProductRow = typeof products.$inferSelect;

function toLine(p: ProductRow, quantity: number): PricedLine {
  const unitPaise = p.pricePaise;
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
    commissionPaise: p.vendorCommissionPaise,
  };
}

/** Merges repeated keys so a product appears once with the summed quantity. */
function merge<K>(items: Array<{ key: K; quantity: number }>): Map<K, number> {
  const map = new Map<K, number>();
  for (const i of items) map.set(i.key, (map.get(i.key) ?? 0) + i.quantity);
  return map;
}

/** Loads the products behind a list of ids in one query; those the storefront hides from the shop count as missing. */
export async function loadVisibleProducts(
  db: DbOrTx,
  shop: Shop,
  by: 'id' | 'sku',
  keys: Array<number | string>,
) {
  if (keys.length === 0) return [];
  const key = by === 'id' ? inArray(products.id, keys as number[]) : inArray(products.sku, keys as string[]);
  const rows = await db
    .select({ product: products })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(key, productVisibleTo(shop.plan)));
  return rows.map((r) => r.product);
}

/**
 * Prices order lines by SKU from the database, for the shop's plan. A SKU the shop cannot sell is a
 * 409; with `requireStock`, so is a quantity above the current stock.
 */
export async function priceBySku(
  db: DbOrTx,
  shop: Shop,
  items: Array<{ productSku: string; quantity: number }>,
  requireStock: boolean,
): Promise<PricedLine[]> {
  const wanted = merge(items.map((i) => ({ key: i.productSku.trim(), quantity: i.quantity })));
  const rows = await loadVisibleProducts(db, shop, 'sku', [...wanted.keys()]);
  const bySku = new Map(rows.map((r) => [r.sku, r]));
  return [...wanted.entries()].map(([sku, quantity]) => {
    const row = bySku.get(sku);
    if (!row) throw conflict(PAYMENT_TEXT.productUnavailable(sku));
    if (requireStock && quantity > row.stock)
      throw new AppError('CONFLICT', PAYMENT_TEXT.outOfStock(row.name, row.stock));
    return toLine(row, quantity);
  });
}

/** Cart quote: lines by product id, unavailable ones reported rather than refused. */
/** Cart lines priced by product id; quantities in stock are capped at the stock. */
export async function quoteById(
  db: DbOrTx,
  shop: Shop,
  items: Array<{ productId: number; quantity: number }>,
) {
  const wanted = merge(items.map((i) => ({ key: i.productId, quantity: i.quantity })));
  const rows = await loadVisibleProducts(db, shop, 'id', [...wanted.keys()]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...wanted.entries()].map(([productId, quantity]) => {
    const row = byId.get(productId);
    // In stock: the line is kept at what is left; out of stock: shown as asked, never counted.
    const kept = row && row.stock >= 1 ? Math.min(quantity, row.stock) : quantity;
    return row
      ? { available: true as const, line: toLine(row, kept) }
      : { available: false as const, productId, quantity };
  });
}

export const subtotalOf = (lines: Array<{ lineTotalPaise: number }>) =>
  lines.reduce((s, l) => s + l.lineTotalPaise, 0);
