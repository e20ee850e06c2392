import { publicReturnsPolicySchema, returnsPolicyAnswerSchema, type ReturnsPolicyInput } from '@zevar/domain';
import { api } from './api';

export const returnsPolicyApi = {
  /** What the storefront's policy page shows. */
  current: () => api.get('/returns-policy', { schema: publicReturnsPolicySchema }),
  admin: () => api.get('/returns-policy/admin', { schema: returnsPolicyAnswerSchema }),
  /** Saves over `version`; a newer one answers 409 with `current` (staleCurrent). */
  save: (policy: ReturnsPolicyInput, version: number) =>
    api.put('/returns-policy', { policy, version }, { schema: returnsPolicyAnswerSchema }),
};
