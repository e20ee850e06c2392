import { max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { metalRateHistory } from '../../db/schema';

/** When a metal rate was last entered (any metal or purity), or null before the first rate. */
export async function lastRateEnteredAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ at: max(metalRateHistory.changedAt) }).from(metalRateHistory);
  return row?.at ? new Date(row.at) : null;
}
