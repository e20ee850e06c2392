import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, like, lte, or, sql } from 'drizzle-orm';
import {
  PAYMENT_LINK_TEXT,
  orderTotals,
  paiseToRupees,
  paymentLinkExpiry,
  paymentLinkStatusOf,
  toPaged,
  type AdminPaymentLinkQuery,
  type Paged,
  type PaymentLink,
  type createPaymentLinkBody,
} from '@zevar/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { paymentLinks, type quotes } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recordChangeIn } from '../audit';
import { liveOrdersOfQuotes, newOrderNumber, orderById, recordNewOrderIn } from '../orders';
import { createShopsService } from '../users';
import { recordProviderOrder } from './payment-records';
import { quoteByCode, quoteById } from './quote-of-link.read-model';
import { closeLinkOfBoughtQuote, openPaymentLinkOfQuote } from './quote-links';
import { releaseOrderIn } from './release-order';
import { settlePayment, type SettleResult } from './settle-payment';

type LinkRow = typeof paymentLinks.$inferSelect;
type QuoteRow = typeof quotes.$inferSelect;
type CreateInput = z.output<typeof createPaymentLinkBody>;
/** Who asks: a vendor for its own quotes, or staff for any. */
export type LinkActor = { kind: 'vendor'; vendorId: number } | { kind: 'admin'; userId: number };

const actorName = (a: LinkActor) => (a.kind === 'vendor' ? `vendor:${a.vendorId}` : `admin:${a.userId}`);
const mayUse = (a: LinkActor, vendorId: number) => a.kind === 'admin' || a.vendorId === vendorId;

/** What the buyer pays for a quote: its quoted lines, rounded as every order is. */
const quoteAmountPaise = (q: QuoteRow) =>
  orderTotals(
    q.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0),
    0,
  ).finalPaise;

export const tooManyLinks = (limit: number) =>
  `You have sent ${limit} payment links today, the most a day allows. Please try again tomorrow.`;

const fieldIssue = (path: string, message: string) =>
  new AppError('VALIDATION', message, [{ path, message }]);

/**
 * Payment links for quotes (issue 26 item 2, docs/decisions/0060). A link is made at the provider
 * for the quote's amount; when paid, the quote becomes an order at the quoted prices, credited to its
 * reseller (`payment_link`), and is settled through `settlePayment`, the orders' one exactly-once path.
 */
