import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { PLANS, plansVisibleTo, type Plan } from '@zevar/domain';
import { categories, products } from '../../db/schema';
import type { AppContext } from '../../context';
import { createShopsService, type Shop } from '../users/shops.service';

/** Products a shop on `plan` may show: the product's and its category's plan weight are at most the vendor's. */
export function productVisibleTo(plan: Plan): SQL {
  const plans = plansVisibleTo(plan);
  // The top tier sees everything: no filter at all keeps the plans' index choices simple.
  if (plans.length === PLANS.length) return sql`true`;
  return and(inArray(products.plan, plans), inArray(categories.plan, plans))!;
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
export type ShopResolver = ReturnType<typeof createShopResolver>;
