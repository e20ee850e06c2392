import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PLANS, plansVisibleTo, type Plan } from '@zevar/domain';
import { categories, products } from '../../db/schema';
import type { AppContext } from '../../context';
import { createShopsService, type Shop } from '../users';

/*
 * Read model (docs/decisions/0015): the plan rule as SQL over the products and categories modules'
 * tables, shared by every storefront, cart and checkout read. Reads only.
 */

type ProductColumns = { plan: AnyColumn; status: AnyColumn };
type CategoryColumns = { plan: AnyColumn; parentId: AnyColumn };

/** `column in (plans visible to the shop)`, or null for the top tier (it sees everything). */
function inVisiblePlans(plan: Plan, column: AnyColumn | SQL): SQL | null {
  const plans = plansVisibleTo(plan);
  if (plans.length === PLANS.length) return null;
  return sql`${column} in (${sql.join(
    plans.map((p) => sql`${p}`),
    sql`, `,
  )})`;
}

/** `column` (a plan) weighs at most the shop's plan; `true` for the top tier. */
export function planVisibleTo(plan: Plan, column: AnyColumn | SQL): SQL {
  return inVisiblePlans(plan, column) ?? sql`true`;
}

/**
 * The plan rule for a category, over any alias of the categories table: its plan and its parent's
 * plan (if it has one) weigh at most the shop's.
 */
export function categoryVisibleTo(plan: Plan, category: CategoryColumns = categories): SQL {
  const own = inVisiblePlans(plan, category.plan);
  if (!own) return sql`true`;
  const parentPlan = inVisiblePlans(plan, sql`pc.plan`);
  return sql`(${own} and (${category.parentId} is null or exists (select 1 from ${categories} as pc where pc.id = ${category.parentId} and ${parentPlan})))`;
}

/**
 * The one plan rule for products (its in-memory form is `productVisibleOnPlan` in the domain), used
 * by every storefront read (lists, product page, its linked variants, the carousel), the cart quote,
 * the checkout and initiate-order: a shop on `plan` may show and sell a product when the product's
 * plan, its category's plan and that category's parent's plan all weigh at most the vendor's.
 * `product` and `category` may be aliases; the query must join the category on the product's. An
 * archived product is in no shop.
 */
export function productVisibleTo(
  plan: Plan,
  product: ProductColumns = products,
  category: CategoryColumns = categories,
): SQL {
  const active = sql`${product.status} = 'active'`;
  const own = inVisiblePlans(plan, product.plan);
  // The top tier sees every active product: no plan filter keeps the plans' index choices simple.
  if (!own) return active;
  return sql`(${active} and ${own} and ${categoryVisibleTo(plan, category)})`;
}

/**
 * The shop behind `vendorSlug`, or the default storefront when none is given; unknown slug -> 404.
 * Cached until a write invalidates shops, so storefront reads do not touch the users table.
 */
export function createShopResolver(ctx: AppContext) {
  const shops = createShopsService(ctx);
  return (vendorSlug: string | undefined): Promise<Shop> => {
    const slug = shopSlug(ctx, vendorSlug);
    return ctx.cache.value(`shop:${slug}`, ['shops'], () => shops.requireShop(slug));
  };
}

/** The shop `createShopResolver` has kept for `vendorSlug`, if any, at once (decision 0087). */
export function keptShop(ctx: AppContext, vendorSlug: string | undefined): Shop | undefined {
  return ctx.cache.keptValue<Shop>(`shop:${shopSlug(ctx, vendorSlug)}`);
}

const shopSlug = (ctx: AppContext, vendorSlug: string | undefined) =>
  (vendorSlug ?? ctx.config.DEFAULT_VENDOR_SLUG).trim().toLowerCase();
