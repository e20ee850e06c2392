import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CacheInvalidation, CacheTag } from './invalidation';

/** A ready-to-send public answer: the JSON text and its validator. */
export type CachedAnswer = { body: string; etag: string };

const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Ready-to-send public catalogue answers keyed by what decides them (route, plan tier, ids, page,
 * sort, search). Each entry carries the tags of the data it was built from; invalidating a tag
 * drops every entry with it. A read that started before an invalidation does not store its answer
 * (generation check), so a slow miss racing a write can never put stale data back.
 */
export function createPublicCache(invalidation: CacheInvalidation) {
  const entries = new LRUCache<string, CachedAnswer & { tags: readonly CacheTag[] }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (e) => e.body.length + 64,
  });
  const generation: Record<CacheTag, number> = { catalogue: 0, coupons: 0, shops: 0 };
  const inFlight = new Map<string, Promise<CachedAnswer>>();

  invalidation.subscribe((tags) => {
    for (const tag of tags) generation[tag] += 1;
    for (const [key, entry] of entries.entries()) {
      if (entry.tags.some((t) => tags.includes(t))) entries.delete(key);
    }
  });

  const stamp = (tags: readonly CacheTag[]) => tags.map((t) => generation[t]).join('.');

  /** The cached answer for `key`, or the one `produce` builds (concurrent misses share one build). */
  async function answer(
    key: string,
    tags: readonly CacheTag[],
    produce: () => Promise<unknown>,
    ttlMs?: number,
  ): Promise<CachedAnswer> {
    const hit = entries.get(key);
    if (hit) return hit;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const before = stamp(tags);
    const build = (async () => {
      const body = JSON.stringify(await produce());
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      const made = { body, etag };
      if (stamp(tags) === before) entries.set(key, { ...made, tags }, ttlMs ? { ttl: ttlMs } : undefined);
      return made;
    })();
    inFlight.set(key, build);
    try {
      return await build;
    } finally {
      inFlight.delete(key);
    }
  }

  /** A small value (not an HTTP answer) cached under the same tags, e.g. a shop's plan by slug. */
  const values = new Map<string, { value: unknown; tags: readonly CacheTag[] }>();
  invalidation.subscribe((tags) => {
    for (const [key, entry] of values) if (entry.tags.some((t) => tags.includes(t))) values.delete(key);
  });
  async function value<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>): Promise<T> {
    const hit = values.get(key);
    if (hit) return hit.value as T;
    const before = stamp(tags);
    const loaded = await load();
    if (stamp(tags) === before) {
      if (values.size > 10_000) values.clear();
      values.set(key, { value: loaded, tags });
    }
    return loaded;
  }

  return {
    answer,
    value,
    invalidate: (tags: readonly CacheTag[]) => invalidation.publish(tags),
    size: () => entries.size,
  };
}
export type PublicCache = ReturnType<typeof createPublicCache>;
