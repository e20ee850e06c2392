import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { metalPurities, products } from '../../db/schema';

/** GST basis points from the configured percent (3 → 300). */
export const gstBasisPoints = (config: { GST_RATE_PERCENT: number }) =>
  Math.round(config.GST_RATE_PERCENT * 100);

/**
 * The domain's `jewelleryPrice` total as SQL, for a product row at a purity rate (paise per gram):
 * every amount is an exact numerator over 10^7 paise (weight in mg, percents in basis points), and the
 * total is rounded half up ONCE with integer division, so PostgreSQL and TypeScript agree to the paisa
 * (checked by reprice.test.ts).
 */
export function jewelleryPriceSql(rate: SQL, gstBp: number): SQL<number> {
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

export const metalPriced = inArray(products.productType, ['GOLD', 'SILVER']);

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
