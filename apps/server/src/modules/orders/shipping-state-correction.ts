import { eq } from 'drizzle-orm';
import { ORDER_ADMIN_TEXT, placeOfSupply, type ShippingStateCorrection } from '@zevar/domain';
import type { AppContext } from '../../context';
import { orderStatusHistory, orders } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { issueInvoiceIn } from '../invoices';
import { PAID } from './cancel-paid-order';
import { lockOrder } from './order-lock';
import { recordChangeIn } from '../audit';
import { auditedOrder } from './order-lock';

/**
 * An order from before the state became a choice, whose free-text state and PIN code name no place of
 * supply, gets no invoice rather than a guess (issue 20 item 2). Here an admin names the state: it must
 * be one the PIN code can be in, it is recorded in the order's history with who and when, and a paid
 * order gets its tax invoice at once (dated now, numbered in the series like any other).
 * Orders that already name their place of supply are refused: an invoice, once issued, is not re-aimed.
 */
export function createShippingStateCorrection(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  return async function correctShippingState(
    orderNumber: string,
    { state }: ShippingStateCorrection,
    actor: string,
  ): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNumber);
      if (placeOfSupply(order.shippingAddress)) throw conflict(ORDER_ADMIN_TEXT.stateKnown);
      const address = { ...order.shippingAddress, state };
      if (!placeOfSupply(address)) {
        const message = ORDER_ADMIN_TEXT.stateNotForPin(state, order.shippingAddress.postalCode);
        throw new AppError('VALIDATION', message, [{ path: 'state', message }]);
      }
      const now = ctx.now();
      const [updated] = await tx
        .update(orders)
        .set({ shippingAddress: address, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      await recordChangeIn(tx, {
        action: 'shipping-state',
        entityType: 'order',
        entityId: order.orderNumber,
        before: { ...auditedOrder(order), shippingState: order.shippingAddress.state },
        after: { ...auditedOrder(updated!), shippingState: state },
      });
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        field: 'shippingState',
        fromValue: order.shippingAddress.state,
        toValue: state,
        actor,
      });
      if (PAID.includes(order.status) && order.paymentStatus === 'CAPTURED')
        await issueInvoiceIn(tx, ctx.config, updated!, now);
    });
  };
}
