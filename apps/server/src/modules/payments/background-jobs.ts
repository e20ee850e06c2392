import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { reconcilePayments } from './reconciler';
import { invalidatingChanges } from '../../lib/cache/changes';
import { deliverDueEmails } from '../mail';
import { createSubscriptionsService } from '../subscriptions';
import { createJobQueue, type PeriodicJob } from '../jobs';
import { createInvoicesService } from '../invoices';
import { sweepAnonymousUploads } from '../images';
import { createShippingService } from '../shipping';
import { createSettlementService } from '../payouts';
import { pruneSessions } from '../users';

/**
 * The marketplace's periodic work: payment reconciliation (with reservation expiry), mail, unused
 * anonymous uploads, subscriptions.
 */
export function periodicJobs(ctx: AppContext): PeriodicJob[] {
  const subscriptions = createSubscriptionsService(ctx);
  const invoices = createInvoicesService(ctx);
  const shipping = createShippingService(ctx);
  const settlement = createSettlementService(ctx);
  return [
    // Confirming or releasing orders moves stock and sales counts (the stock and coupon functions note
    // which products and coupons); expiring a subscription moves a shop's plan: either changes public
    // answers, so the cache is told (these run outside a request).
    {
      name: 'reconcile-payments',
      everySeconds: 60,
      run: () =>
        invalidatingChanges(
          (tags) => ctx.cache.invalidate(tags),
          () => reconcilePayments(ctx),
          // A subscription the browser never verified, activated here, changes the shop's plan.
          (report) => (report.subscriptionsActivated > 0 ? ['shops'] : []),
        ),
    },
    {
      name: 'deliver-email',
      everySeconds: ctx.config.MAIL_DELIVERY_SECONDS,
      // Batches while mail is due, until the next run is due but short of the shutdown grace, so a
      // closing process lets a run finish (paid orders queue a confirmation each; decision 0093).
      run: () =>
        deliverDueEmails(
          {
            db: ctx.db,
            mailer: ctx.mailer,
            from: ctx.config.MAIL_FROM,
            now: ctx.now,
            log: ctx.log,
            attachment: invoices.attachment,
          },
          20,
          Math.max(1, Math.min(ctx.config.MAIL_DELIVERY_SECONDS, ctx.config.SHUTDOWN_GRACE_SECONDS - 2)) *
            1000,
        ),
    },
    {
      // Review photos uploaded by anyone and used by nothing within a day (decision 0035).
      name: 'sweep-anonymous-uploads',
      everySeconds: 3600,
      run: () => sweepAnonymousUploads(ctx),
    },
    {
      // Queued shipment bookings (their retries back off after a carrier outage, decision 0037).
      name: 'book-shipments',
      everySeconds: 15,
      run: () => shipping.processDueBookings(),
    },
    {
      // Parcels on their way with no carrier event for hours: asks the carrier (a missed webhook).
      name: 'reconcile-shipments',
      everySeconds: 900,
      run: () => shipping.reconcile(),
    },
    {
      // Approved payouts waiting after a provider outage or left mid-send, and payouts in flight (decision 0050).
      name: 'process-payouts',
      everySeconds: 30,
      run: () => settlement.processDue(),
    },
    {
      // Sign-ins that ended or expired a month ago (decision 0047): the sessions table stays small.
      name: 'prune-sessions',
      everySeconds: 3600,
      run: () => pruneSessions(ctx.db, ctx.now()),
    },
    {
      name: 'expire-subscriptions',
      everySeconds: 60,
      run: async () => {
        const ended = await subscriptions.expireDue();
        if (ended > 0) await ctx.cache.invalidate(['shops']);
        return ended;
      },
    },
  ];
}

/**
 * Runs the periodic jobs in the PostgreSQL job queue while the app is up: each run happens once
 * across all processes on the database; on close, running jobs finish before the database closes.
 */
export function startBackgroundJobs(app: FastifyInstance, ctx: AppContext, database: Database): void {
  const queue = createJobQueue({ database, log: ctx.log, jobs: periodicJobs(ctx) });
  let starting: Promise<void> = Promise.resolve();
  // After the server listens, not before: setting up the queue takes a good part of a second on the
  // embedded database, and a restart should answer at once (issue 12). /api/ready stays 503 while
  // jobs are 'starting'; a queue that cannot start stops the process, as a failed start did before.
  app.addHook('onListen', () => {
    ctx.lifecycle.jobs = 'starting';
    starting = queue.start().then(
      () => {
        ctx.lifecycle.jobs = 'running';
      },
      (err: unknown) => {
        app.log.fatal({ err }, 'the job queue could not start');
        process.exit(1);
      },
    );
  });
  app.addHook('onClose', async () => {
    await starting;
    await queue.stop(ctx.config.SHUTDOWN_GRACE_SECONDS * 1000);
    ctx.lifecycle.jobs = 'off';
  });
}
