import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CacheInvalidation, CacheTag } from './invalidation';

/** The compressed forms a cached answer keeps (the `Accept-Encoding` names). */
export type Encoding = 'br' | 'gzip';

/** What a miss builds: the text (or its UTF-8 bytes) to send and the tags of the data it came from. */
export type BuiltAnswer = {
  body: string | Buffer;
  tags: readonly CacheTag[];
  /** For answers that also depend on the clock (coupon expiry). */
  ttlMs?: number;
  status?: number;
  /** False: send it, but do not keep it (a page that embeds an answer that is not cached). */
  keep?: boolean;
};

/** A ready-to-send public answer: its bytes, validator and (made on first ask) compressed forms. */
export type CachedAnswer = {
  body: Buffer;
  etag: string;
  status: number;
  tags: readonly CacheTag[];
  ttlMs?: number;
  /** The answer in this encoding, or null when it is too small to be worth compressing. */
  encoded: (encoding: Encoding) => Promise<Buffer> | null;
  /**
   * The answer in this encoding if it is already made (a hit sends it without waiting on a
   * promise), null when it is too small to be worth compressing, undefined while not yet made.
   */
  encodedNow: (encoding: Encoding) => Buffer | null | undefined;
};

const MAX_BYTES = 64 * 1024 * 1024;
/**
 * Room for kept parts (decision 0094): a category listing's sorted ids (4 bytes an id, 10,060 at
 * most) and product cards (about 1–3 KB each), so about ten thousand cards with their listings.
 */
const MAX_PART_BYTES = 32 * 1024 * 1024;

/**
 * A kept part of answers (decision 0094): not an answer itself but what several answers are made
 * from (a listing's sorted ids, a product's card), kept under the tags of the data it came from, as
 * answers are, with its size in bytes for the bound.
 */
export type Part<T> = { value: T; tags: readonly CacheTag[]; bytes: number };
/** Keys remembered as asked for once (decision 0100): about 150 bytes each. */
const MAX_ASKED_ONCE = 20_000;
/** Below this, compression saves less than its headers cost (@fastify/compress's threshold). */
export const COMPRESS_THRESHOLD = 1024;

