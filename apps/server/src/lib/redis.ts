import type { Redis } from 'ioredis';
import { loadOnUse } from './load-on-use';

/**
 * The Redis connection shared by every limit and cross-process notice (REDIS_URL). Commands wait
 * at most a few retries for a lost connection, so a Redis outage fails requests quickly instead of
 * hanging them.
 */
export function createRedis(url: string): Redis {
  const { Redis: RedisClient } = loadOnUse('ioredis') as typeof import('ioredis');
  return new RedisClient(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
}
export type { Redis };
