import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * "Only once per window" claims (a product view counted once per address per hour): in Redis when
 * REDIS_URL is set, so every process sees the same claims; otherwise in this process's memory.
 */
export type OnceStore = {
  /** True the first time `key` is claimed within `ttlMs`, false while the claim lasts. */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
};

export function createMemoryOnceStore(now: () => number = Date.now, maxKeys = 100_000): OnceStore {
  const until = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      const t = now();
      const held = until.get(key);
      if (held !== undefined && held > t) return false;
      if (until.size >= maxKeys) {
        for (const [k, end] of until) if (end <= t) until.delete(k);
        // Still full of live claims: forget the oldest rather than grow without bound.
        if (until.size >= maxKeys) until.delete(until.keys().next().value!);
      }
      until.delete(key);
      until.set(key, t + ttlMs);
      return true;
    },
  };
}

export function createRedisOnceStore(redis: Redis, prefix = 'zevar:once:'): OnceStore {
  return {
    async claim(key, ttlMs) {
      return (await redis.set(`${prefix}${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

/**
 * Where failure counts (sign-in and credential checks) live: in memory for one process, or in Redis
 * (sorted sets of failure times) so that every process counts the same failures.
 */
export interface AttemptStore {
  /** Failure times (ms) for a key still inside the window, oldest first. */
  recent(key: string, since: number): Promise<number[]>;
  add(key: string, at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createMemoryAttemptStore(): AttemptStore {
  const failures = new Map<string, number[]>();
  return {
    async recent(key, since) {
      const list = (failures.get(key) ?? []).filter((t) => t > since);
      if (list.length) failures.set(key, list);
      else failures.delete(key);
      return list;
    },
    async add(key, at, windowMs) {
      const list = (failures.get(key) ?? []).filter((t) => t > at - windowMs);
      failures.set(key, [...list, at]);
    },
    async clear(key) {
      failures.delete(key);
    },
  };
}

export function createRedisAttemptStore(redis: Redis, prefix = 'zevar:attempts:'): AttemptStore {
  return {
    async recent(key, since) {
      const k = `${prefix}${key}`;
      await redis.zremrangebyscore(k, '-inf', since);
      const scores = await redis.zrange(k, '0', '-1', 'WITHSCORES');
      return scores.filter((_, i) => i % 2 === 1).map(Number);
    },
    async add(key, at, windowMs) {
      const k = `${prefix}${key}`;
      await redis
        .multi()
        .zadd(k, at, `${at}-${randomBytes(4).toString('hex')}`)
        .zremrangebyscore(k, '-inf', at - windowMs)
        .pexpire(k, windowMs)
        .exec();
    },
    async clear(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}

/**
 * Redis first, this process's memory while Redis is unreachable: a failed or timed-out command
 * (createRedis bounds it) switches to the fallback for `pauseMs`, then Redis is tried again. Limits
 * stay in force during an outage, counted per process, instead of failing every sign-in.
 */
function fallingBack<T extends object>(
  primary: T,
  fallback: T,
  opts: { pauseMs?: number; now?: () => number; onOutage?: (err: unknown) => void } = {},
): T {
  const pauseMs = opts.pauseMs ?? 5000;
  const now = opts.now ?? Date.now;
  let downUntil = 0;
  const wrapped = {} as T;
  for (const name of Object.keys(fallback) as (keyof T)[]) {
    const viaFallback = fallback[name] as (...args: unknown[]) => Promise<unknown>;
    const viaPrimary = primary[name] as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (async (...args: unknown[]) => {
      if (now() < downUntil) return viaFallback(...args);
      try {
        return await viaPrimary(...args);
      } catch (err) {
        if (now() >= downUntil) opts.onOutage?.(err);
        downUntil = now() + pauseMs;
        return viaFallback(...args);
      }
    }) as T[keyof T];
  }
  return wrapped;
}

export function createFallingBackAttemptStore(
  primary: AttemptStore,
  onOutage?: (err: unknown) => void,
): AttemptStore {
  return fallingBack(primary, createMemoryAttemptStore(), { onOutage });
}

export function createFallingBackOnceStore(primary: OnceStore, onOutage?: (err: unknown) => void): OnceStore {
  return fallingBack(primary, createMemoryOnceStore(), { onOutage });
}
