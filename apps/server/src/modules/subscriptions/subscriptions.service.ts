import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { paiseToRupees, PLAN_LABELS, PLAN_WEIGHTS, type Plan } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { subscriptions } from '../../db/schema';
import { findPlanOption } from '../plans';
import { setVendorPlanIn, vendorPlansOf } from '../users';

export type SubscribeResult = { amount: number; razorpayOrderId: string; subscriptionOrderId: number };

/** How far back the reconciler looks for paid subscriptions that were never activated. */
const RECONCILE_DAYS = 7;

function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

export function createSubscriptionsService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Activates a paid subscription exactly once (the PENDING -> ACTIVE update is the only gate), ends
   * the vendor's previous one and moves the vendor to the new plan. Renewing the plan that is running
   * extends it: the new period starts where the running one ends.
   */
  async function activate(tx: DbOrTx, subscriptionId: number, paymentId: string | null): Promise<boolean> {
    const now = ctx.now();
    const [sub] = await tx
      .update(subscriptions)
      .set({ status: 'ACTIVE', paymentId, startDate: now })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'PENDING')))
      .returning();
    if (!sub) return false;
    const [running] = await tx
      .select({ endDate: subscriptions.endDate })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.vendorId, sub.vendorId),
          eq(subscriptions.status, 'ACTIVE'),
          eq(subscriptions.plan, sub.plan),
          gt(subscriptions.endDate, now),
          sql`${subscriptions.id} <> ${sub.id}`,
        ),
      )
      .orderBy(desc(subscriptions.endDate))
      .limit(1);
    await tx
      .update(subscriptions)
      .set({ endDate: addMonths(running?.endDate ?? now, sub.durationMonths) })
      .where(eq(subscriptions.id, sub.id));
    await tx
      .update(subscriptions)
      // A superseded one ends now; one already past its end keeps its date.
      .set({ status: 'EXPIRED', endDate: sql`least(${subscriptions.endDate}, ${now})` })
      .where(
        and(
          eq(subscriptions.vendorId, sub.vendorId),
          eq(subscriptions.status, 'ACTIVE'),
          sql`${subscriptions.id} <> ${sub.id}`,
        ),
      );
    await setVendorPlanIn(tx, sub.vendorId, sub.plan, now);
    return true;
  }

  /** A paid plan that is still running is never replaced by a lower one (that would end it unpaid-for). */
  async function refuseDowngrade(vendorId: number, wanted: Plan) {
    const [current] = await db
      .select({ plan: subscriptions.plan, endDate: subscriptions.endDate })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.vendorId, vendorId),
          eq(subscriptions.status, 'ACTIVE'),
          gt(subscriptions.endDate, ctx.now()),
        ),
      )
      .orderBy(desc(subscriptions.endDate))
      .limit(1);
    if (current && PLAN_WEIGHTS[current.plan] > PLAN_WEIGHTS[wanted]) {
      const until = current.endDate!.toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: ctx.config.BUSINESS_TIMEZONE,
      });
      throw conflict(
        `Your ${PLAN_LABELS[current.plan]} plan is active until ${until}; choose the same or a higher plan.`,
      );
    }
  }

  async function subscribe(vendorId: number, planId: number, optionId: number): Promise<SubscribeResult> {
    const row = await findPlanOption(db, planId, optionId);
    if (!row) throw notFound('Plan option');
    if (!row.option.active) throw badRequest('This subscription option is no longer offered');
    await refuseDowngrade(vendorId, row.plan);
    const [sub] = await db
      .insert(subscriptions)
      .values({
        vendorId,
        planId,
        optionId,
        plan: row.plan,
        durationMonths: row.option.durationMonths,
        amountPaise: row.option.pricePaise,
        createdAt: ctx.now(),
      })
      .returning();
    if (row.option.pricePaise === 0) {
      await db.transaction((tx) => activate(tx, sub!.id, null));
      return { amount: 0, razorpayOrderId: '', subscriptionOrderId: sub!.id };
    }
    // The provider call happens outside any transaction; a failure leaves a PENDING row that never activates.
    const order = await ctx.payments
      .createOrder({
        amountPaise: row.option.pricePaise,
        receipt: `sub_${sub!.id}`,
        notes: {
          purpose: 'subscription',
          subscriptionId: String(sub!.id),
          vendorId: String(vendorId),
          plan: row.plan,
        },
      })
      .catch((err: unknown) => {
        ctx.log.error({ err }, 'subscription order creation failed');
        throw new AppError('PAYMENT_ERROR', 'Failed to initiate subscription');
      });
    await db.update(subscriptions).set({ providerOrderId: order.id }).where(eq(subscriptions.id, sub!.id));
    return {
      amount: paiseToRupees(row.option.pricePaise),
      razorpayOrderId: order.id,
      subscriptionOrderId: sub!.id,
    };
  }

  /** The browser's confirmation: the signature must match the provider order this server stored. */
  async function verify(vendorId: number, subscriptionId: number, paymentId: string, signature: string) {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!sub) throw notFound('Subscription');
    if (sub.vendorId !== vendorId) throw forbidden();
    if (
      !sub.providerOrderId ||
      !ctx.payments.verifyPaymentSignature(sub.providerOrderId, paymentId, signature)
    ) {
      throw badRequest('Payment verification failed');
    }
    await db.transaction((tx) => activate(tx, sub.id, paymentId));
    return { status: 'ACTIVE' as const, plan: sub.plan };
  }

  /** Webhook or reconciler path: settles a subscription by its provider order id; false when not ours. */
  async function settleByProviderOrder(providerOrderId: string, paymentId: string): Promise<boolean> {
    const [sub] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.providerOrderId, providerOrderId));
    if (!sub) return false;
    await db.transaction((tx) => activate(tx, sub.id, paymentId));
    return true;
  }

  /**
   * Reconciler pass: subscriptions still PENDING whose provider order was paid (the browser's
   * verification failed or never came) are activated, through the same gate, oldest first.
   */
  async function reconcilePending(batch = 100): Promise<number> {
    const since = new Date(ctx.now().getTime() - RECONCILE_DAYS * 24 * 60 * 60_000);
    const pending = await db
      .select({ id: subscriptions.id, providerOrderId: subscriptions.providerOrderId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'PENDING'),
          isNotNull(subscriptions.providerOrderId),
          gt(subscriptions.createdAt, since),
        ),
      )
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(batch);
    let activated = 0;
    for (const sub of pending) {
      const state = await ctx.payments.fetchOrderState(sub.providerOrderId!);
      if (state.state !== 'paid') continue;
      if (await db.transaction((tx) => activate(tx, sub.id, state.paymentId))) activated += 1;
    }
    return activated;
  }

  /**
   * Keeps each paying vendor's plan tier in step with the dates of their activated subscriptions: the
   * plan of the one running now (latest end), else Free. Nothing is flipped for good: a clock that
   * jumped forward and came back puts the plan back on the next run. Returns the vendors changed.
   */
  async function expireDue(): Promise<number> {
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          vendorId: subscriptions.vendorId,
          plan: subscriptions.plan,
          endDate: subscriptions.endDate,
        })
        .from(subscriptions)
        .where(eq(subscriptions.status, 'ACTIVE'))
        .orderBy(asc(subscriptions.vendorId), desc(subscriptions.endDate));
      const running = new Map<number, Plan>();
      for (const r of rows) {
        if (!running.has(r.vendorId)) running.set(r.vendorId, 'FREE');
        if (running.get(r.vendorId) === 'FREE' && r.endDate !== null && r.endDate > now) {
          running.set(r.vendorId, r.plan);
        }
      }
      const stored = await vendorPlansOf(tx, [...running.keys()]);
      let changed = 0;
      for (const [vendorId, plan] of running) {
        if (!stored.has(vendorId) || stored.get(vendorId) === plan) continue;
        await setVendorPlanIn(tx, vendorId, plan, now);
        changed += 1;
      }
      return changed;
    });
  }

  return { subscribe, verify, settleByProviderOrder, reconcilePending, expireDue };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
