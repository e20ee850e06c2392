import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { releaseUnpaidOrderIn, type ReleaseReason } from '../orders';

/**
 * Cancels an order still waiting for payment and releases its stock, exactly once (the orders module's
 * release gate), and marks its open provider payment failed. Runs inside the caller's transaction;
 * `releaseOrder` is the same in a transaction of its own.
 */
export async function releaseOrderIn(
  tx: Tx,
  now: Date,
  where: { orderId: string } | { providerOrderId: string },
  reason: ReleaseReason,
  actor: string,
  opts: { onlyIfExpired?: boolean } = {},
): Promise<boolean> {
  const order = await releaseUnpaidOrderIn(tx, now, where, reason, actor, opts);
  if (!order) return false;
  if (order.providerOrderId) {
    await tx
      .update(payments)
      .set({ status: 'FAILED' })
      .where(and(eq(payments.providerOrderId, order.providerOrderId), eq(payments.status, 'CREATED')));
  }
  return true;
}

export async function releaseOrder(
  ctx: Pick<AppContext, 'db' | 'now'>,
  where: { orderId: string } | { providerOrderId: string },
  reason: ReleaseReason,
  actor: string,
  opts: { onlyIfExpired?: boolean } = {},
): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction((tx) => releaseOrderIn(tx, now, where, reason, actor, opts));
}
