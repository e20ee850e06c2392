import { failedJobSchema, outboxMessageSchema, pagedSchema, type OutboxView } from '@zevar/domain';
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
  failed: (page: number) =>
    api.get('/jobs/failed', { query: { page, size: 20 }, schema: pagedSchema(failedJobSchema) }),
  outbox: (view: OutboxView, page: number) =>
    api.get('/mail/outbox', {
      query: { view, page, size: 20 },
      schema: pagedSchema(outboxMessageSchema),
    }),
  retryMail: (id: number) => api.post(`/mail/outbox/${id}/retry`, {}, { schema: outboxMessageSchema }),
  resendMail: (id: number) => api.post(`/mail/outbox/${id}/resend`, {}, { schema: outboxMessageSchema }),
};

export const OUTBOX_MSG = {
  loadFailed: 'Failed to load the mail outbox',
  empty: {
    ALL: 'No mail yet',
    FAILING: 'No failing mail',
    WAITING: 'No mail waiting',
    SENT: 'No mail sent yet',
  },
  retried: 'The mail will be sent on the next delivery run',
  resent: 'A copy of the mail will be sent on the next delivery run',
} as const;
