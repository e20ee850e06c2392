import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './env';
import type { Database } from './db/client';
import type { AppContext, Lifecycle } from './context';
import { registerErrorHandling } from './plugins/errors';
import { registerInFlightDrain } from './plugins/in-flight';
import { createTokenService, registerAuth } from './plugins/auth';
import { registerOpenApi } from './plugins/openapi';
import { registerWebApp } from './plugins/web-app';
import { createStorefrontPages } from './modules/seo/seo.service';
import { storefrontPageVisit } from './modules/seo/referral-page';
import { createShopResolver } from './modules/storefront';
import { createViewCounter, type ViewCounter } from './modules/analytics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { quietClientAborts } from './lib/client-abort-log';
import { privateErrorSerializer, REDACT_PATHS } from './lib/log-privacy';
import { deferredChildLoggerFactory, OneLinePerRequest } from './lib/request-logger';
import { routeModules } from './modules';
import { systemRoutes } from './modules/system/system.routes';
import { createRedis, type Redis } from './lib/redis';
import {
  createFallingBackAttemptStore,
  createFallingBackOnceStore,
  createMemoryAttemptStore,
  createMemoryOnceStore,
  createRedisAttemptStore,
  createRedisOnceStore,
} from './lib/shared-limits';
import { registerRateLimits } from './plugins/rate-limits';
import { createImageStore, createStorage, type ImageStore } from './lib/image-store';
import type { PaymentGateway } from './modules/payments/gateway';
import { createPayments } from './modules/payments/create-payments';
import { sandboxRoutes } from './modules/payments/sandbox.routes';
import { createWebhookReceiver } from './modules/payments/webhooks.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createSmsSender, smsConfigFrom, type SmsSender } from './modules/sms';
import { startBackgroundJobs } from './modules/payments/background-jobs';
import { createCacheInvalidation } from './lib/cache/invalidation';
import { createPublicCache } from './lib/cache/public-cache';
import { registerCacheInvalidation } from './plugins/public-cache';
import type { Carrier } from './modules/shipping/carrier';
import { createCarrier } from './modules/shipping/create-carrier';
import type { PayoutProvider } from './lib/payout-provider';
import { createPayoutProvider } from './modules/payouts/create-payout-provider';
import type { NotifyShipmentEvent } from './modules/shipping/shipments.service';
import { createShipmentMails } from './modules/tracking';
import { registerAuditTrail } from './plugins/audit-trail';

/** The server-rendered storefront pages kept ready to send (decision 0036). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export type AppOptions = {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Serve the built web app (production). */
  serveWeb?: boolean;
  /** The built web app to serve (default: apps/web/dist). */
  webDistDir?: string;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
  /** Tests inject fakes; by default built from config (PAYMENTS, SMTP_URL). */
  payments?: PaymentGateway;
  mailer?: Mailer;
  /** Tests inject a carrier (an outage, a crash mid-booking); by default the sandbox carrier. */
  carrier?: Carrier;
  /** Tests inject a payout provider (an outage, a failed payout); by default the sandbox. */
  payoutProvider?: PayoutProvider;
  /** Text messages to buyers; by default from config (SMS=sandbox|msg91). */
  sms?: SmsSender;
  /** Shipment mails for BOOKED, OUT_FOR_DELIVERY and DELIVERED; by default the tracking module's. */
  notifyShipmentEvent?: NotifyShipmentEvent;
  /** Run the outbox worker and the payment reconciler on intervals (the server, not tests). */
  backgroundJobs?: boolean;
  /** A Redis connection owned by the caller; by default one is opened from REDIS_URL when set. */
  redis?: Redis;
  /** Where images are kept; by default from config (S3_BUCKET, else DATA_DIR/uploads). */
  images?: ImageStore;
  /** False for a worker-only process (PROCESS_ROLE=worker): no API but health and readiness. */
  serveApi?: boolean;
  /** The process's life (server.ts moves it on); tests get one that is ready at once. */
  lifecycle?: Lifecycle;
};

