/** The subscriptions module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createSubscriptionsService, type SubscriptionsService } from './subscriptions.service';
export { planHasSubscriptions } from './plan-usage';
