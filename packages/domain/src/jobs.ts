import { z } from 'zod';

/** A background job run that failed after all its retries (admin: Background jobs). */
export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  retryCount: z.number().int(),
  failedAt: z.string().nullable(),
  error: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
