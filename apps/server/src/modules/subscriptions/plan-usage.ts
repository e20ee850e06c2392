import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';

/** Whether any subscription (of any state) was bought on the plan: such a plan is kept, not deleted. */
export async function planHasSubscriptions(db: DbOrTx, planId: number): Promise<boolean> {
  const [used] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.planId, planId))
    .limit(1);
  return Boolean(used);
}
