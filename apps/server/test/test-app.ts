import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { parseEnv, type Config } from '../src/env';
import { resolveConfig } from '../src/bootstrap';
import { connectPglite, connectPostgres, type Database, type Db } from '../src/db/client';

const urls = new WeakMap<Db, string>();

/**
 * Another client of the same database, as a second server process would have: a new connection
 * pool on PostgreSQL; on PGlite (one process by nature) the same client, left open.
 */
export function connectAgain(database: Database): Database {
  const url = urls.get(database.db);
  if (!url) return { ...database, close: async () => undefined };
  return connectPostgres(url, () => undefined);
}

/** The connection string of a PostgreSQL test database (for a second, raw client); none on PGlite. */
export function databaseUrlOf(database: Database): string | undefined {
  return urls.get(database.db);
}

/** Makes a copy of the migrated PostgreSQL template; its name. */
async function copyTemplate(url: string, template: string, prefix: string): Promise<string> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * The copy made ahead for the next database this worker asks for (the files of a worker share its
 * module state, isolate: false): copying the template takes a second or two on a loaded machine, and
 * is done while the tests of the file before run instead of before the next file's. The last one of
 * a run is dropped by the global set-up's teardown.
 */
let copyAhead: { key: string; name: Promise<string> } | undefined;

async function takeCopy(url: string, template: string, prefix: string): Promise<string> {
  const key = `${url} ${template}`;
  const ready = copyAhead?.key === key ? copyAhead.name : undefined;
  copyAhead = undefined;
  // A copy made ahead that failed is made again here (its error, if it recurs, is this call's).
  const name = (await ready?.catch(() => undefined)) ?? (await copyTemplate(url, template, prefix));
  const next = copyTemplate(url, template, prefix);
  next.catch(() => undefined); // handled when taken
  copyAhead = { key, name: next };
  return name;
}

/** A fresh database for one test file: a copy of the migrated template. */
export async function createTestDatabase(): Promise<Database> {
  const pgTemplate = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = await takeCopy(url, pgTemplate, inject('postgresCopyPrefix') || 'zevar_t_');
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // Dropping the database at the end terminates its idle connections; that is expected here.
    const database = connectPostgres(dbUrl.toString(), () => undefined);
    urls.set(database.db, dbUrl.toString());
    return {
      ...database,
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  return connectPglite(undefined, new Blob([readFileSync(template)]));
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zevar-test-'));
  return resolveConfig(
    parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      RAZORPAY_KEY_SECRET: 'test_key_secret',
      RAZORPAY_WEBHOOK_SECRET: 'test_webhook_secret',
      LOG_LEVEL: 'silent',
      // Every test shopper comes from one address and some tests buy in bulk; the limit tests set their own.
      MAX_OPEN_ORDERS_PER_ADDRESS: '10000',
      MAX_LINE_QUANTITY: '1000',
      MAX_ORDER_QUANTITY: '100000',
      // The hoarding limits are off here (holds last the whole window, any share of a product may be
      // held, no waiting after expired orders); the hoarding tests set the defaults explicitly.
      RESERVATION_HOLD_MINUTES: '1440',
      UNPAID_HOLD_SHARE_PERCENT: '100',
      ABANDONED_ORDERS_BEFORE_WAIT: '10000',
      MAX_VENDOR_REGISTRATIONS_PER_NETWORK: '100000',
      // Review tests write many reviews from the one test address; the review-limit tests set their own.
      MAX_REVIEWS_PER_CLIENT_PER_HOUR: '100000',
      // Hundreds of tests sign in as a super admin; the second-factor tests turn the requirement on.
      TOTP_REQUIRED: 'false',
      // The run's cache of the demo pictures' encodings, when `npm test` made one (decision 0090).
      ...(process.env.DEMO_PICTURE_CACHE_DIR
        ? { DEMO_PICTURE_CACHE_DIR: process.env.DEMO_PICTURE_CACHE_DIR }
        : {}),
      ...overrides,
    }),
  );
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: Database;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh database. `now` lets a test move the clock. */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    now?: () => Date;
    payments?: AppOptions['payments'];
    mailer?: AppOptions['mailer'];
    carrier?: AppOptions['carrier'];
    payoutProvider?: AppOptions['payoutProvider'];
    sms?: AppOptions['sms'];
    notifyShipmentEvent?: AppOptions['notifyShipmentEvent'];
    /** Share a database with another test app (see connectAgain). */
    database?: Database;
    /** Serve a built web app from this directory (index.html and assets/). */
    webDistDir?: string;
    logStream?: AppOptions['logStream'];
    images?: AppOptions['images'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    now: opts.now,
    payments: opts.payments,
    mailer: opts.mailer,
    carrier: opts.carrier,
    payoutProvider: opts.payoutProvider,
    sms: opts.sms,
    notifyShipmentEvent: opts.notifyShipmentEvent,
    images: opts.images,
    serveWeb: Boolean(opts.webDistDir),
    webDistDir: opts.webDistDir,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
