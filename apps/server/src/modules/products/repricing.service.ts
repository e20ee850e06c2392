import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { metalPurities, products } from '../../db/schema';

/**
 * Metal-priced products follow their purity's rate. The products module owns the `products` table
 * (decision 0015), so every statement that re-prices products lives here; `metals` calls it inside
 * its own rate-change transaction.
 */

/** GST basis points from the configured percent (3 → 300). */
export const gstBasisPoints = (config: { GST_RATE_PERCENT: number }) =>
  Math.round(config.GST_RATE_PERCENT * 100);

/**
 * The domain's `jewelleryPrice` total as SQL, for a product row at a purity rate (paise per gram):
 * every amount is an exact numerator over 10^7 paise (weight in mg, percents in basis points), and the
 * total is rounded half up ONCE with integer division, so PostgreSQL and TypeScript agree to the paisa
 * (checked by purities.routes.test.ts).
 */
function jewelleryPriceSql(rate: SQL, gstBp: number): SQL<number> {
  const mg = sql`${products.metalWeightMg}::numeric`;
  const making = sql`case ${products.makingKind}
      when 'PER_GRAM' then ${products.makingValue}::numeric * ${mg} * 10000
      when 'PERCENT' then (${rate})::numeric * ${mg} * ${products.makingValue}
      when 'FLAT' then ${products.makingValue}::numeric * 10000000
      else 0 end`;
  const taxable = sql`((${rate})::numeric * ${mg} * 10000 + ${making} + ${products.stonesPaise}::numeric * 10000000)`;
  // ::int keeps the catalogue's price limit: a rate that would price a product past it is out of range.
  return sql<number>`div(2 * ${taxable} * ${10_000 + gstBp} + 100000000000, 200000000000)::int`;
}

const metalPriced = inArray(products.productType, ['GOLD', 'SILVER']);

/**
 * Re-prices the metal-priced products matching `where` from their purity's current rate, in ONE
 * statement (so in the caller's transaction no reader sees old and new prices mixed). Only rows whose
 * price moves are written. Returns how many changed.
 */
export async function repriceProducts(
  tx: DbOrTx,
  where: SQL | undefined,
  gstBp: number,
  now: Date,
): Promise<number> {
  const price = jewelleryPriceSql(sql`${metalPurities.ratePaise}`, gstBp);
  const rows = await tx
    .update(products)
    .set({ pricePaise: price, updatedAt: now })
    .from(metalPurities)
    .where(
      and(
        eq(metalPurities.id, products.purityId),
        metalPriced,
        where,
        sql`${products.pricePaise} <> ${price}`,
      ),
    )
    .returning({ id: products.id });
  return rows.length;
}

/** Products priced by one metal's purities. */
export const ofMetal = (metalId: number) => eq(products.metalId, metalId);
/** Products priced by one purity. */
export const ofPurity = (purityId: number) => eq(products.purityId, purityId);

/**
 * What a new rate would do before it is saved: how many of the metal's products change price, and the
 * old and new price of the best-selling few. `purityRate` is each purity's rate under the new fine rate.
 */
export async function previewReprice(
  db: DbOrTx,
  metalId: number,
  purityRate: SQL,
  gstBp: number,
  samples: number,
) {
  const newPrice = jewelleryPriceSql(purityRate, gstBp);
  const changing = and(
    eq(products.metalId, metalId),
    metalPriced,
    sql`${products.pricePaise} <> ${newPrice}`,
  );
  const [affected] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(metalPurities, eq(metalPurities.id, products.purityId))
    .where(changing);
  const rows = await db
    .select({ id: products.id, name: products.name, oldPaise: products.pricePaise, newPaise: newPrice })
    .from(products)
    .innerJoin(metalPurities, eq(metalPurities.id, products.purityId))
    .where(changing)
    .orderBy(desc(products.salesCount), asc(products.id))
    .limit(samples);
  return { affected: affected?.n ?? 0, samples: rows.map((r) => ({ ...r, newPaise: Number(r.newPaise) })) };
}
