import type { Plan } from '@zevar/domain';
import { useVendorSlug } from '../../lib/use-vendor-slug';
import { useLoggedError, useShopPlan } from './storefront-api';

export type ShopState = { slug: string; plan: Plan | undefined; failed: boolean };

/** The shop being browsed and its plan (undefined while loading). */
export function useShop(): ShopState {
  const slug = useVendorSlug();
  const plan = useShopPlan(slug);
  useLoggedError('vendor plan', plan.error);
  return { slug, plan: plan.data, failed: plan.isError };
}
