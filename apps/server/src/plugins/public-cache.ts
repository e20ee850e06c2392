import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CACHE_TAGS, type CacheTag } from '../lib/cache/invalidation';
import type { PublicCache } from '../lib/cache/public-cache';

/**
 * Browsers and CDNs may reuse a public answer for a few seconds and serve it while revalidating for
 * a minute; the web app itself always revalidates (ETag -> 304), so a shopper never sees an answer
 * older than the last write (docs/decisions/0014-perf-public-cache.md).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60';

/**
 * Successful writes that cannot change a public catalogue answer (route pattern as registered).
 * Every other successful POST/PUT/PATCH/DELETE under /api invalidates: a new admin route is safe
 * by default, and forgetting to list a harmless one only costs a refill.
 */
const KEEPS_CACHE = new Set([
  'POST /api/products/:id/views',
  'POST /api/cart/quote',
  'POST /api/checkout',
  'PATCH /api/checkout/applyCoupon/:id',
  'POST /api/coupon-codes/apply',
  'POST /api/user/login',
  'POST /api/user/verify',
  'POST /api/image/uploads',
  'POST /api/image/review-uploads',
  'DELETE /api/image/uploads/:name',
  'POST /api/email-templates',
  'PUT /api/email-templates/:id',
  'DELETE /api/email-templates/:id',
  'POST /api/vendor-payouts',
  'DELETE /api/vendor-payouts/:id',
]);

/** Coupon writes change only coupon answers; everything else may change anything public. */
export function tagsInvalidatedBy(method: string, routeUrl: string): readonly CacheTag[] {
  if (KEEPS_CACHE.has(`${method} ${routeUrl}`)) return [];
  if (routeUrl.startsWith('/api/coupon-codes')) return ['coupons'];
  return ALL_CACHE_TAGS;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's public answer cache (the bench empties it to measure misses). */
    publicCache: PublicCache;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Invalidates before the write's response leaves, so nothing stale is served after it returns. */
export function registerCacheInvalidation(app: FastifyInstance, cache: PublicCache) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') && !url?.startsWith('/sandbox/')) return payload;
    const tags = tagsInvalidatedBy(request.method, url);
    if (tags.length > 0) await cache.invalidate(tags);
    return payload;
  });
}

function keyOf(request: FastifyRequest, plan: string | undefined): string {
  const { vendorSlug: _shop, ...query } = (request.query ?? {}) as Record<string, unknown>;
  return `${request.routeOptions.url}|${plan ?? ''}|${JSON.stringify(request.params ?? {})}|${JSON.stringify(query)}`;
}

/**
 * Sends the cached answer for this read (route, plan tier, parsed params and query), building it
 * with `produce` on a miss. Answers 304 when the client already has it.
 */
export async function sendCached(
  cache: PublicCache,
  request: FastifyRequest,
  reply: FastifyReply,
  /** `ttlMs` bounds answers that also depend on the clock (coupon expiry). */
  opts: { tags: readonly CacheTag[]; plan?: string; ttlMs?: number },
  produce: () => Promise<unknown>,
): Promise<FastifyReply> {
  const answer = await cache.answer(
    keyOf(request, opts.plan),
    opts.tags,
    async () => throughResponseSchema(request, await produce()),
    opts.ttlMs,
  );
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').serializer(identity).send(answer.body);
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

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
