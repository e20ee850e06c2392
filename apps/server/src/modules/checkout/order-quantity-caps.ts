import { ORDER_LIMIT_TEXT, orderQuantityProblem } from '@zevar/domain';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';

/**
 * Pieces per item and per order stay within the configured caps, so one order cannot empty a shelf;
 * a SKU repeated on several lines counts as one item. Checked where lines are priced (a checkout)
 * and where stock is held (an order), with the same answer.
 */
export function assertOrderQuantities(
  config: Pick<AppContext['config'], 'MAX_LINE_QUANTITY' | 'MAX_ORDER_QUANTITY'>,
  items: Array<{ productSku: string; quantity: number }>,
) {
  const { MAX_LINE_QUANTITY: perItem, MAX_ORDER_QUANTITY: perOrder } = config;
  const problem = orderQuantityProblem(items, { perItem, perOrder });
  if (problem === 'perItem') throw badRequest(ORDER_LIMIT_TEXT.perItem(perItem));
  if (problem === 'perOrder') throw badRequest(ORDER_LIMIT_TEXT.perOrder(perOrder));
}