/** Node's parser errors (header too large, request timeout, bad request line) as `{ code, message }`. */
function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'Malformed request'];
  const body = JSON.stringify({ code: 'BAD_REQUEST', message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The longest path parameter the router accepts (see `routerOptions` below). */
const MAX_PATH_PARAM_LENGTH = 200 * 9;

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's page view counter (tests flush it). */
    pageViews: ViewCounter;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const tp = opts.config.TRUST_PROXY;
  // A hop count trusts that many proxies in front of the server (proxy-addr's own rule for numbers).
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof tp === 'number' ? (_address: string, hop: number) => hop < tp : tp;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.LOG_LEVEL,
            // No shopper's name, email, phone or address in the logs (request bodies are never logged).
            serializers: { err: privateErrorSerializer },
            redact: { paths: REDACT_PATHS, censor: '[private]' },
            // A client leaving mid-answer is logged at debug, not as an error (lib/client-abort-log.ts).
            hooks: { logMethod: quietClientAborts },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // A request's pino child is made when it first writes a line, not for every request (0087).
    childLoggerFactory: deferredChildLoggerFactory,
    // One line per request (method, url, status, response time, reqId), not two (decision 0096).
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // A path parameter may hold a whole product or category name (200 characters, the catalogue's
    // limit), percent-encoded: up to 9 characters for each (a 3-byte UTF-8 character). Fastify's
    // default of 100 answered a longer name's own product link with 'No route'.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // A request (headers and body) that trickles in is cut off instead of holding a socket.
    requestTimeout: 30_000,
    // Malformed, over-long or timed-out requests never reach a route: answer them in the error shape too.
    clientErrorHandler: answerClientError,
    trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Closing waits for every handler still running, so the database is never closed under one.
  registerInFlightDrain(app);
  registerSecurityHeaders(app, opts.config.PAYMENTS);

  const now = opts.now ?? (() => new Date());
  const tokens = createTokenService(opts.config.JWT_SECRET, now);
  const redis = opts.redis ?? (opts.config.REDIS_URL ? createRedis(opts.config.REDIS_URL) : undefined);
  // A polite QUIT needs Redis to answer; during an outage it times out, and the process must still
  // close, so the connection is then dropped instead.
  if (redis && !opts.redis)
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  // Redis down: limits fall back to this process's memory (logged once per outage), never a 500.
  const redisDown = (err: unknown) =>
    app.log.warn({ err }, 'Redis unreachable: counting limits in this process until it is back');
  if (redis) redis.on('error', () => undefined);
  const invalidation = createCacheInvalidation(opts.database.notifications, (err) =>
    app.log.error({ err }, 'cache invalidation message failed'),
  );
  app.addHook('onClose', () => invalidation.close());
  const ctx: AppContext = {
    db: opts.database.db,
    publicDb: opts.database.publicReads(opts.config.PUBLIC_READ_TIMEOUT_MS),
    dbKind: opts.database.kind,
    config: opts.config,
    tokens,
    now,
    log: app.log,
    images: opts.images ?? createImageStore(createStorage(opts.config)),
    ...createPayments(opts.config, opts.database.db, opts.payments, now),
    ...createCarrier(opts.config, opts.database.db, now, opts.carrier),
    notifyShipmentEvent: opts.notifyShipmentEvent,
    payoutProvider: opts.payoutProvider ?? createPayoutProvider(opts.config),
    mailer: opts.mailer ?? createMailer({ smtpUrl: opts.config.SMTP_URL, dataDir: opts.config.DATA_DIR }),
    sms: opts.sms ?? createSmsSender(smsConfigFrom(opts.config), { db: opts.database.db, now }),
    lifecycle: opts.lifecycle ?? { state: 'ready', jobs: 'off' },
    redis,
    once: redis
      ? createFallingBackOnceStore(createRedisOnceStore(redis), redisDown)
      : createMemoryOnceStore(() => now().getTime()),
    attempts: redis
      ? createFallingBackAttemptStore(createRedisAttemptStore(redis), redisDown)
      : createMemoryAttemptStore(),
    cache: createPublicCache(invalidation),
    views: createViewCounter({
      db: opts.database.db,
      timeZone: opts.config.BUSINESS_TIMEZONE,
      onError: (err) => app.log.warn({ err }, 'page views could not be written; kept for the next flush'),
    }),
  };
  // Page views reach the table in batches, and the last ones when the process stops (before the
  // database closes: the caller closes it after the app).
  const viewFlush = setInterval(() => void ctx.views.flush(), opts.config.ANALYTICS_FLUSH_SECONDS * 1000);
  viewFlush.unref();
  app.addHook('onClose', async () => {
    clearInterval(viewFlush);
    await ctx.views.flush();
  });
  app.decorate('pageViews', ctx.views);
  // The shipment mails (booked, out for delivery, delivered) unless a test brings its own.
  ctx.notifyShipmentEvent ??= createShipmentMails(ctx);
  registerCacheInvalidation(app, ctx.cache);
  // Image copies still being encoded in the background are finished before the process lets go.
  app.addHook('onClose', async () => ctx.images.settled());
  app.decorate('publicCache', ctx.cache);
  registerAuth(app, {
    db: ctx.db,
    tokens,
    secondFactorRequired: opts.config.TOTP_REQUIRED,
    now,
  });
  registerAuditTrail(app, { db: ctx.db, now });
  await registerRateLimits(app, redis);
  await registerOpenApi(app);

  // Before the API routes: its compression applies to them too.
  if (opts.serveWeb) {
    const distDir = opts.webDistDir ?? WEB_DIST_DIR;
    // Cached until a write invalidates shops: a page view does not touch the users table.
    const shopResolver = createShopResolver(ctx);
    await registerWebApp(app, {
      distDir,
      // The web app's SSR build sits beside the served folder (apps/web/dist-ssr).
      firstScreenEntry: path.join(distDir, '../dist-ssr/entry-server.js'),
      renderPage: createStorefrontPages({ config: opts.config }),
      visit: storefrontPageVisit(ctx.config, now, (slug) => shopResolver(slug).catch(() => undefined), {
        counter: ctx.views,
        once: ctx.once,
      }),
      serveSourceMaps: opts.config.NODE_ENV !== 'production',
      businessTimezone: opts.config.BUSINESS_TIMEZONE,
      // Finished pages have a cache of their own, so they never push API answers out.
      pages: {
        cache: createPublicCache(invalidation, { maxBytes: PAGE_CACHE_BYTES }),
        internalToken: ctx.cache.internalToken,
      },
    });
  }
  // A worker-only process answers just health and readiness.
  const modules = opts.serveApi === false ? [systemRoutes] : routeModules;
  for (const module of modules) await app.register(module(ctx), { prefix: '/api' });
  if (ctx.sandbox)
    await app.register(
      sandboxRoutes(ctx.sandbox, {
        loopbackOnly: opts.config.implicitSandbox,
        deliver: createWebhookReceiver(ctx),
        timeZone: opts.config.BUSINESS_TIMEZONE,
      }),
      {
        prefix: '/sandbox',
      },
    );
  if (opts.backgroundJobs) startBackgroundJobs(app, ctx, opts.database);

  return app;
}
