import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_TEXT, REFUNDING_PAYMENT_STATUSES, statusFromOrder, statusFromQuery } from '@zevar/domain';
import { isApiError } from '../../lib/api';
import { clearCart, clearStoredCheckout } from '../../lib/cart';
import { STORAGE_KEYS, readItem, removeItem } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStoredVendorSlug } from '../../lib/use-stored';
import { orderProof } from '../../lib/order-keys';
import { checkoutApi } from './checkout-api';
import { ErrorView, FailureView, LoadingView, RefundView, SuccessView } from './StatusViews';

/** How long a still-pending payment is awaited (webhook, reconciler) and how often it is looked up. */
export const PENDING_WAIT = { totalMs: 15_000, everyMs: 3_000 };

/**
 * Payment result: reads orderId and status from the query and shows what the order says. A payment
 * still pending is looked up again for a short while, then the order's paymentStatus decides. With
 * status=confirming (the provider took the payment but our confirmation call failed) it is never
 * called failed while the order waits: it keeps looking until the webhook or reconciler settles it.
 */
export default function PaymentStatusPage({ wait = PENDING_WAIT }: { wait?: typeof PENDING_WAIT }) {
  useDocumentTitle('Payment Status');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const storedSlug = useStoredVendorSlug();
  const confirming = params.get('status') === 'confirming';
  const [timedOut, setTimedOut] = useState(false);
  const gaveUp = timedOut && !confirming;
  // This browser's order key, or the signed link from the order's mail: they show the address and documents.
  const proof = orderId ? orderProof(orderId, params) : null;
  const query = useQuery({
    queryKey: ['order-status', orderId, proof],
    queryFn: () => checkoutApi.order(orderId!, proof),
    enabled: Boolean(orderId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'PAYMENT_PENDING' && !gaveUp ? wait.everyMs : false),
  });
  const pending = query.data?.status === 'PAYMENT_PENDING';
  const paid = query.data ? statusFromOrder(query.data) === 'success' : false;
  // The cart of an order confirmed late is emptied here, once, when the order is really paid.
  useEffect(() => {
    if (paid && orderId && readItem(STORAGE_KEYS.confirmingOrder) === orderId) {
      removeItem(STORAGE_KEYS.confirmingOrder);
      clearCart();
      clearStoredCheckout();
    }
  }, [paid, orderId]);
  useEffect(() => {
    if (!pending || gaveUp) return;
    const timer = setTimeout(() => setTimedOut(true), wait.totalMs);
    return () => clearTimeout(timer);
  }, [pending, gaveUp, wait.totalMs]);
  const home = query.data?.vendorSlug
    ? `/${encodeURIComponent(query.data.vendorSlug)}`
    : storedSlug
      ? `/${encodeURIComponent(storedSlug)}`
      : '/';

  if (!orderId) return <ErrorView message={PAYMENT_TEXT.orderIdMissing} home={home} />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <ErrorView message={notFound ? PAYMENT_TEXT.orderNotFound : PAYMENT_TEXT.orderLoadFailed} home={home} />
    );
  }
  if (query.isPending) return <LoadingView />;
  const order = query.data;
  if (pending && !gaveUp && statusFromQuery(params.get('status')) !== 'failure') {
    return (
      <LoadingView title="Confirming your payment...">
        {confirming && <p className="mt-2 text-taupe">{PAYMENT_TEXT.beingConfirmed(order.orderNumber)}</p>}
      </LoadingView>
    );
  }
  if (REFUNDING_PAYMENT_STATUSES.includes(order.paymentStatus))
    return <RefundView order={order} home={home} proof={proof} />;
  return statusFromOrder(order) === 'success' ? (
    <SuccessView order={order} home={home} proof={proof} />
  ) : (
    <FailureView order={order} home={home} />
  );
}
