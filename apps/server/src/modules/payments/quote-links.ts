import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { paymentLinks } from '../../db/schema';
import { recordChangeIn } from '../audit';

/*
 * One quote, one purchase (docs/decisions/0068): a quote is paid either through Buy now or through a
 * payment link, never both. These are the links' side of that rule, used by the quote's Buy now, by
 * `place-order` and by the settling of a payment.
 */

/** The quote's open payment link (made, unpaid, not past its expiry), if any. */
export async function openPaymentLinkOfQuote(db: DbOrTx, quoteId: string, now: Date) {
  const [row] = await db
    .select({ id: paymentLinks.id, providerLinkId: paymentLinks.providerLinkId })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.quoteId, quoteId),
        eq(paymentLinks.status, 'created'),
        sql`${paymentLinks.expiresAt} > ${now}`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Closes a link that can no longer be paid for its quote (the quote was bought another way): first
 * at the provider, so the buyer can no longer pay it, then here. When the provider cannot be reached
 * (or says it was paid meanwhile) the link stays open here: the reconciler tries again, and a payment
 * that still arrives is refunded by `settlePaymentLink` (the quote is bought). True when closed.
 */
export async function closeLinkOfBoughtQuote(
  ctx: AppContext,
  link: { id: string; providerLinkId: string },
): Promise<boolean> {
  try {
    await ctx.payments.cancelPaymentLink(link.providerLinkId);
  } catch (err) {
    ctx.log.warn({ err, linkId: link.id }, 'the payment link of a bought quote could not be cancelled yet');
    return false;
  }
  return ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(paymentLinks)
      .set({ status: 'cancelled', cancelledAt: ctx.now() })
      .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'created')))
      .returning({ id: paymentLinks.id });
    if (!saved) return false;
    await recordChangeIn(tx, {
      action: 'update',
      entityType: 'payment-link',
      entityId: link.id,
      before: { status: 'created' },
      after: { status: 'cancelled', reason: 'quote bought' },
    });
    return true;
  });
}

/** Every open link of a quote just bought is closed (after the purchase committed; never inside it). */
export async function closeLinksOfBoughtQuote(ctx: AppContext, quoteId: string): Promise<void> {
  const open = await ctx.db
    .select({ id: paymentLinks.id, providerLinkId: paymentLinks.providerLinkId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.quoteId, quoteId), eq(paymentLinks.status, 'created')));
  for (const link of open) await closeLinkOfBoughtQuote(ctx, link);
}
