import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

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

/** A purity's rate per gram, as the metals module (its owner) hands it over. */
export type PurityRate = { purityId: number; ratePaise: number };

/** The rates as a table the statement joins: `purity_rate(purity_id, rate_paise)`. */
const rateTable = (rates: PurityRate[]) =>
  sql`(values ${sql.join(
    rates.map((r) => sql`(${r.purityId}::int, ${r.ratePaise}::bigint)`),
    sql`, `,
  )}) as purity_rate(purity_id, rate_paise)`;
const rateColumn = sql`purity_rate.rate_paise`;
const ofRates = sql`${products.purityId} = purity_rate.purity_id`;

/**
 * Re-prices the metal-priced products of the given purities at the given rates, in ONE statement (so
 * in the caller's transaction no reader sees old and new prices mixed). Only rows whose price moves
 * are written, and no indexed column changes, so the updates are HOT (migration 0010). `where`
 * narrows further (tests). Returns how many changed.
 */
export async function repriceProducts(
  tx: DbOrTx,
  rates: PurityRate[],
  gstBp: number,
  now: Date,
  where?: SQL,
): Promise<number> {
  if (rates.length === 0) return 0;
  const price = jewelleryPriceSql(rateColumn, gstBp);
  const rows = await tx
    .update(products)
    .set({ pricePaise: price, updatedAt: now })
    .from(rateTable(rates))
    .where(and(ofRates, metalPriced, where, sql`${products.pricePaise} <> ${price}`))
    .returning({ id: products.id });
  return rows.length;
}

/** How many products a metal or one of its purities prices (a used one cannot be deleted). */
export async function countProductsPricedBy(db: DbOrTx, by: { metalId: number } | { purityId: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where('metalId' in by ? eq(products.metalId, by.metalId) : eq(products.purityId, by.purityId));
  return row?.n ?? 0;
}

/**
 * What new rates would do before they are saved: how many products change price, and the old and
 * new price of the best-selling few.
 */
export async function previewReprice(db: DbOrTx, rates: PurityRate[], gstBp: number, samples: number) {
  if (rates.length === 0) return { affected: 0, samples: [] };
  const newPrice = jewelleryPriceSql(rateColumn, gstBp);
  const changing = and(ofRates, metalPriced, sql`${products.pricePaise} <> ${newPrice}`);
  const [affected] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(rateTable(rates), ofRates)
    .where(changing);
  const rows = await db
    .select({ id: products.id, name: products.name, oldPaise: products.pricePaise, newPaise: newPrice })
    .from(products)
    .innerJoin(rateTable(rates), ofRates)
    .where(changing)
    .orderBy(desc(products.salesCount), asc(products.id))
    .limit(samples);
  return { affected: affected?.n ?? 0, samples: rows.map((r) => ({ ...r, newPaise: Number(r.newPaise) })) };
}
