import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors';
import { clientNetworkOf } from '../lib/client-network';

/**
 * Request limits through @fastify/rate-limit, declared per route (`config.rateLimit`, see
 * `requestLimit`). The counters live in Redis when REDIS_URL is set, so every process counts
 * together; otherwise in this process's memory. Keys are the client network of `request.ip` (an IPv6
 * /64 counts as one client), which honours TRUST_PROXY only.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallingBackRateStore(redis) } : {}),
    // Should even the fallback fail, the request is served rather than the shop taken down.
    skipOnError: true,
  });
}

type IncrCallback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
type RateStore = {
  incr(key: string, cb: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: object): RateStore;
};
type StoreConstructor = new (...args: unknown[]) => RateStore;

/**
 * The plugin's own Redis store, with its in-memory store taking over while Redis does not answer
 * (commands time out within REDIS_COMMAND_TIMEOUT_MS): during an outage each process still counts
 * its requests, instead of the limit failing open (decision 0027). Redis is tried again after 5 s.
 */
function fallingBackRateStore(redis: Redis) {
  // The plugin documents custom stores through this constructor interface; its two stores are
  // plain CommonJS files of the package.
  const load = createRequire(import.meta.url);
  const RedisStore = load('@fastify/rate-limit/store/RedisStore') as StoreConstructor;
  const LocalStore = load('@fastify/rate-limit/store/LocalStore') as StoreConstructor;
  const state = { downUntil: 0 };
  const pair = (primary: RateStore, local: RateStore): RateStore => ({
    incr(key, cb, timeWindow, max) {
      if (Date.now() < state.downUntil) return local.incr(key, cb, timeWindow, max);
      primary.incr(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          state.downUntil = Date.now() + 5000;
          local.incr(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => pair(primary.child(routeOptions), local.child(routeOptions)),
  });
  // A constructor returning an object is what the plugin's `new Store(params)` receives.
  function FallingBackStore(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    return pair(
      new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'zevar:rate:'),
      new LocalStore(params.continueExceeding, params.exponentialBackoff),
    );
  }
  return FallingBackStore as unknown as FastifyRateLimitStoreCtor;
}

/** A route's limit: at most `max` requests per `windowMs` per client network, then 429 with `message`. */
export function requestLimit(opts: {
  max: number;
  windowMs: number;
  message: string;
  key?: (req: FastifyRequest) => string;
}): RateLimitOptions {
  return {
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: opts.key ?? ((req) => clientNetworkOf(req.ip)),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', opts.message),
  };
}
