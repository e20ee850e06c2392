import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, metalPurities, metals, products } from '../../db/schema';
import { PURITY_COLUMNS } from '../products';
import { productVisibleTo } from '../storefront';
import type { Shop } from '../users';
import { builtPerShape, type Placeholders } from '../../db/built-once';

/*
 * Read model (docs/decisions/0015): the products a cart or an order prices, with the metal rate and
 * purity they are priced from (joins on the products, categories and metals modules' tables), as the
 * shop's plan shows them. Reads only; stock is reserved through the stock module.
 */

/** Loads the products behind a list of ids in one query; those the storefront hides from the shop count as missing. */
export async function loadVisibleProducts(
  db: DbOrTx,
  shop: Shop,
  by: 'id' | 'sku',
  keys: Array<number | string>,
) {
  if (keys.length === 0) return [];
  return visibleProducts(db, { by, plan: shop.plan }, { keys });
}

/** One statement per key and plan, built once (decision 0102). */
const visibleProducts = builtPerShape(
  ({ by, plan }: { by: 'id' | 'sku'; plan: Shop['plan'] }) => `${by}:${plan}`,
  (db, p: Placeholders<'keys'>, { by, plan }) =>
    db
      .select({
        product: products,
        metal: { id: metals.id, name: metals.name, ratePaise: metals.ratePaise },
        purity: PURITY_COLUMNS,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(metals, eq(products.metalId, metals.id))
      .leftJoin(metalPurities, eq(products.purityId, metalPurities.id))
      .where(and(sql`${by === 'id' ? products.id : products.sku} = any(${p.keys})`, productVisibleTo(plan))),
);
