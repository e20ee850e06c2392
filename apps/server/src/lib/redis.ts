import { Redis } from 'ioredis';

/**
 * The Redis connection shared by every limit and cross-process notice (REDIS_URL). Commands wait
 * at most a few retries for a lost connection, so a Redis outage fails requests quickly instead of
 * hanging them.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
}
export type { Redis };
