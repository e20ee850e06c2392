import { createRequire } from 'node:module';

/**
 * Loads a dependency the first time it is needed instead of at start. For packages most processes
 * never use (S3 without S3_BUCKET, Redis without REDIS_URL, Razorpay in sandbox mode): evaluating them
 * at every start made a restart seconds slower (issue 12: restart within 5 s). Types come from
 * `import type`; this gives the value, synchronously.
 */
export const loadOnUse: NodeJS.Require = createRequire(import.meta.url);
