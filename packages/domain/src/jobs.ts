import { z } from 'zod';
import { boundedPages, pageQuerySchema } from './paging';

/** A background job run that failed after all its retries (admin: Background jobs). */
export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  retryCount: z.number().int(),
  failedAt: z.string().nullable(),
  error: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
/** A page of the failed runs, newest first. */
export const failedJobsQuerySchema = boundedPages(pageQuerySchema(20, 100));
export type FailedJobsQuery = z.infer<typeof failedJobsQuerySchema>;

export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
/** The outbox views: everything, failing (a failed try, waiting or given up), waiting, sent. */
export const OUTBOX_VIEWS = ['ALL', 'FAILING', 'WAITING', 'SENT'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

/** One message of the mail outbox (admin: Background Jobs), never its body. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  /** What the mail is about, e.g. 'order-confirmation:…' (an order's mail names the order). */
  dedupeKey: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.object({
  view: z.enum(OUTBOX_VIEWS).default('ALL'),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
