import { z } from 'zod';
import { failedJobSchema } from '@zevar/domain';
import { api } from '../../../lib/api';

export const JOBS_MSG = {
  loadFailed: 'Failed to load background jobs',
  empty: 'No failed jobs',
} as const;

/** What each job does, in the operator's words. */
export const JOB_LABELS: Record<string, string> = {
  'reconcile-payments': 'Payment reconciliation and reservation expiry',
  'deliver-email': 'Email delivery',
  'expire-subscriptions': 'Subscription expiry',
};

export const jobsApi = {
  failed: () => api.get('/jobs/failed', { schema: z.array(failedJobSchema) }),
};
