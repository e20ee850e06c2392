import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PLANS, plansVisibleTo, type Plan } from '@zevar/domain';
import { categories, products } from '../../db/schema';
import type { AppContext } from '../../context';
import { createShopsService, type Shop } from '../users';

/*
 * Read model (docs/decisions/0015): the plan rule as SQL over the products and categories modules'
 * tables, shared by every storefront, cart and checkout read. Reads only.
 */

/**
 * The one plan rule for products, used by the storefront, the cart quote, the checkout and
 * initiate-order: a shop on `plan` may show and sell a product when the product's plan, its
 * category's plan and that category's parent's plan all weigh at most the vendor's. The query must
 * join `categories` on the product's category. An archived product is in no shop.
 */
export function productVisibleTo(plan: Plan): SQL {
  const plans = plansVisibleTo(plan);
  const active = eq(products.status, 'active');
  // The top tier sees every active product: no plan filter keeps the plans' index choices simple.
  if (plans.length === PLANS.length) return active;
  const parentVisible = sql`(${categories.parentId} is null or exists (select 1 from ${categories} as pc where pc.id = ${categories.parentId} and pc.plan in (${sql.join(
    plans.map((p) => sql`${p}`),
    sql`, `,
  )})))`;
  return and(active, inArray(products.plan, plans), inArray(categories.plan, plans), parentVisible)!;
}

export function categoryVisibleTo(plan: Plan): SQL {
  const plans = plansVisibleTo(plan);
  return plans.length === PLANS.length ? sql`true` : inArray(categories.plan, plans);
}

/**
 * The shop behind `vendorSlug`, or the default storefront when none is given; unknown slug -> 404.
 * Cached until a write invalidates shops, so storefront reads do not touch the users table.
 */
export function createShopResolver(ctx: AppContext) {
  const shops = createShopsService(ctx);
  return (vendorSlug: string | undefined): Promise<Shop> => {
    const slug = (vendorSlug ?? ctx.config.DEFAULT_VENDOR_SLUG).trim().toLowerCase();
    return ctx.cache.value(`shop:${slug}`, ['shops'], () => shops.requireShop(slug));
  };
}
