import { and, eq, inArray } from 'drizzle-orm';
import { PLANS } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { categories, products, users } from '../../db/schema';
import { categoryVisibleTo, planVisibleTo } from '../storefront';

/*
 * Read model (docs/decisions/0015): which of an order's products a reseller's plan lets it sell (the
 * users module's plan, the products and categories modules' plans). Reads only.
 */

/**
 * The ids among `productIds` that a shop on the vendor's plan may sell (the product's plan, its
 * category's and its parent category's all within the vendor's). Unknown vendor: none. Archived
 * products count: the plan rule, not the product's later status, decides what was sold through it.
 */
export async function productsOnPlanOf(
  db: DbOrTx,
  vendorId: number,
  productIds: number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const [vendor] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, vendorId));
  if (!vendor || !PLANS.includes(vendor.plan)) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        inArray(products.id, productIds),
        planVisibleTo(vendor.plan, products.plan),
        categoryVisibleTo(vendor.plan),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
