import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  paiseToRupees,
  PLANS,
  rupeesToPaise,
  STALE_EDIT_MESSAGE,
  type Plan,
  type VendorPlan,
  type VendorPlanInput,
  type VendorPlanUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { planOptions, vendorPlans } from '../../db/schema';
import { planHasSubscriptions } from '../subscriptions';
import { recordChangeIn } from '../audit';

type PlanRow = typeof vendorPlans.$inferSelect;
type OptionRow = typeof planOptions.$inferSelect;

function toDto(plan: PlanRow, options: OptionRow[], onlyActive: boolean): VendorPlan {
  return {
    id: plan.id,
    plan: plan.plan,
    features: plan.features,
    options: options
      .filter((o) => o.planId === plan.id && (!onlyActive || o.active))
      .sort((a, b) => a.durationMonths - b.durationMonths)
      .map((o) => ({
        id: o.id,
        durationInMonths: o.durationMonths,
        price: paiseToRupees(o.pricePaise),
        active: o.active,
      })),
    version: plan.version,
  };
}

const byTier = (a: VendorPlan, b: VendorPlan) => PLANS.indexOf(a.plan) - PLANS.indexOf(b.plan);

export function createPlansService(ctx: AppContext) {
  const { db } = ctx;

  /** All plans with their options in two queries; the public list shows active options only. */
  async function list(onlyActive: boolean): Promise<VendorPlan[]> {
    const plans = await db.select().from(vendorPlans).orderBy(asc(vendorPlans.id));
    if (!plans.length) return [];
    const options = await db
      .select()
      .from(planOptions)
      .where(
        inArray(
          planOptions.planId,
          plans.map((p) => p.id),
        ),
      );
    return plans.map((p) => toDto(p, options, onlyActive)).sort(byTier);
  }

  async function get(id: number, onlyActive = false, conn: DbOrTx = db): Promise<VendorPlan> {
    const [plan] = await conn.select().from(vendorPlans).where(eq(vendorPlans.id, id));
    if (!plan) throw notFound('Plan');
    const options = await conn.select().from(planOptions).where(eq(planOptions.planId, id));
    return toDto(plan, options, onlyActive);
  }

  /** A buyer picks an option by its duration: two active options of one length would be ambiguous. */
  function assertDistinctDurations(input: VendorPlanInput): void {
    const seen = new Set<number>();
    for (const o of input.options) {
      if (!o.active) continue;
      if (seen.has(o.durationInMonths))
        throw conflict(
          `A plan can have only one active ${o.durationInMonths}-month option; deactivate or change the other one`,
        );
      seen.add(o.durationInMonths);
    }
  }

  async function create(input: VendorPlanInput): Promise<VendorPlan> {
    assertDistinctDurations(input);
    try {
      const id = await db.transaction(async (tx) => {
        const [plan] = await tx
          .insert(vendorPlans)
          .values({ plan: input.plan as Plan, features: input.features })
          .returning();
        await tx.insert(planOptions).values(
          input.options.map((o) => ({
            planId: plan!.id,
            durationMonths: o.durationInMonths,
            pricePaise: rupeesToPaise(o.price),
            active: o.active,
          })),
        );
        const after = await get(plan!.id, false, tx);
        await recordChangeIn(tx, { action: 'create', entityType: 'plan', entityId: plan!.id, after });
        return plan!.id;
      });
      return await get(id);
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict('A plan of this type already exists');
      throw err;
    }
  }

  /**
   * The plan type is fixed once created. Options keep their ids (subscriptions point at them):
   * listed ones are updated, new ones added, missing ones deactivated rather than deleted. The edit
   * names the version it started from: over a newer one (plan or options changed meanwhile) nothing is
   * saved and the answer is 409 with `current`.
   */
  async function update(id: number, input: VendorPlanUpdate): Promise<VendorPlan> {
    assertDistinctDurations(input);
    await db.transaction(async (tx) => {
      // Locks the plan row, so two edits of one plan apply one after the other, each from its version.
      await tx.select({ id: vendorPlans.id }).from(vendorPlans).where(eq(vendorPlans.id, id)).for('update');
      const current = await get(id, false, tx);
      if (current.version !== input.version) throw conflict(STALE_EDIT_MESSAGE, { current });
      if (input.plan !== current.plan) throw conflict('The plan type cannot be changed');
      await tx
        .update(vendorPlans)
        .set({ features: input.features, version: sql`${vendorPlans.version} + 1`, updatedAt: ctx.now() })
        .where(eq(vendorPlans.id, id));
      // Only the options listed stay active (below); the rest are kept, inactive, for subscriptions.
      await tx.update(planOptions).set({ active: false }).where(eq(planOptions.planId, id));
      for (const o of input.options) {
        const values = {
          durationMonths: o.durationInMonths,
          pricePaise: rupeesToPaise(o.price),
          active: o.active,
        };
        if (o.id && current.options.some((c) => c.id === o.id)) {
          await tx.update(planOptions).set(values).where(eq(planOptions.id, o.id));
        } else {
          await tx.insert(planOptions).values({ planId: id, ...values });
        }
      }
      const after = await get(id, false, tx);
      await recordChangeIn(tx, {
        action: 'update',
        entityType: 'plan',
        entityId: id,
        before: current,
        after,
      });
    });
    return get(id);
  }

  async function remove(id: number): Promise<void> {
    if (await planHasSubscriptions(db, id))
      throw conflict('This plan has subscriptions and cannot be deleted; deactivate its options instead');
    try {
      await db.transaction(async (tx) => {
        const before = await get(id, false, tx).catch(() => null);
        const deleted = await tx
          .delete(vendorPlans)
          .where(eq(vendorPlans.id, id))
          .returning({ id: vendorPlans.id });
        if (!deleted.length) throw notFound('Plan');
        await recordChangeIn(tx, { action: 'delete', entityType: 'plan', entityId: id, before });
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict('This plan is in use and cannot be deleted');
      throw err;
    }
  }

  return { list, get, create, update, remove };
}
