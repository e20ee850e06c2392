import { and, eq } from 'drizzle-orm';
import type { Plan } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { planOptions, vendorPlans } from '../../db/schema';

/** One option of a plan with the plan tier it buys, or undefined when the option is not that plan's. */
export async function findPlanOption(db: DbOrTx, planId: number, optionId: number) {
  const [row] = await db
    .select({ option: planOptions, plan: vendorPlans.plan })
    .from(planOptions)
    .innerJoin(vendorPlans, eq(vendorPlans.id, planOptions.planId))
    .where(and(eq(planOptions.id, optionId), eq(planOptions.planId, planId)));
  return row ? { option: row.option, plan: row.plan as Plan } : undefined;
}
