/*
 * How much stock unpaid orders may hold (issue 21 item 1): the per-item and per-order caps count an
 * order after merging its repeated lines, unpaid orders may hold only a share of each product, and a
 * client network that leaves orders to expire waits longer before it may hold stock again. Pure
 * rules; the server applies them inside the transaction that reserves the stock.
 */

/** Order lines with the same SKU (after trimming) become one line with the summed quantity, first-seen order. */
export function mergeOrderLines<T extends { productSku: string; quantity: number }>(
  items: readonly T[],
): Array<{ productSku: string; quantity: number }> {
  const merged = new Map<string, number>();
  for (const item of items) {
    const sku = item.productSku.trim();
    merged.set(sku, (merged.get(sku) ?? 0) + item.quantity);
  }
  return [...merged].map(([productSku, quantity]) => ({ productSku, quantity }));
}

/** Which cap an order breaks once its repeated lines are merged, or null. */
export function orderQuantityProblem(
  items: ReadonlyArray<{ productSku: string; quantity: number }>,
  caps: { perItem: number; perOrder: number },
): 'perItem' | 'perOrder' | null {
  const lines = mergeOrderLines(items);
  if (lines.some((l) => l.quantity > caps.perItem)) return 'perItem';
  if (lines.reduce((n, l) => n + l.quantity, 0) > caps.perOrder) return 'perOrder';
  return null;
}

/** Default share (percent) of a product's pieces that unpaid orders may hold at once (`UNPAID_HOLD_SHARE_PERCENT`). */
export const DEFAULT_UNPAID_HOLD_SHARE_PERCENT = 50;

/**
 * Pieces of a product (`totalPieces`: on the shelf plus held by unpaid orders) that unpaid orders may
 * hold at once: the share, rounded down. A shopper beyond it still orders, without a hold: the pieces
 * are taken when the payment arrives (and the payment refunded if they are gone by then), so the last
 * piece of a product never sits in a stranger's unpaid order.
 */
export function unpaidHoldAllowance(totalPieces: number, sharePercent: number): number {
  return Math.floor((totalPieces * sharePercent) / 100);
}

/** Longest wait (minutes) a client network is given before it may hold stock again. */
export const MAX_HOLD_WAIT_MINUTES = 24 * 60;

/**
 * Minutes a client network waits, after its latest order left to expire, before it may hold stock
 * again: none below `freeAbandoned` expired orders in the last day, then `baseMinutes`, doubling with
 * each further one, at most a day.
 */
export function holdWaitMinutes(abandoned: number, freeAbandoned: number, baseMinutes: number): number {
  if (abandoned < freeAbandoned) return 0;
  const doubled = baseMinutes * 2 ** Math.min(abandoned - freeAbandoned, 20);
  return Math.min(doubled, MAX_HOLD_WAIT_MINUTES);
}
