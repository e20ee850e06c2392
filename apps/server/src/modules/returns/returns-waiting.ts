import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { returnRequests } from '../../db/schema';

/** Return requests waiting for the admin's decision (the Returns list's first filter). */
export async function returnsToDecide(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(returnRequests)
    .where(eq(returnRequests.status, 'REQUESTED'));
  return row?.n ?? 0;
}
