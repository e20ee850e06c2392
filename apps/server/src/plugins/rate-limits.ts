import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

/**
 * Request limits through @fastify/rate-limit, declared per route (`config.rateLimit`, see
 * `requestLimit`). The counters live in Redis when REDIS_URL is set, so every process counts
 * together; otherwise in this process's memory. Keys use `request.ip`, which honours TRUST_PROXY only.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'zevar:rate:',
    // A Redis outage must not take the shop down with it: the limit is skipped, the request served.
    skipOnError: true,
  });
}

/** A route's limit: at most `max` requests per `windowMs` per client address, then 429 with `message`. */
export function requestLimit(opts: {
  max: number;
  windowMs: number;
  message: string;
  key?: (req: FastifyRequest) => string;
}): RateLimitOptions {
  return {
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: opts.key ?? ((req) => req.ip),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', opts.message),
  };
}
