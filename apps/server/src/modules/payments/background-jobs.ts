import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { reconcilePayments } from './reconciler';
import { deliverDueEmails } from '../mail';
import { createSubscriptionsService } from '../subscriptions';
import { createJobQueue, type PeriodicJob } from '../jobs';
import { createInvoicesService } from '../invoices';

/** The marketplace's periodic work: payment reconciliation (with reservation expiry), mail, subscriptions. */
export function periodicJobs(ctx: AppContext): PeriodicJob[] {
  const subscriptions = createSubscriptionsService(ctx);
  const invoices = createInvoicesService(ctx);
  return [
    // Confirming or releasing orders moves stock and sales counts; expiring a subscription moves a
    // shop's plan: either changes public answers, so the cache is told (these run outside a request).
    {
      name: 'reconcile-payments',
      everySeconds: 60,
      run: async () => {
        const report = await reconcilePayments(ctx);
        if (report.confirmed + report.released > 0) await ctx.cache.invalidate(['catalogue', 'coupons']);
        // A subscription the browser never verified, activated here, changes the shop's plan.
        if (report.subscriptionsActivated > 0) await ctx.cache.invalidate(['shops']);
        return report;
      },
    },
    {
      name: 'deliver-email',
      everySeconds: 15,
      run: () =>
        deliverDueEmails({
          db: ctx.db,
          mailer: ctx.mailer,
          from: ctx.config.MAIL_FROM,
          now: ctx.now,
          log: ctx.log,
          attachment: invoices.attachment,
        }),
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
  app.addHook('onReady', async () => {
    ctx.lifecycle.jobs = 'starting';
    await queue.start();
    ctx.lifecycle.jobs = 'running';
  });
  app.addHook('onClose', async () => {
    await queue.stop(ctx.config.SHUTDOWN_GRACE_SECONDS * 1000);
    ctx.lifecycle.jobs = 'off';
  });
}
