import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { builtOnce, type Placeholders } from '../../db/built-once';

/* The payments table for the other modules (docs/decisions/0015): checkout records the provider order
 * it created; orders reads what was captured when an operator refunds a payment under review. */

/** The provider order created for a shop order's amount, as the payment row settle and release update. */
export async function recordProviderOrder(
  db: DbOrTx,
  q: { orderId: string; provider: string; providerOrderId: string; amountPaise: number },
): Promise<void> {
  await insertProviderOrder(db, q);
}

const insertProviderOrder = builtOnce(
  (db, p: Placeholders<'orderId' | 'provider' | 'providerOrderId' | 'amountPaise'>) =>
    db.insert(payments).values({
      purpose: 'ORDER',
      referenceId: p.orderId,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      amountPaise: p.amountPaise,
    }),
);

/** What the provider captured for an order when it differed from the amount (null when it did not). */
export async function capturedAmountOf(db: DbOrTx, orderId: string): Promise<number | null> {
  const [payment] = await db
    .select({ captured: payments.capturedAmountPaise })
    .from(payments)
    .where(eq(payments.referenceId, orderId));
  return payment?.captured ?? null;
}
