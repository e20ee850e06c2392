import { and, asc, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, metalPurities, metals, productPieces, products } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what the product spreadsheet needs from the categories, metals
 * and stock modules' tables (names for ids, the pieces on the shelf by HUID). Reads only.
 */

/** Lists given to `inArray` are cut to this size (a statement holds at most 65,535 parameters). */
export const IN_CHUNK = 1000;

export function chunks<T>(list: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type SheetNames = Awaited<ReturnType<typeof loadSheetNames>>;

/** Every category, metal and purity (small tables), to name ids and resolve names. */
export async function loadSheetNames(db: DbOrTx) {
  const [cats, mets, purs] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: metals.id, name: metals.name }).from(metals),
    db
      .select({
        id: metalPurities.id,
        metalId: metalPurities.metalId,
        name: metalPurities.name,
        ratePaise: metalPurities.ratePaise,
      })
      .from(metalPurities)
      .orderBy(asc(metalPurities.id)),
  ]);
  return {
    categoryName: new Map(cats.map((c) => [c.id, c.name])),
    categoryByName: new Map(cats.map((c) => [c.name.toLowerCase(), c.id])),
    metalById: new Map(mets.map((m) => [m.id, m])),
    metalByName: new Map(mets.map((m) => [m.name.toLowerCase(), m])),
    purityById: new Map(purs.map((p) => [p.id, p])),
    purities: purs,
  };
}

/** The HUIDs on the shelf of each product, sorted (the sheet writes them in this order). */
export async function shelfPieces(db: DbOrTx, productIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const ids of chunks(productIds)) {
    const rows = await db
      .select({ productId: productPieces.productId, huid: productPieces.huid })
      .from(productPieces)
      .where(and(inArray(productPieces.productId, ids), isNull(productPieces.orderItemId)));
    for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.huid]);
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** Which product's shelf holds each of these HUIDs. */
export async function huidOwners(db: DbOrTx, huids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const list of chunks(huids)) {
    const rows = await db
      .select({ productId: productPieces.productId, huid: productPieces.huid })
      .from(productPieces)
      .where(and(inArray(productPieces.huid, list), isNull(productPieces.orderItemId)));
    for (const r of rows) out.set(r.huid, r.productId);
  }
  return out;
}

/** The products with these SKUs, whole rows. */
export async function productsBySku(db: DbOrTx, skus: string[]) {
  const out = new Map<string, typeof products.$inferSelect>();
  for (const list of chunks(skus)) {
    const rows = await db.select().from(products).where(inArray(products.sku, list));
    for (const r of rows) out.set(r.sku, r);
  }
  return out;
}

/** Which SKU holds each of these URL slugs (a name differing only in case or punctuation). */
export async function slugOwners(db: DbOrTx, slugs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const list of chunks(slugs)) {
    const rows = await db
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(inArray(products.slug, list));
    for (const r of rows) out.set(r.slug, r.sku);
  }
  return out;
}

/** The whole catalogue in id order, a page at a time (an export never holds it whole). */
export async function* productPages(db: DbOrTx, size = 500) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}
