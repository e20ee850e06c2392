import type { User } from '@zevar/domain';
import { activeSubscription } from '../../../lib/vendor-plan';

/**
 * Process Payout is offered only for a vendor with revenue above 0 and an active, unexpired
 * subscription whose plan is not Free (back-office §5).
 */
export function isPayoutEligible(user: User, now: Date = new Date()): boolean {
  if (user.type !== 'vendor') return false;
  if ((user.vendorStats?.revenue ?? 0) <= 0) return false;
  const subscription = activeSubscription(user, now);
  return subscription !== null && subscription.vendorPlan.plan !== 'FREE';
}
