import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env';
import type { Db, DbKind } from './db/client';
import type { TokenService } from './plugins/auth';
import type { ImageStore } from './lib/image-store';
import type { PaymentGateway } from './modules/payments/gateway';
import type { SandboxGateway } from './modules/payments/sandbox-gateway';
import type { Mailer } from './modules/mail/mailer';
import type { SmsSender } from './modules/sms';
import type { Redis } from './lib/redis';
import type { AttemptStore, OnceStore } from './lib/shared-limits';
import type { PublicCache } from './lib/cache/public-cache';
import type { Carrier } from './modules/shipping/carrier';
import type { SandboxCarrier } from './modules/shipping/sandbox-carrier';
import type { NotifyShipmentEvent } from './modules/shipping/shipments.service';
import type { PayoutProvider } from './lib/payout-provider';
import type { ViewCounter } from './modules/analytics';

/** Where the process is in its life, for readiness: a stopping process takes no new traffic. */
export type Lifecycle = {
  state: 'starting' | 'ready' | 'stopping';
  /** The background job queue in this process ('off' in a web-only process and in tests). */
  jobs: 'off' | 'starting' | 'running';
};

/** What every module's services receive: no globals, so each test builds its own. */
export type AppContext = {
  db: Db;
  /**
   * The same database for public reads (storefront listings, search): on PostgreSQL every statement
   * is cancelled after PUBLIC_READ_TIMEOUT_MS and the request answers 503, so no stranger's request
   * can hold the database. Never for writes.
   */
  publicDb: Db;
  dbKind: DbKind;
  config: Config;
  tokens: TokenService;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Uploaded and generated images under DATA_DIR/uploads. */
  images: ImageStore;
  /** Card payments: Razorpay or the offline sandbox (PAYMENTS). */
  payments: PaymentGateway;
  /** The sandbox's pay/fail actions; only when PAYMENTS=sandbox. */
  sandbox?: SandboxGateway;
  /** The courier aggregator shipments are booked with (the offline sandbox by default). */
  carrier: Carrier;
  /** The sandbox carrier's advance actions; only when it is the sandbox. */
  sandboxCarrier?: SandboxCarrier;
  /** Tells the buyer of a shipment's BOOKED, OUT_FOR_DELIVERY and DELIVERED events (the shipment mails). */
  notifyShipmentEvent?: NotifyShipmentEvent;
  /** Sends resellers' payouts and checks their bank accounts (the offline sandbox by default, PAYOUTS). */
  payoutProvider: PayoutProvider;
  /** Delivers outbox mail (SMTP, or .eml files in DATA_DIR/outbox). */
  mailer: Mailer;
  /** Text messages to buyers' phones: the offline sandbox or MSG91 (SMS). */
  sms: SmsSender;
  lifecycle: Lifecycle;
  /** Shared by every process when REDIS_URL is set (limits, claims); absent otherwise. */
  redis?: Redis;
  /** "Once per window" claims, shared through Redis when it is configured. */
  once: OnceStore;
  /** Failed password checks, shared through Redis when it is configured. */
  attempts: AttemptStore;
  /** Ready-to-send public catalogue answers; writes invalidate it (plugins/public-cache.ts). */
  cache: PublicCache;
  /** Shop, product and quote views, counted in memory and flushed in batches (docs/decisions/0061). */
  views: ViewCounter;
};
