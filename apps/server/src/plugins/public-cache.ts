import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CACHE_TAGS, type CacheTag } from '../lib/cache/invalidation';
import { newChangeScope, runNotingChanges, type ChangeScope } from '../lib/cache/changes';
import type { BuiltAnswer, CachedAnswer, Encoding, PublicCache } from '../lib/cache/public-cache';

/**
 * Browsers and CDNs may reuse a public answer for a few seconds and serve it while revalidating for
 * a minute; the web app itself always revalidates (ETag -> 304), so a shopper never sees an answer
 * older than the last write (docs/decisions/0014-perf-public-cache.md).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60';

/**
 * Successful writes that cannot change a public answer (route pattern as registered), or that change
 * only what their own code notes (`noteChanged`: stock, sales, coupon uses, rates, reviews), which
 * is invalidated whatever the route. Every other successful POST/PUT/PATCH/DELETE under /api
 * invalidates everything: a new admin route is safe by default, and forgetting to list a harmless
 * one only costs a refill (decisions 0014, 0036).
 */
const NOTED_ONLY = new Set([
  'POST /api/products/:id/views',
  'POST /api/cart/quote',
  'POST /api/checkout',
  'POST /api/checkout/:id/reprice',
  'PATCH /api/checkout/applyCoupon/:id',
  'DELETE /api/checkout/applyCoupon/:id',
  'POST /api/coupon-codes/apply',
  'POST /api/user/login',
  'POST /api/user/verify',
  'POST /api/user/change-password',
  'POST /api/user/reauth',
  'POST /api/user/logout',
  'POST /api/user/:id/sign-out-everywhere',
  'POST /api/user/:id/reset-password',
  'POST /api/image/uploads',
  'POST /api/image/review-uploads',
  'DELETE /api/image/uploads/:name',
  'POST /api/email-templates',
  'POST /api/email-templates/preview',
  'PUT /api/email-templates/:id',
  'DELETE /api/email-templates/:id',
  'POST /api/mail/outbox/:id/retry',
  'POST /api/mail/outbox/:id/resend',
  'POST /api/vendor-payouts',
  'DELETE /api/vendor-payouts/:id',
  'POST /api/metals/:id/purities/:purityId/preview',
  // Orders, payments and stock: the stock and coupon functions note the products and coupons.
  'POST /api/orders/initiate-order',
  'POST /api/orders/confirm-payment',
  'POST /api/orders/:id/cancel-payment',
  'PATCH /api/orders/:orderNumber/status',
  'PATCH /api/orders/:orderNumber/payment',
  'POST /api/webhooks/razorpay',
  'POST /sandbox/pay',
  'POST /sandbox/fail',
  // Payment links change no public answer; a paid one's stock and sales are noted when settled.
  'POST /api/vendor/quotes/:code/payment-links',
  'POST /api/admin/quotes/:code/payment-links',
  'POST /api/vendor/payment-links/:id/cancel',
  'POST /api/admin/payment-links/:id/cancel',
  'POST /sandbox/link/:id/pay',
  'POST /api/products/:id/stock-adjustments',
  // A bulk product action notes the products it changed (and lists, variants, carousel as needed).
  'POST /api/products/bulk',
  // An import notes what it changed after its transaction (its answer streams while it writes);
  // a dry run changes nothing.
  'POST /api/products/import/apply',
  'POST /api/products/import/check',
  // A rate change notes its metal; a review its product.
  'PUT /api/metals/:id/purities/:purityId',
  'PUT /api/metals/prices',
  'POST /api/reviews',
  'PUT /api/reviews/:id/status',
  'PUT /api/reviews/:id',
  'DELETE /api/reviews/:id',
  'POST /api/subscriptions/subscribe',
  // A shop face save notes its own shop (`shop:<slug>`); a face picture upload changes no answer.
  'PUT /api/user/:id/shop-face',
  'POST /api/user/:id/shop-face/images',
]);

