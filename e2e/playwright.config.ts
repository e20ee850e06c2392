import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server per run, on a fresh DATA_DIR with demo data (E2E_SEED_DEMO=false: an empty database; the
// journeys that make their own data through the fixtures pass on both). The first admin's password is generated
// here and handed to the tests through the environment (workers inherit it).
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'zevar-e2e-'));
process.env.E2E_ADMIN_USERNAME ??= 'e2e-admin';
process.env.E2E_ADMIN_PASSWORD ??= `Ad@1${randomBytes(9)
  .toString('base64url')
  .replace(/[^A-Za-z0-9]/g, 'x')}`;
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** Specs that change a setting every journey reads (see `projects`). */
const SHARED_SETTINGS = [
  '**/returns.spec.ts',
  '**/vendor-settlement.spec.ts',
  '**/payout-run.spec.ts',
  '**/metal-rates.spec.ts',
  '**/price-breakup.spec.ts',
];
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two journeys at a time (decision 0078; E2E_WORKERS=1 for one): each makes its own data, except the
  // specs in 'shared settings' below, which change what other journeys read and so run one at a time,
  // beside the others. (Decision 0071's failure with two workers was a tap on the product tabs lost
  // before their code had come, not stale data: decision 0078.)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failed journey runs once more, recording a trace (trace: 'on-first-retry'); recording a trace of
  // every journey, as 'retain-on-failure' does, cost Chromium twice its CPU (decision 0071). A journey
  // that passes only on its retry is reported as flaky in the list and in the closing counts; it does
  // not fail the run: on a loaded 2-core CI machine a page can miss a timeout once (decision 0071).
  retries: 1,
  timeout: 90_000,
  // A CI machine runs the API suites beside this one on 2 cores: what the user sees may take longer there.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(process.env.E2E_DATA_DIR, 'results'),
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The returns policy (returns, vendor-settlement, payout-run: it decides when commission is
    // payable) and the Gold and Silver rates (metal-rates changes them, price-breakup reads them):
    // one of these specs at a time (decision 0071). Listed first, so that their chain starts at once.
    { name: 'shared settings', testMatch: SHARED_SETTINGS, workers: 1, use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: SHARED_SETTINGS, use: { browserName: 'chromium' } },
  ],
  webServer: {
    // What `npm start` runs: the bundled server (apps/server/dist/server.mjs), built with the web app
    // when their sources changed since the last build (scripts/build-if-changed.mjs).
    command:
      'node scripts/build-if-changed.mjs && cd apps/server && node --enable-source-maps dist/server.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      ADMIN_EMAIL: 'e2e-admin@example.in',
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'true',
      // The run's cache of the demo pictures' encodings, when `npm test` made one (decision 0090).
      ...(process.env.DEMO_PICTURE_CACHE_DIR
        ? { DEMO_PICTURE_CACHE_DIR: process.env.DEMO_PICTURE_CACHE_DIR }
        : {}),
      PAYMENTS: 'sandbox',
      // Every journey's shopper comes from 127.0.0.1; some leave orders unpaid on purpose.
      MAX_OPEN_ORDERS_PER_ADDRESS: '100',
      // ...and their brief holds lapse while later journeys run: on a slow machine three lapsed holds
      // made 127.0.0.1 wait before its next checkout (issue 21's adaptive wait), and a journey failed.
      ABANDONED_ORDERS_BEFORE_WAIT: '10000',
      MAX_VENDOR_REGISTRATIONS_PER_NETWORK: '1000',
      // Every journey's reviewer is 127.0.0.1 too.
      MAX_REVIEWS_PER_CLIENT_PER_HOUR: '1000',
      // The journeys sign in as the one admin with a password; second-factor.spec.ts enrols its own account.
      TOTP_REQUIRED: 'false',
      // Commission is released at delivery (no hold window; the specs that pay turn returns off while they
      // run): vendor-settlement.spec.ts and payout-run.spec.ts see it payable.
      SETTLEMENT_HOLD_DAYS: '0',
      // Queued mail goes out every second, not every 15 s: journeys that wait for a mailed code or
      // invitation do not wait out the default (decision 0071).
      MAIL_DELIVERY_SECONDS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
    },
  },
});
