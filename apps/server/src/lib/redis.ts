import type { Redis } from 'ioredis';
import { loadOnUse } from './load-on-use';

/** How long a Redis command may take before the caller falls back (a lost server never answers). */
export const REDIS_COMMAND_TIMEOUT_MS = 800;

/**
 * The Redis connection shared by every limit and cross-process notice (REDIS_URL). A command fails
 * within REDIS_COMMAND_TIMEOUT_MS when Redis is gone, so callers fall back (shared-limits.ts)
 * instead of hanging requests.
 */
export function createRedis(url: string): Redis {
  const { Redis: RedisClient } = loadOnUse('ioredis') as typeof import('ioredis');
  return new RedisClient(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    enableAutoPipelining: true,
  });
}

/** Readiness: whether the shared Redis answers ('off' when REDIS_URL is not set). */
export function redisState(redis: Redis | undefined): 'off' | 'up' | 'down' {
  if (!redis) return 'off';
  return redis.status === 'ready' ? 'up' : 'down';
}

/** Errors that mean "Redis is unreachable" (answered 503, not 500). */
export function isRedisOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    /Command timed out|Connection is closed|Stream isn't writeable|connect ECONNREFUSED/.test(err.message)
  );
}
export type { Redis };
