/**
 * How a write tells every process that cached public answers are out of date.
 *
 * `publish` clears this process's cache before it resolves (so the writer never serves stale data
 * after its response) and tells the other processes. The implementation is in-process plus
 * PostgreSQL LISTEN/NOTIFY (docs/decisions/0014, 0036).
 */

/** Every cached entry carries at least one of these; invalidating all three empties the cache. */
export type BroadTag = 'catalogue' | 'coupons' | 'shops';

/**
 * What an answer was built from (decision 0036). Narrow tags let a sale, a rate or a review change
 * drop only the answers that show it:
 * - `product:<id>`: every answer that shows that product (its page, a list it is on, a sibling's
 *   linked variants); a stock change notes it only when the product's stock band changes, since a
 *   list shows the band, not the count (decision 0081);
 * - `stock:<id>`: the answers that show that product's exact stock and sales count: single-product
 *   answers (its page, a sibling's linked variants), never a list; every stock or sales change;
 * - `metal:<id>`: every answer showing a product priced by that metal;
 * - `lists`: every product list (its membership may change: a product added, edited, archived);
 * - `stock-lists`: lists that leave out products without stock (trending, sale, special offers);
 * - `popularity`: lists ordered or filtered by sales (trending, top 10);
 * - `price-order`: lists ordered by price;
 * - `rates`: the metal rate answers;
 * - `shop:<slug>`: the answers that show that shop's own face (logo, banner, about, contacts).
 */
export type CacheTag =
  | BroadTag
  | 'lists'
  | 'stock-lists'
  | 'popularity'
  | 'price-order'
  | 'rates'
  | `product:${number}`
  | `stock:${number}`
  | `metal:${number}`
  | `shop:${string}`;

export const ALL_CACHE_TAGS: readonly BroadTag[] = ['catalogue', 'coupons', 'shops'];

export const productTag = (id: number): CacheTag => `product:${id}`;
export const stockTag = (id: number): CacheTag => `stock:${id}`;
export const metalTag = (id: number): CacheTag => `metal:${id}`;
/** A shop's own answers, by its slug as stored (lowercase, as every lookup by slug reads it). */
export const shopTag = (slug: string): CacheTag => `shop:${slug.trim().toLowerCase()}`;

const TAG_PATTERN =
  /^(?:catalogue|coupons|shops|lists|stock-lists|popularity|price-order|rates|(?:product|stock|metal):\d{1,10}|shop:[a-z0-9-]{1,200})$/;
export const isCacheTag = (t: string): t is CacheTag => TAG_PATTERN.test(t);

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

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a long batch goes as several. */
const MAX_PAYLOAD = 7000;

function payloads(tags: readonly string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const tag of tags) {
    if (current && current.length + tag.length + 1 > MAX_PAYLOAD) {
      out.push(current);
      current = '';
    }
    current = current ? `${current},${tag}` : tag;
  }
  if (current) out.push(current);
  return out;
}

type Batch = { tags: Set<CacheTag>; done: Promise<void>; sent: () => void };
function newBatch(): Batch {
  let sent!: () => void;
  const done = new Promise<void>((resolve) => (sent = resolve));
  return { tags: new Set(), done, sent };
}

/**
 * Clears this process at once, then tells every app on the database (including this one again:
 * clearing twice is harmless, so our own message is not filtered out). A burst is coalesced: while
 * one message is being sent, the tags published meanwhile are merged into the next one, so 30 sales
 * a second cost a few messages, not 30, and no message waits for a timer.
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
      deliver(payload ? payload.split(',').filter(isCacheTag) : [...ALL_CACHE_TAGS]),
    )
    .catch(onError);
  // The tags not yet sent, and a promise kept when the message holding them has gone out.
  let open = newBatch();
  let sending = false;
  let draining: Promise<void> = Promise.resolve();
  const drain = async () => {
    sending = true;
    try {
      await listening;
      while (open.tags.size > 0) {
        const batch = open;
        open = newBatch();
        for (const payload of payloads([...batch.tags]))
          await notifications.notify(CACHE_CHANNEL, payload).catch(onError);
        batch.sent();
      }
    } finally {
      sending = false;
    }
  };
  return {
    subscribe: (listener) => void listeners.push(listener),
    async publish(tags) {
      if (tags.length === 0) return;
      deliver([...tags]);
      const batch = open;
      for (const t of tags) batch.tags.add(t);
      if (!sending) draining = drain();
      // Resolves once a message holding these tags has gone out.
      await batch.done;
    },
    close: async () => {
      await listening;
      await draining;
    },
  };
}