export function createPaymentLinksService(ctx: AppContext) {
  const shops = createShopsService(ctx);

  async function toDto(row: LinkRow): Promise<PaymentLink> {
    const order = row.orderId ? await orderById(ctx.db, row.orderId) : undefined;
    return {
      id: row.id,
      quoteCode: row.quoteCode,
      vendorSlug: row.vendorSlug,
      status: paymentLinkStatusOf(row, ctx.now()),
      url: row.shortUrl,
      amount: paiseToRupees(row.amountPaise),
      buyerName: row.buyerName,
      buyerPhone: row.buyerPhone,
      buyerEmail: row.buyerEmail,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      orderNumber: order?.orderNumber ?? null,
    };
  }

  async function create(actor: LinkActor, code: string, input: CreateInput): Promise<PaymentLink> {
    const quote = await quoteByCode(ctx.db, code);
    if (!quote || !mayUse(actor, quote.vendorId)) throw notFound('Quote');
    const now = ctx.now();
    if ((await liveOrdersOfQuotes(ctx.db, [quote.id])).get(quote.id)?.paid)
      throw conflict(PAYMENT_LINK_TEXT.quoteBought);
    const expiry = paymentLinkExpiry(
      quote.validUntil,
      input.expiresAt ? new Date(input.expiresAt) : undefined,
      now,
    );
    if (!(expiry instanceof Date)) {
      if (expiry.problem === 'quoteExpired') throw conflict(PAYMENT_LINK_TEXT.quoteExpired);
      throw fieldIssue('expiresAt', PAYMENT_LINK_TEXT[expiry.problem]);
    }
    if (await openPaymentLinkOfQuote(ctx.db, quote.id, now)) throw conflict(PAYMENT_LINK_TEXT.openLinkExists);
    if (actor.kind === 'vendor') await checkDailyLinks(actor.vendorId, now);
    const shop = await shops.findShop(quote.vendorSlug);
    const id = randomUUID();
    const amountPaise = quoteAmountPaise(quote);
    const base = ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${ctx.config.PORT}`;
    const provider = await ctx.payments.createPaymentLink({
      amountPaise,
      referenceId: id,
      description: `${shop?.name ?? quote.vendorSlug}: quote ${quote.code}`.slice(0, 2048),
      expireBy: expiry,
      customer: { name: input.buyerName, contact: input.buyerPhone, email: input.buyerEmail },
      callbackUrl: `${base}/q/${quote.code}`,
      notes: { quoteCode: quote.code, vendorSlug: quote.vendorSlug },
    });
    const row = await ctx.db.transaction(async (tx) => {
      // The quote's lock (the one `place-order` and settling take): two links made at once for one quote,
      // the second is cancelled at the provider and refused; a quote bought meanwhile gets none.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote:${quote.id}`}))`);
      if (await openPaymentLinkOfQuote(tx, quote.id, now)) return null;
      if ((await liveOrdersOfQuotes(tx, [quote.id])).get(quote.id)?.paid) return 'bought' as const;
      const [saved] = await tx
        .insert(paymentLinks)
        .values({
          id,
          providerLinkId: provider.id,
          provider: ctx.payments.mode,
          quoteId: quote.id,
          quoteCode: quote.code,
          vendorId: quote.vendorId,
          vendorSlug: quote.vendorSlug,
          amountPaise,
          shortUrl: provider.shortUrl,
          buyerName: input.buyerName,
          buyerPhone: input.buyerPhone,
          buyerEmail: input.buyerEmail?.toLowerCase() ?? null,
          shippingAddress: input.shippingAddress,
          expiresAt: expiry,
          createdBy: actorName(actor),
          createdAt: now,
        })
        .returning();
      await recordChangeIn(tx, {
        action: 'create',
        entityType: 'payment-link',
        entityId: saved!.id,
        // The buyer's contact and address stay on the link; the trail keeps what was offered to whom.
        after: {
          quoteCode: saved!.quoteCode,
          vendorSlug: saved!.vendorSlug,
          amountPaise: saved!.amountPaise,
          providerLinkId: saved!.providerLinkId,
          expiresAt: saved!.expiresAt,
          buyerName: saved!.buyerName,
        },
      });
      return saved!;
    });
    if (!row || row === 'bought') {
      await ctx.payments.cancelPaymentLink(provider.id).catch(() => undefined);
      throw conflict(row ? PAYMENT_LINK_TEXT.quoteBought : PAYMENT_LINK_TEXT.openLinkExists);
    }
    return toDto(row);
  }

  /**
   * The provider texts (and emails) each link to the buyer it names: a reseller makes at most
   * PAYMENT_LINKS_PER_RESELLER_PER_DAY a day, so no one can send messages to phones it typed without
   * end through the platform's gateway. Staff are not limited.
   */
  async function checkDailyLinks(vendorId: number, now: Date) {
    const limit = ctx.config.PAYMENT_LINKS_PER_RESELLER_PER_DAY;
    const [made] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.vendorId, vendorId),
          sql`${paymentLinks.createdBy} like 'vendor:%'`,
          sql`${paymentLinks.createdAt} > ${new Date(now.getTime() - 86_400_000)}`,
        ),
      );
    if ((made?.n ?? 0) >= limit) throw new AppError('RATE_LIMITED', tooManyLinks(limit));
  }

  /** A vendor's links, newest first. */
  async function listOwn(vendorId: number): Promise<PaymentLink[]> {
    const rows = await ctx.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.vendorId, vendorId))
      .orderBy(desc(paymentLinks.createdAt))
      .limit(100);
    return Promise.all(rows.map(toDto));
  }

  /** Staff: every link, a page at a time, by status (as shown: an open link past its expiry is expired), shop and search. */
  async function listAll(q: AdminPaymentLinkQuery): Promise<Paged<PaymentLink>> {
    const now = ctx.now();
    const open = and(eq(paymentLinks.status, 'created'), gt(paymentLinks.expiresAt, now));
    const byStatus = {
      created: open,
      expired: or(
        eq(paymentLinks.status, 'expired'),
        and(eq(paymentLinks.status, 'created'), lte(paymentLinks.expiresAt, now)),
      ),
      paid: eq(paymentLinks.status, 'paid'),
      cancelled: eq(paymentLinks.status, 'cancelled'),
    };
    const text = q.search?.trim();
    // A phone as people write it (+91 98123 45678): its digits, the country code dropped (numbers are stored as 10 digits).
    const written = text?.replace(/\D/g, '') ?? '';
    const digits = written.length > 10 ? written.slice(-10) : written;
    const where = and(
      q.status ? byStatus[q.status] : undefined,
      q.vendor ? eq(paymentLinks.vendorSlug, q.vendor) : undefined,
      q.quote ? eq(paymentLinks.quoteCode, q.quote) : undefined,
      text
        ? or(
            eq(paymentLinks.quoteCode, text),
            digits.length >= 3 ? like(paymentLinks.buyerPhone, `%${digits}%`) : undefined,
          )
        : undefined,
    );
    const [rows, [count]] = await Promise.all([
      ctx.db
        .select()
        .from(paymentLinks)
        .where(where)
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(q.size)
        .offset(q.page * q.size),
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentLinks)
        .where(where),
    ]);
    return toPaged(await Promise.all(rows.map(toDto)), Number(count?.n ?? 0), q);
  }

  /**
   * Cancels an unpaid, open link: first at the provider (so the buyer can no longer pay it), then here.
   * A link the provider says was paid meanwhile is refused; its webhook settles it.
   */
  async function cancel(actor: LinkActor, id: string): Promise<PaymentLink> {
    const [link] = await ctx.db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
    if (!link || !mayUse(actor, link.vendorId)) throw notFound('Payment link');
    if (paymentLinkStatusOf(link, ctx.now()) !== 'created') throw conflict(PAYMENT_LINK_TEXT.notCancellable);
    try {
      await ctx.payments.cancelPaymentLink(link.providerLinkId);
    } catch {
      throw conflict(PAYMENT_LINK_TEXT.notCancellable);
    }
    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(paymentLinks)
        .set({ status: 'cancelled', cancelledAt: ctx.now() })
        .where(and(eq(paymentLinks.id, id), eq(paymentLinks.status, 'created')))
        .returning();
      if (!saved) return null;
      await recordChangeIn(tx, {
        action: 'update',
        entityType: 'payment-link',
        entityId: id,
        before: { status: link.status },
        after: { status: saved.status },
      });
      return saved;
    });
    if (!row) throw conflict(PAYMENT_LINK_TEXT.notCancellable);
    return toDto(row);
  }

  return { create, listOwn, listAll, cancel };
}

/**
 * The order a paid link becomes, made once under the link's row lock (a second report of the payment
 * finds it made). Its lines are the quote's at the quoted prices; it takes no stock yet (holdsStock
 * false): `settlePayment` takes the pieces at payment, atomically, or cancels and refunds when they
 * are gone. A link cancelled or expired here, or a quote already bought, gets its order cancelled at
 * once, so the payment is refunded through the late-payment path.
 */
async function orderForPaidLinkIn(ctx: AppContext, tx: Tx, link: LinkRow, paymentId: string, actor: string) {
  const quote = await quoteById(tx, link.quoteId);
  if (!quote) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote:${quote.id}`}))`);
  const bought = (await liveOrdersOfQuotes(tx, [quote.id])).get(quote.id)?.paid ?? false;
  const now = ctx.now();
  const lineTotal = quote.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const totals = orderTotals(lineTotal, 0);
  const { order } = await recordNewOrderIn(
    tx,
    {
      orderNumber: newOrderNumber(now),
      vendorId: quote.vendorId,
      vendorSlug: quote.vendorSlug,
      customerName: link.buyerName,
      customerEmail: link.buyerEmail ?? '',
      customerPhone: link.buyerPhone,
      shippingAddress: link.shippingAddress,
      billingAddress: null,
      totalAmountPaise: totals.subtotalPaise,
      couponDiscountPaise: 0,
      shippingCostPaise: totals.shippingPaise,
      finalAmountPaise: totals.finalPaise,
      appliedCoupons: [],
      paymentMethod: 'payment_link',
      customerNotes: null,
      providerOrderId: link.providerLinkId,
      reservationExpiresAt: new Date(now.getTime() + ctx.config.RESERVATION_MINUTES * 60_000),
      holdsStock: false,
      attributedVendorId: quote.vendorId,
      attributedVendorSlug: quote.vendorSlug,
      attributionSource: 'payment_link',
      quoteId: quote.id,
      createdAt: now,
    },
    quote.lines.map((l) => ({
      productId: l.productId,
      productSku: l.sku,
      productName: l.name,
      productImage: l.image,
      quantity: l.quantity,
      priceAtTimePaise: l.pricePaise,
      totalPricePaise: l.pricePaise * l.quantity,
      vendorCommissionPaise: l.commissionPaise,
      priceBreakup: l.breakup,
    })),
  );
  await recordProviderOrder(tx, {
    orderId: order.id,
    provider: link.provider,
    providerOrderId: link.providerLinkId,
    amountPaise: order.finalAmountPaise,
  });
  const closed = link.status !== 'created' || bought;
  await tx
    .update(paymentLinks)
    .set({ status: closed ? link.status : 'paid', paidAt: now, paymentId, orderId: order.id })
    .where(eq(paymentLinks.id, link.id));
  if (closed) await releaseOrderIn(tx, now, { orderId: order.id }, 'CANCELLED', `${actor}:link-closed`);
  return true;
}

/**
 * A payment reported for a link (webhook `payment_link.paid`, or the reconciler asking the provider):
 * the order is made once, then settled through `settlePayment` exactly as a checkout's payment is.
 */
export async function settlePaymentLink(
  ctx: AppContext,
  providerLinkId: string,
  paymentId: string,
  actor: string,
  capturedPaise?: number,
): Promise<SettleResult> {
  const made = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.providerLinkId, providerLinkId))
      .for('update');
    if (!link) return false;
    if (link.orderId) return true;
    return orderForPaidLinkIn(ctx, tx, link, paymentId, actor);
  });
  if (!made) return 'not-found';
  return settlePayment(ctx, providerLinkId, paymentId, actor, capturedPaise);
}

/**
 * The job's pass over open links: a link paid at the provider whose webhook never came is settled; a
 * link past its expiry (or cancelled at the provider's dashboard) is marked so. Oldest expiry first.
 */
export async function reconcilePaymentLinks(
  ctx: AppContext,
  batch = 100,
): Promise<{ settled: number; expired: number }> {
  const report = { settled: 0, expired: 0 };
  const open = await ctx.db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.status, 'created'))
    .orderBy(asc(paymentLinks.expiresAt))
    .limit(batch);
  async function reconcileLink(link: LinkRow) {
    const state = await ctx.payments.fetchPaymentLink(link.providerLinkId);
    if (state?.payment) {
      const result = await settlePaymentLink(
        ctx,
        link.providerLinkId,
        state.payment.id,
        'reconciler',
        state.payment.amountPaise,
      );
      if (result === 'confirmed') report.settled += 1;
      return;
    }
    // Its quote was bought another way and closing the link then failed: closed now (at the provider first).
    if (!state?.payment && (await liveOrdersOfQuotes(ctx.db, [link.quoteId])).get(link.quoteId)?.paid) {
      if (await closeLinkOfBoughtQuote(ctx, link)) report.expired += 1;
      return;
    }
    const past = link.expiresAt.getTime() <= ctx.now().getTime();
    const closedThere = state?.status === 'expired' || state?.status === 'cancelled';
    if (!past && !closedThere) return;
    // Past its expiry but the provider cannot be asked: expired here; a payment reported later is refunded.
    const status = state?.status === 'cancelled' ? 'cancelled' : 'expired';
    const [marked] = await ctx.db
      .update(paymentLinks)
      .set(status === 'cancelled' ? { status, cancelledAt: ctx.now() } : { status })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'created')))
      .returning({ id: paymentLinks.id });
    if (marked) report.expired += 1;
  }
  for (const link of open) {
    try {
      await reconcileLink(link);
    } catch (err) {
      // One link whose settling throws is tried again on the next run; the others go on.
      ctx.log.error({ err, linkId: link.id }, 'reconciling this payment link failed');
    }
  }
  return report;
}