// Made once per entry, so a little more effort than per-response compression could afford. In
// one synchronous call: the asynchronous form runs the same work through a stream and the thread
// pool in 16 KB chunks and took 1.7 times the CPU for a 33 KB category page (0.37 against 0.22 ms,
// decision 0086); a miss pays it, and the block is a fraction of the miss's own work.
// The first ask of an entry gets a quick form (brotli quality 1, gzip level 1: three to five times
// less CPU, about a third more bytes), and the dense one is made once the entry is asked for again,
// after that answer has gone (decision 0094): a miss that nobody asks for again (a stranger's new
// page size or spelling) no longer pays for the dense form, and every entry in use gets it.
const BROTLI_QUALITY = 6;
const QUICK_BROTLI_QUALITY = 1;
const GZIP_OPTIONS = { level: 6 };
const QUICK_GZIP_OPTIONS = { level: 1 };
function compressSync(body: Buffer, encoding: Encoding, quick: boolean): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quick ? QUICK_BROTLI_QUALITY : BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : zlib.gzipSync(body, quick ? QUICK_GZIP_OPTIONS : GZIP_OPTIONS);
}
function compress(body: Buffer, encoding: Encoding, quick: boolean): Promise<Buffer> {
  try {
    return Promise.resolve(compressSync(body, encoding, quick));
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

export const etagOf = (body: Buffer | string) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

function makeAnswer(built: BuiltAnswer): CachedAnswer {
  const body = typeof built.body === 'string' ? Buffer.from(built.body, 'utf8') : built.body;
  const forms: Partial<Record<Encoding, Promise<Buffer>>> = {};
  const made: Partial<Record<Encoding, Buffer>> = {};
  /** Forms still quick whose dense one is not yet asked for. */
  const quick = new Set<Encoding>();
  const small = body.length < COMPRESS_THRESHOLD;
  return {
    body,
    etag: etagOf(body),
    status: built.status ?? 200,
    tags: built.tags,
    ttlMs: built.ttlMs,
    encoded: (encoding) => {
      if (small) return null;
      return (forms[encoding] ??= compress(body, encoding, true).then((form) => {
        quick.add(encoding);
        return (made[encoding] = form);
      }));
    },
    encodedNow: (encoding) => {
      if (small) return null;
      const form = made[encoding];
      if (form && quick.delete(encoding))
        setImmediate(() => {
          try {
            made[encoding] = compressSync(body, encoding, false);
            forms[encoding] = Promise.resolve(made[encoding]);
          } catch {
            // The quick form stays.
          }
        });
      return form;
    },
  };
}

/**
 * Ready-to-send public answers keyed by what decides them (route, plan tier, ids, page, sort,
 * search). Each entry carries the tags of the data it was built from, and an index from tag to keys
 * drops exactly the entries a change touches. A build that a change overtook is not stored, and a
 * request that joins a build begun before a change waits for a fresh one (decision 0036).
 */
export function createPublicCache(
  invalidation: CacheInvalidation,
  opts: { maxBytes?: number; maxPartBytes?: number } = {},
) {
  const byTag = new Map<CacheTag, Set<string>>();
  const unindex = (key: string, tags: readonly CacheTag[]) => {
    for (const tag of tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const index = (key: string, tags: readonly CacheTag[]) => {
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  };
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: opts.maxBytes ?? MAX_BYTES,
    // The plain form and, once asked for, about a third of it again for the compressed ones.
    sizeCalculation: (e) => Math.ceil(e.body.length * 1.4) + 256,
    dispose: (entry, key) => unindex(key, entry.tags),
  });
  const values = new Map<string, { value: unknown; tags: readonly CacheTag[] }>();
  /** Parts, apart from answers (their own bound, so a burst of answers does not push them out). */
  const parts = new LRUCache<string, Part<unknown>>({
    maxSize: opts.maxPartBytes ?? MAX_PART_BYTES,
    sizeCalculation: (p, key) => p.bytes + key.length + 64,
    dispose: (part, key) => unindex(key, part.tags),
  });
  const partKey = (key: string) => `part|${key}`;

  // Which change each tag last saw: a build begun at `seq` is stale when one of its tags moved since.
  let seq = 0;
  const changedAt = new Map<CacheTag, number>();
  let building = 0;
  const overtaken = (tags: readonly CacheTag[], since: number) =>
    since !== seq && tags.some((t) => (changedAt.get(t) ?? -1) > since);

  invalidation.subscribe((tags) => {
    seq += 1;
    // Only builds under way need to know; with none, the record can start afresh.
    if (building === 0) changedAt.clear();
    else for (const tag of tags) changedAt.set(tag, seq);
    for (const tag of tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        const kept = values.get(key);
        if (kept) {
          values.delete(key);
          unindex(key, kept.tags);
        } else if (key.startsWith('part|')) parts.delete(key);
        else if (entries.delete(key) && askedOnce.size < MAX_ASKED_ONCE) askedOnce.add(key);
      }
      byTag.delete(tag);
    }
  });

  type Flight<E> = { since: number; made: Promise<{ entry: E; overtaken: boolean }> };
  const inFlight = new Map<string, Flight<CachedAnswer>>();
  const partsInFlight = new Map<string, Flight<Part<unknown>>>();
  /**
   * How answers were found since start: the bench's misses per read during a rush (decision 0076).
   * `composed`: builds of an answer with figures (each also counted in `builds`, beside its rest's
   * build when the rest was not kept); `figured`: those made from a kept rest (decision 0088);
   * `partBuilds`: parts made (decision 0094: a listing, or a page's missing cards in one call);
   * `unkept`: answers made and sent but not kept, asked for the first time (decision 0100).
   */
  const counts = { hits: 0, joined: 0, builds: 0, composed: 0, figured: 0, partBuilds: 0, unkept: 0 };

  /**
   * Keys of answers made once and not kept (decision 0100): an answer made cheaply from kept parts
   * (a category page) is kept from its key's second ask, so a URL asked for once (a stranger's new
   * page size or spelling, a crawler) neither pays for its place in the cache (the entry, its tags'
   * index, its eviction later) nor pushes answers in use out. Bounded: when full it starts afresh
   * (a key then waits one more ask). A kept answer a change dropped is kept again at its next ask.
   */
  const askedOnce = new Set<string>();
  function askedBefore(key: string): boolean {
    if (askedOnce.delete(key)) return true;
    if (askedOnce.size >= MAX_ASKED_ONCE) askedOnce.clear();
    askedOnce.add(key);
    return false;
  }

  /**
   * The cached answer for `key`, or the one `produce` builds. Concurrent misses share one build;
   * one that arrives after a change the build may predate takes it only if the change did not touch
   * its tags, and otherwise builds again (a shopper never gets an answer older than a write that
   * returned before the request).
   */
  async function answer(
    key: string,
    produce: () => Promise<BuiltAnswer>,
    /**
     * `fromSecondAsk`: keep the answer only from its key's second ask (`askedBefore`), for answers
     * made cheaply from kept parts (decision 0100).
     */
    opts: { fromSecondAsk?: boolean } = {},
  ): Promise<CachedAnswer> {
    const hit = entries.get(key);
    if (hit) {
      counts.hits += 1;
      return hit;
    }
    return throughFlight(
      inFlight,
      key,
      async () => {
        const fresh = await produce();
        return { entry: makeAnswer(fresh), keep: fresh.keep !== false };
      },
      (built) => {
        if (opts.fromSecondAsk && !askedBefore(key)) {
          counts.unkept += 1;
          return;
        }
        entries.set(key, built, built.ttlMs ? { ttl: built.ttlMs } : undefined);
        if (entries.has(key)) index(key, built.tags);
      },
    );
  }

  /**
   * The one build under way for `key` (started here if none is), kept by `store` unless a change of
   * its tags overtook it. A request that arrives after a change the build may predate takes its
   * result only if the change did not touch its tags, and otherwise builds again (decision 0036).
   */
  async function throughFlight<E extends { tags: readonly CacheTag[] }>(
    flights: Map<string, Flight<E>>,
    key: string,
    build: () => Promise<{ entry: E; keep: boolean }>,
    store: (entry: E) => void,
    isPart = false,
  ): Promise<E> {
    const pending = flights.get(key);
    if (pending) {
      if (!isPart) counts.joined += 1;
      const arrived = seq;
      const made = await pending.made;
      if (arrived === pending.since || !made.overtaken) return made.entry;
      return throughFlight(flights, key, build, store, isPart);
    }
    const since = seq;
    if (isPart) counts.partBuilds += 1;
    else counts.builds += 1;
    building += 1;
    // The flight leaves the map the moment its build ends, in the same step that keeps its result: a
    // request arriving later must find the kept entry or nothing (a change then drops the entry), never
    // a finished flight whose `overtaken` was judged before that change.
    const flight = { since } as Flight<E>;
    flight.made = (async () => {
      try {
        const { entry, keep } = await build();
        const stale = overtaken(entry.tags, since);
        if (!stale && keep) store(entry);
        return { entry, overtaken: stale };
      } finally {
        building -= 1;
        if (flights.get(key) === flight) flights.delete(key);
      }
    })();
    flights.set(key, flight);
    return (await flight.made).entry;
  }

  const keepPart = (key: string, part: Part<unknown>) => {
    parts.set(key, part);
    if (parts.has(key)) index(key, part.tags);
  };

  /**
   * The kept part for `key`, or the one `build` makes (decision 0094): one build at a time per key,
   * the same guard as answers against a build begun before a change (`throughFlight`), kept within
   * its own bound by bytes. An answer made from parts must carry their tags (a change of a part
   * drops the answers made from it, and a build overtaken by one is not kept).
   */
  async function part<T>(key: string, build: () => Promise<Part<T>>): Promise<Part<T>> {
    const k = partKey(key);
    const hit = parts.get(k) as Part<T> | undefined;
    if (hit) return hit;
    return throughFlight(
      partsInFlight as Map<string, Flight<Part<T>>>,
      k,
      async () => ({ entry: await build(), keep: true }),
      (built) => keepPart(k, built),
      true,
    );
  }

  /** Parts being made by a `partsFor` call, by key: a later call waits for them (decision 0100). */
  type ManyFlight = {
    since: number;
    made: Promise<{ built: Map<string, Part<unknown>>; overtaken: Set<string> }>;
  };
  const manyInFlight = new Map<string, ManyFlight>();

  /**
   * The kept parts for `keys`, those missing made together by one call of `buildMissing` (one
   * statement for a page's cards, decision 0094), each kept unless a change of its tags came while
   * it was made. A key `buildMissing` leaves out (its data is gone) is left out of the answer too.
   * `around` (decision 0100): parts likely asked for next (the rest of a listing's block of cards),
   * made in the same call when one is needed anyway, and kept; never a call of their own. A part
   * another call is making is waited for, not made twice; one that call made before a change this
   * one came after, which the change touched, is made again (as `throughFlight` does for answers).
   */
  async function partsFor<T>(
    keys: readonly string[],
    buildMissing: (missing: string[]) => Promise<Map<string, Part<T>>>,
    around: readonly string[] = [],
  ): Promise<Map<string, Part<T>>> {
    const found = new Map<string, Part<T>>();
    const missing: string[] = [];
    const joined: Array<[string, ManyFlight]> = [];
    const arrived = seq;
    for (const key of keys) {
      const hit = parts.get(partKey(key)) as Part<T> | undefined;
      if (hit) found.set(key, hit);
      else {
        const flight = manyInFlight.get(key);
        if (flight) joined.push([key, flight]);
        else missing.push(key);
      }
    }
    if (missing.length > 0) {
      const asked = new Set(missing);
      const making = [...missing];
      for (const key of around)
        if (!asked.has(key) && !manyInFlight.has(key) && !parts.has(partKey(key))) {
          asked.add(key);
          making.push(key);
        }
      const since = seq;
      counts.partBuilds += 1;
      building += 1;
      // Out of the map as its parts are kept, as in `throughFlight`.
      const flight = { since } as ManyFlight;
      flight.made = (async () => {
        try {
          const built = (await buildMissing(making)) as Map<string, Part<unknown>>;
          const stale = new Set<string>();
          for (const [key, part] of built) {
            if (overtaken(part.tags, since)) stale.add(key);
            else keepPart(partKey(key), part);
          }
          return { built, overtaken: stale };
        } finally {
          building -= 1;
          for (const key of making) if (manyInFlight.get(key) === flight) manyInFlight.delete(key);
        }
      })();
      for (const key of making) manyInFlight.set(key, flight);
      const { built } = await flight.made;
      for (const key of missing) {
        const part = built.get(key) as Part<T> | undefined;
        if (part) found.set(key, part);
      }
    }
    const again: string[] = [];
    for (const [key, flight] of joined) {
      const made = await flight.made;
      const part = made.built.get(key) as Part<T> | undefined;
      if (arrived !== flight.since && made.overtaken.has(key)) again.push(key);
      else if (part) found.set(key, part);
    }
    if (again.length > 0) for (const [key, part] of await partsFor(again, buildMissing)) found.set(key, part);
    return found;
  }

  /**
   * The kept answer for `key`, if any, without building: a hit is served without a promise
   * (`sendCached`); on undefined, `answer` builds it (or joins the build under way).
   */
  function kept(key: string): CachedAnswer | undefined {
    const hit = entries.get(key);
    if (hit) counts.hits += 1;
    return hit;
  }

  /**
   * An answer made of a kept rest and a few figures that change far more often (a product's exact
   * stock and sales count, decision 0088): the rest is its own entry (`rest|<key>`, under the tags
   * `produceRest` names), and the answer is `figure(rest)`, kept under the rest's tags and its own.
   * A change of the figures' tags drops the answer only, which is made again from the kept rest; a
   * change of the rest's drops both. When this build read the rest itself (a cold key), the figures
   * it read with it are as new as a separate read would be (`fresh`), so `figure` may use them. Both
   * go through `answer`, so the races are handled as for any answer (a build overtaken by a change
   * of either part is not kept nor given to a later request). `restKey`: answers whose rests are the
   * same data share one (decision 0100: spellings of a product's name that read the same row);
   * by default each answer has its own.
   */
  function answerWithFigures(
    key: string,
    produceRest: () => Promise<BuiltAnswer>,
    /** `fresh`: this build read the rest itself (after the request came), figures included. */
    figure: (rest: CachedAnswer, fresh: boolean) => Promise<BuiltAnswer>,
    restKey = key,
  ): Promise<CachedAnswer> {
    return answer(key, async () => {
      let fresh = false;
      const rest = await answer(`rest|${restKey}`, () => {
        fresh = true;
        return produceRest();
      });
      counts.composed += 1;
      if (!fresh) counts.figured += 1;
      const built = await figure(rest, fresh);
      return {
        ...built,
        tags: [...new Set([...rest.tags, ...built.tags])],
        ttlMs:
          rest.ttlMs !== undefined && built.ttlMs !== undefined
            ? Math.min(rest.ttlMs, built.ttlMs)
            : (rest.ttlMs ?? built.ttlMs),
      };
    });
  }

  /** The value `value(key, …)` keeps, if any, without loading: a hit's plan lookup needs no promise. */
  function keptValue<T>(key: string): T | undefined {
    return values.get(`value:${key}`)?.value as T | undefined;
  }

  /** A small value (not an HTTP answer) cached under the same tags, e.g. a shop's plan by slug. */
  async function value<T>(key: string, tags: readonly CacheTag[], load: () => Promise<T>): Promise<T> {
    const valueKey = `value:${key}`;
    const hit = values.get(valueKey);
    if (hit) return hit.value as T;
    const since = seq;
    building += 1;
    try {
      const loaded = await load();
      if (!overtaken(tags, since)) {
        if (values.size > 10_000) {
          for (const [k, v] of values) unindex(k, v.tags);
          values.clear();
        }
        values.set(valueKey, { value: loaded, tags });
        index(valueKey, tags);
      }
      return loaded;
    } finally {
      building -= 1;
    }
  }

  return {
    answer,
    kept,
    answerWithFigures,
    part,
    partsFor,
    value,
    keptValue,
    invalidate: (tags: readonly CacheTag[]) => invalidation.publish(tags),
    size: () => entries.size,
    /** Kept parts and the bytes they take (decision 0094). */
    partsSize: () => ({ parts: parts.size, bytes: parts.calculatedSize }),
    /** Answers served from an entry, joined to a build under way, and built (misses), since start. */
    counts: () => ({ ...counts }),
    /**
     * Known only to this process: a server-side render's internal reads send it to learn the tags of
     * the answers they get (plugins/web-app.ts).
     */
    internalToken: randomBytes(18).toString('base64url'),
  };
}
export type PublicCache = ReturnType<typeof createPublicCache>;
