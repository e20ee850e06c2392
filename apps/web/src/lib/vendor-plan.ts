import { DEFAULT_PLAN, type Plan, type User } from '@zevar/domain';

type Subscription = User['subscriptions'][number];

/** A subscription counts as active when its flag is set and its end date is in the future. */
export function activeSubscription(vendor: User, now: Date = new Date()): Subscription | null {
  const active = vendor.subscriptions.filter(
    (s) => s.active && s.endDate !== null && new Date(s.endDate).getTime() > now.getTime(),
  );
  // The one that runs longest is the one that matters to the vendor.
  active.sort((a, b) => new Date(b.endDate ?? 0).getTime() - new Date(a.endDate ?? 0).getTime());
  return active[0] ?? null;
}

/** The vendor's current plan: as the server reports it, else the active subscription's, else Free. */
export function currentPlan(vendor: User, now: Date = new Date()): Plan {
  return vendor.plan ?? activeSubscription(vendor, now)?.vendorPlan.plan ?? DEFAULT_PLAN;
}
