import { useEffect, useState } from 'react';
import { PAYMENT_TEXT, WAITING_ORDERS_TEXT } from '@zevar/domain';
import { api, isApiError } from '../lib/api';
import { formatInr } from '../lib/format';
import { forgetWaitingOrder, getWaitingOrders, type WaitingOrder } from '../lib/waiting-orders';

/**
 * The orders this browser started that still wait for payment, each with Cancel: cancelling sends
 * the order's key (held only here) and the server releases its stock at once. Orders the server no
 * longer holds as waiting (paid, cancelled, expired, unknown) are forgotten and not shown.
 */
export function WaitingOrders({ onCancelled }: { onCancelled?: () => void }) {
  const [orders, setOrders] = useState<WaitingOrder[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all(
      getWaitingOrders().map(async (o) => {
        try {
          const view = await api.get<{ status?: string; paymentStatus?: string }>(
            `/orders/byId/${encodeURIComponent(o.orderId)}`,
          );
          if (view.status === 'PAYMENT_PENDING' && view.paymentStatus !== 'CAPTURED') return o;
        } catch (err) {
          // Unreachable for now: still offered, the cancel itself says what the server holds.
          if (!isApiError(err) || err.status !== 404) return o;
        }
        forgetWaitingOrder(o.orderId);
        return null;
      }),
    ).then((checked) => {
      if (live) setOrders(checked.filter((o): o is WaitingOrder => o !== null));
    });
    return () => {
      live = false;
    };
  }, []);

  async function cancel(order: WaitingOrder) {
    setBusy(order.orderId);
    setFailed(null);
    try {
      await api.post(`/orders/${encodeURIComponent(order.orderId)}/cancel-payment`, {
        reason: 'dismissed',
        cancelKey: order.cancelKey,
      });
      forgetWaitingOrder(order.orderId);
      setOrders((list) => list.filter((o) => o.orderId !== order.orderId));
      setDone(WAITING_ORDERS_TEXT.cancelled(order.orderNumber));
      onCancelled?.();
    } catch (err) {
      setFailed(err instanceof Error && err.message ? err.message : PAYMENT_TEXT.initiateFailed);
    } finally {
      setBusy(null);
    }
  }

  if (orders.length === 0 && !done) return null;
  return (
    <section
      aria-labelledby="waiting-orders-title"
      className="rounded-md border border-amber-300 p-4 text-sm"
    >
      {orders.length > 0 && (
        <>
          <h2 id="waiting-orders-title" className="mb-2 text-base font-medium">
            {WAITING_ORDERS_TEXT.title}
          </h2>
          <ul className="flex flex-col gap-2">
            {orders.map((o) => (
              <li key={o.orderId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">
                  Order {o.orderNumber} · {formatInr(o.amount)}
                </span>
                <button
                  type="button"
                  className="btn-outline px-3 py-1"
                  disabled={busy !== null}
                  aria-label={`${WAITING_ORDERS_TEXT.cancel} order ${o.orderNumber}`}
                  onClick={() => void cancel(o)}
                >
                  {busy === o.orderId ? 'Cancelling...' : WAITING_ORDERS_TEXT.cancel}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {done && (
        <p role="status" className="mt-2 text-green-800">
          {done}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-2 text-red-700">
          {failed}
        </p>
      )}
    </section>
  );
}
