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
