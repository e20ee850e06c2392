import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the names of the categories a returns policy excludes, for the
 * storefront's policy page and to check that the admin named real categories.
 */
export async function categoryNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
