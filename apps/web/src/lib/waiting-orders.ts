import { STORAGE_KEYS, readItem, writeItem } from './storage';

/**
 * An order this browser started whose payment may still be open. The cancel key came back from
 * initiate-order and is held only here, so only this browser can cancel the order.
 */
export type WaitingOrder = {
  orderId: string;
  orderNumber: string;
  amount: number;
  cancelKey: string;
  /** Epoch milliseconds; entries older than a day are dropped (every reservation has ended by then). */
  startedAt: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_KEPT = 20;

const isWaiting = (o: unknown): o is WaitingOrder => {
  const w = o as WaitingOrder;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof w.orderId === 'string' &&
    typeof w.orderNumber === 'string' &&
    typeof w.cancelKey === 'string' &&
    typeof w.amount === 'number' &&
    typeof w.startedAt === 'number'
  );
};

export function getWaitingOrders(now = Date.now()): WaitingOrder[] {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.waitingOrders) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isWaiting).filter((o) => now - o.startedAt < DAY_MS) : [];
  } catch {
    return [];
  }
}

const save = (orders: WaitingOrder[]) =>
  writeItem(STORAGE_KEYS.waitingOrders, JSON.stringify(orders.slice(-MAX_KEPT)));

export function rememberWaitingOrder(order: WaitingOrder): void {
  save([...getWaitingOrders().filter((o) => o.orderId !== order.orderId), order]);
}

/** Paid, cancelled or released: no longer waiting. */
export function forgetWaitingOrder(orderId: string): void {
  save(getWaitingOrders().filter((o) => o.orderId !== orderId));
}

/** Sent with every new order, so the server tells this browser's waiting orders from another shopper's. */
export const waitingOrderKeys = (): string[] => getWaitingOrders().map((o) => o.cancelKey);
