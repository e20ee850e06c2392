// No zod here: the storefront's first load uses these; planSchema is in primitives.ts.

/** Vendor plan tiers. Wire values are upper case; input is accepted in any case ('standard' included). */
export const PLANS = ['FREE', 'BASIC', 'STANDARD', 'PREMIUM'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_WEIGHTS: Record<Plan, number> = { FREE: 0, BASIC: 1, STANDARD: 2, PREMIUM: 4 };
export const PLAN_LABELS: Record<Plan, string> = {
  FREE: 'Free',
  BASIC: 'Basic',
  STANDARD: 'Standard',
  PREMIUM: 'Premium',
};
export const DEFAULT_PLAN: Plan = 'FREE';

/** An item carrying `itemPlan` is visible in a shop on `vendorPlan` when its weight is at most the vendor's. */
export function isVisibleOnPlan(itemPlan: Plan, vendorPlan: Plan): boolean {
  return PLAN_WEIGHTS[itemPlan] <= PLAN_WEIGHTS[vendorPlan];
}

/**
 * The one plan rule for a product (the server's SQL form is `productVisibleTo` in the storefront's
 * visibility read model): a shop on `vendorPlan` may show and sell a product when the product's plan,
 * its category's plan and that category's parent's plan (if any) all weigh at most the vendor's.
 */
export function productVisibleOnPlan(
  vendorPlan: Plan,
  item: { plan: Plan; categoryPlan: Plan; parentCategoryPlan: Plan | null },
): boolean {
  return (
    isVisibleOnPlan(item.plan, vendorPlan) &&
    isVisibleOnPlan(item.categoryPlan, vendorPlan) &&
    (item.parentCategoryPlan === null || isVisibleOnPlan(item.parentCategoryPlan, vendorPlan))
  );
}

/** Plans whose items a vendor on `vendorPlan` may show. */
export function plansVisibleTo(vendorPlan: Plan): Plan[] {
  return PLANS.filter((p) => isVisibleOnPlan(p, vendorPlan));
}
