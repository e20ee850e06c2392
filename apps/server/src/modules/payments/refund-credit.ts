import type { Tx } from '../../db/client';
import type { CreditParts } from '../invoices';
import { partsTakenIn } from './refund-parts';

/**
 * What a refund planned line by line credits, with what processed refunds of the same order credited
 * of each line before it (their credit notes), for the credit note of exactly this part; null for a
 * refund without parts (a full refund of an order never refunded in part: the invoice is credited whole).
 */
export async function creditPartsOf(
  tx: Tx,
  refund: { id: number; orderId: string },
): Promise<CreditParts | null> {
  const all = await partsTakenIn(tx, refund.orderId);
  const mine = all.filter((p) => p.refundId === refund.id);
  if (mine.length === 0) return null;
  const credited = all.filter((p) => p.refundId !== refund.id && p.status === 'PROCESSED');
  const before = (orderItemId: number | null) =>
    credited.filter((p) => p.orderItemId === orderItemId).reduce((s, p) => s + p.amountPaise, 0);
  const extra = mine.find((p) => p.orderItemId === null);
  return {
    items: mine.flatMap((p) =>
      p.orderItemId === null
        ? []
        : [
            {
              orderItemId: p.orderItemId,
              units: p.units,
              amountPaise: p.amountPaise,
              before: before(p.orderItemId),
            },
          ],
    ),
    extra: extra ? { amountPaise: extra.amountPaise, before: before(null) } : null,
  };
}