/** The tags a successful write invalidates beyond what its code noted. */
export function tagsInvalidatedBy(method: string, routeUrl: string): readonly CacheTag[] {
  const route = `${method} ${routeUrl}`;
  if (NOTED_ONLY.has(route)) return [];
  if (routeUrl.startsWith('/api/coupon-codes')) return ['coupons'];
  // Accounts and plans of shops: a shop's plan and profile only.
  if (routeUrl.startsWith('/api/user/') || routeUrl.startsWith('/api/subscriptions/')) return ['shops'];
  return ALL_CACHE_TAGS;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's public answer cache (the bench empties it to measure misses). */
    publicCache: PublicCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Each write runs in a scope where its code notes what it changed; when it answers (after its
 * transaction), those tags and its route's are invalidated before the response leaves, so nothing
 * stale is served after it returns. A failed write invalidates what it noted too (a change may have
 * committed before the failure).
 */
export function registerCacheInvalidation(app: FastifyInstance, cache: PublicCache) {
  const noted = new WeakMap<FastifyRequest, ChangeScope>();
  app.addHook('preHandler', (request, _reply, done) => {
    if (READS.has(request.method)) return done();
    const changes = newChangeScope();
    noted.set(request, changes);
    runNotingChanges(changes, done);
  });
  // A callback hook, not an async one: a read passes straight through without a promise of its own
  // (decision 0087).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (READS.has(request.method)) return done(null, payload);
    const changes = noted.get(request);
    const tags = new Set(changes?.tags);
    if (changes) changes.late = (late) => void cache.invalidate(late);
    const url = request.routeOptions.url;
    if (reply.statusCode < 400 && (url?.startsWith('/api/') || url?.startsWith('/sandbox/')))
      for (const tag of tagsInvalidatedBy(request.method, url)) tags.add(tag);
    if (tags.size === 0) return done(null, payload);
    cache.invalidate([...tags]).then(
      () => done(null, payload),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

function keyOf(request: FastifyRequest, plan: string | undefined, params: unknown = request.params): string {
  const { vendorSlug: _shop, ...query } = (request.query ?? {}) as Record<string, unknown>;
  return `${request.routeOptions.url}|${plan ?? ''}|${JSON.stringify(params ?? {})}|${JSON.stringify(query)}`;
}

/** Header values a browser sends are few: each is negotiated once. */
const negotiated = new Map<string, Encoding | null>();
const OFFERED: Encoding[] = ['br', 'gzip'];

/** The compressed form the request accepts (brotli first), or null for the plain one. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  let choice = negotiated.get(header);
  if (choice === undefined) {
    choice = (negotiate(header, OFFERED) as Encoding | null) ?? null;
    if (negotiated.size > 256) negotiated.clear();
    negotiated.set(header, choice);
  }
  return choice;
}

/** A server-side render collects the tags of the answers it embeds (plugins/web-app.ts). */
export const INTERNAL_TAGS_HEADER = 'x-zevar-cache-tags';
export const INTERNAL_TTL_HEADER = 'x-zevar-cache-ttl';

/**
 * For an answer served from a cached value rather than `sendCached` (a shop's plan): tells a
 * server-side render its tags, as `sendAnswer` does.
 */
export function sayTags(cache: PublicCache, request: FastifyRequest, reply: FastifyReply, tags: CacheTag[]) {
  if (request.headers['x-zevar-internal'] === cache.internalToken)
    reply.header(INTERNAL_TAGS_HEADER, tags.join(','));
}

/**
 * Sends a cached answer: 304 when the client has it, else the form its `Accept-Encoding` takes,
 * made once per entry (the compress plugin leaves an encoded body alone). Every form has the same
 * ETag (it names the JSON, which they all decode to) and `Vary: Accept-Encoding`. Synchronous when
 * the form is already made, as it is on every hit but the first of each encoding (decision 0087).
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  opts: { type: string; cacheControl: string; internalToken?: string },
): FastifyReply | Promise<FastifyReply> {
  reply
    .header('etag', answer.etag)
    .header('cache-control', opts.cacheControl)
    .header('vary', 'accept-encoding');
  if (opts.internalToken && request.headers['x-zevar-internal'] === opts.internalToken) {
    reply.header(INTERNAL_TAGS_HEADER, answer.tags.join(','));
    if (answer.ttlMs) reply.header(INTERNAL_TTL_HEADER, String(answer.ttlMs));
  }
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  reply.status(answer.status).type(opts.type).serializer(identity);
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(answer.body);
  const ready = answer.encodedNow(encoding);
  if (ready) return reply.header('content-encoding', encoding).send(ready);
  const encoded = ready === null ? null : answer.encoded(encoding);
  if (!encoded) return reply.send(answer.body);
  return encoded.then((form) => reply.header('content-encoding', encoding).send(form));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends the cached answer for this read (route, plan tier, parsed params and query), building it
 * with `produce` on a miss; `tagsOf` names what the answer shows beyond its route's `tags` (the
 * products on it, their metals). A hit is answered synchronously.
 */
export function sendCached<T>(
  cache: PublicCache,
  request: FastifyRequest,
  reply: FastifyReply,
  /** `ttlMs` bounds answers that also depend on the clock (coupon expiry). */
  opts: {
    tags: readonly CacheTag[];
    plan?: string;
    ttlMs?: number;
    tagsOf?: (value: T) => Iterable<CacheTag>;
  },
  produce: () => Promise<T>,
): FastifyReply | Promise<FastifyReply> {
  return sendCachedBody(cache, request, reply, opts, async () => ({
    ...builtFrom(request, opts, await produce()),
    ttlMs: opts.ttlMs,
  }));
}

/**
 * `sendCached` for a read that makes its answer's bytes itself (a category page from kept parts,
 * decision 0094): `produce` gives the JSON, which must have gone through the route's response
 * schema, and the tags of all it shows.
 */
export function sendCachedBody(
  cache: PublicCache,
  request: FastifyRequest,
  reply: FastifyReply,
  /** `fromSecondAsk`: kept from its second ask (an answer made cheaply from kept parts, decision 0100). */
  opts: { plan?: string; fromSecondAsk?: boolean },
  produce: () => Promise<BuiltAnswer>,
): FastifyReply | Promise<FastifyReply> {
  const send = jsonSend(cache);
  const key = keyOf(request, opts.plan);
  const hit = cache.kept(key);
  if (hit) return sendAnswer(request, reply, hit, send);
  return cache
    .answer(key, produce, { fromSecondAsk: opts.fromSecondAsk })
    .then((answer) => sendAnswer(request, reply, answer, send));
}

const jsonSend = (cache: PublicCache) => ({
  type: JSON_TYPE,
  cacheControl: PUBLIC_CACHE_CONTROL,
  internalToken: cache.internalToken,
});

/** A read's value as a cached answer: through the response schema, under its route's tags and its own. */
function builtFrom<T>(
  request: FastifyRequest,
  opts: { tags: readonly CacheTag[]; tagsOf?: (value: T) => Iterable<CacheTag> },
  value: T,
): { body: string; tags: CacheTag[] } {
  const tags = new Set(opts.tags);
  if (opts.tagsOf) for (const tag of opts.tagsOf(value)) tags.add(tag);
  return { body: JSON.stringify(throughResponseSchema(request, value)), tags: [...tags] };
}

/**
 * A few fast-changing figures of a cached answer (a product's exact stock and sales count), kept
 * apart from the rest of it (decision 0088): `read` loads them for the answer's value (one small
 * statement), `apply` lays them over the value, and `tagsOf` names the tags they change under.
 */
export type Figures<T, F> = {
  tagsOf: (value: T) => Iterable<CacheTag>;
  read: (value: T) => Promise<F>;
  apply: (value: T, figures: F) => T;
};

/**
 * `sendCached` for an answer whose figures change far more often than the rest (every sale changes a
 * product's stock): the rest is kept as its own entry (under `opts.tags` and `tagsOf`, not the
 * figures' tags), and the answer sent is that entry with the figures read afresh laid over it, kept
 * under both sets of tags (`cache.answerWithFigures`). A change of the figures drops only the
 * answer, which is made again from the kept rest and one small read; a change of the rest drops both.
 * The answer is the bytes `sendCached` would send for the same data: the same JSON (the rest went
 * through the response schema; the figures keep their places), so the same ETag and compressed forms.
 * `sameRestAs`: the params that decide the rest, when several requests' params read the same data
 * (a product's name in any letter case, decision 0100): their answers, one per request's params,
 * share one kept rest, so another spelling costs the figures' read, not the product's.
 */
export function sendCachedWithFigures<T, F>(
  cache: PublicCache,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    tags: readonly CacheTag[];
    plan?: string;
    tagsOf?: (value: T) => Iterable<CacheTag>;
    figures: Figures<T, F>;
    sameRestAs?: Record<string, unknown>;
  },
  produce: () => Promise<T>,
): FastifyReply | Promise<FastifyReply> {
  const send = jsonSend(cache);
  const key = keyOf(request, opts.plan);
  // A kept answer (figures included) is sent at once, as `sendCached` does (decision 0087).
  const hit = cache.kept(key);
  if (hit) return sendAnswer(request, reply, hit, send);
  /** The value this request's build read itself, if it did (a cold key): its figures are current. */
  let read: T | undefined;
  return cache
    .answerWithFigures(
      key,
      async () => {
        const value = await produce();
        read = value;
        return builtFrom(request, opts, value);
      },
      async (rest, fresh) => {
        if (fresh && read !== undefined)
          return {
            body: rest.body.toString('utf8'),
            tags: [...opts.figures.tagsOf(read)],
            status: rest.status,
          };
        const value = JSON.parse(rest.body.toString('utf8')) as T;
        const figured = opts.figures.apply(value, await opts.figures.read(value));
        return { body: JSON.stringify(figured), tags: [...opts.figures.tagsOf(value)], status: rest.status };
      },
      opts.sameRestAs && keyOf(request, opts.plan, opts.sameRestAs),
    )
    .then((answer) => sendAnswer(request, reply, answer, send));
}

const identity = (body: unknown) => body as string;

/**
 * The cached body skips Fastify's response serializer, so it goes through the route's 200 schema
 * here instead: fields the schema does not declare (internal ones) never reach the public.
 */
function throughResponseSchema(request: FastifyRequest, value: unknown): unknown {
  const responses = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
  const schema = responses?.[200] as { parse?: (v: unknown) => unknown } | undefined;
  return typeof schema?.parse === 'function' ? schema.parse(value) : value;
}

export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
