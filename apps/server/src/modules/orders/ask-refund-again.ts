import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { askAgainIn, issueRefund } from '../payments';
import { lockOrder } from './order-lock';
import { recordRefundStepIn } from './order-state';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments' | 'log' | 'config'>;

/**
 * A partial refund the gateway failed is asked for again on its own row (docs/decisions/0039): its
 * units, pieces and commission were settled when it was asked, so only the money moves now, through
 * the gateway once (a new ask, a new idempotency key), recorded in the history with who and why.
 */
export function createAskRefundAgain(ctx: Ctx) {
  return async function askRefundAgain(orderNumber: string, refundId: number, actor: string, reason: string) {
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNumber);
      const now = ctx.now();
      if (!(await askAgainIn(tx, order.id, refundId, now, 'partial')))
        throw conflict(
          'Only a failed partial refund of this order can be asked for again here; a failed refund of the whole order is asked again by marking it refunded',
        );
      await recordRefundStepIn(tx, {
        orderId: order.id,
        refundId,
        from: 'FAILED',
        to: 'REQUESTED',
        actor,
        reason,
        now,
      });
    });
    await issueRefund(ctx, refundId);
  };
}
