import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { reconcilePayments } from './reconciler';
import { deliverDueEmails } from '../mail/outbox.service';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';

const RECONCILE_EVERY_MS = 60_000;
const OUTBOX_EVERY_MS = 15_000;

/** Outbox delivery, payment reconciliation and subscription expiry on intervals (server only, never in tests). */
export function startBackgroundJobs(app: FastifyInstance, ctx: AppContext): void {
  let busy = { reconcile: false, outbox: false, subscriptions: false };
  const run = (name: keyof typeof busy, job: () => Promise<unknown>) => async () => {
    if (busy[name]) return;
    busy = { ...busy, [name]: true };
    try {
      await job();
    } catch (err) {
      ctx.log.error({ err }, `${name} job failed`);
    } finally {
      busy = { ...busy, [name]: false };
    }
  };
  const reconcile = run('reconcile', () => reconcilePayments(ctx));
  const outbox = run('outbox', () =>
    deliverDueEmails({
      db: ctx.db,
      mailer: ctx.mailer,
      from: ctx.config.MAIL_FROM,
      now: ctx.now,
      log: ctx.log,
    }),
  );
  const subscriptions = createSubscriptionsService(ctx);
  const expire = run('subscriptions', () => subscriptions.expireDue());
  const timers = [
    setInterval(reconcile, RECONCILE_EVERY_MS),
    setInterval(outbox, OUTBOX_EVERY_MS),
    setInterval(expire, RECONCILE_EVERY_MS),
  ];
  for (const t of timers) t.unref();
  app.addHook('onReady', async () => {
    void outbox();
    void reconcile();
    void expire();
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    // A job that is running finishes before the database closes.
    while (Object.values(busy).some(Boolean)) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}
