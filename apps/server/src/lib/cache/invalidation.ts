/**
 * How a write tells every process that cached public answers are out of date.
 *
 * `publish` clears this process's cache before it resolves (so the writer never serves stale data
 * after its response) and tells the other processes. The first implementation is in-process plus
 * PostgreSQL LISTEN/NOTIFY; a Redis pub/sub one fits the same interface (docs/decisions).
 */
export type CacheTag = 'catalogue' | 'coupons' | 'shops';
export const ALL_CACHE_TAGS: readonly CacheTag[] = ['catalogue', 'coupons', 'shops'];

export interface CacheInvalidation {
  /** Runs `listener` for every invalidation, from this process or another. */
  subscribe(listener: (tags: CacheTag[]) => void): void;
  publish(tags: readonly CacheTag[]): Promise<void>;
  close(): Promise<void>;
}

/** What a database offers for cross-process messages (PostgreSQL LISTEN/NOTIFY). */
export type Notifications = {
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export const CACHE_CHANNEL = 'zevar_cache_invalidation';

const isTag = (t: string): t is CacheTag => (ALL_CACHE_TAGS as readonly string[]).includes(t);

/**
 * Clears this process at once, then tells every app on the database (including this one again:
 * clearing twice is harmless, so our own message is not filtered out).
 */
export function createCacheInvalidation(
  notifications: Notifications,
  onError: (err: unknown) => void = () => undefined,
): CacheInvalidation {
  const listeners: Array<(tags: CacheTag[]) => void> = [];
  const deliver = (tags: CacheTag[]) => {
    for (const l of listeners) l(tags);
  };
  const listening = notifications
    .listen(CACHE_CHANNEL, (payload) =>
      // An empty message means messages may have been lost (reconnect): drop everything.
      deliver(payload ? payload.split(',').filter(isTag) : [...ALL_CACHE_TAGS]),
    )
    .catch(onError);
  return {
    subscribe: (listener) => void listeners.push(listener),
    async publish(tags) {
      deliver([...tags]);
      await listening;
      await notifications.notify(CACHE_CHANNEL, tags.join(',')).catch(onError);
    },
    close: async () => {
      await listening;
    },
  };
}
