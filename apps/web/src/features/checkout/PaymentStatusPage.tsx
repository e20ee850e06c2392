import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_TEXT, statusFromOrder, statusFromQuery } from '@zevar/domain';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStoredVendorSlug } from '../../lib/use-stored';
import { checkoutApi } from './checkout-api';
import { ErrorView, FailureView, LoadingView, SuccessView } from './StatusViews';

/** Payment result: reads orderId and status from the query and shows what the order says. */
export default function PaymentStatusPage() {
  useDocumentTitle('Payment Status');
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const storedSlug = useStoredVendorSlug();
  const query = useQuery({
    queryKey: ['order-status', orderId],
    queryFn: () => checkoutApi.order(orderId!),
    enabled: Boolean(orderId),
    retry: false,
    // A payment still being confirmed (webhook, reconciler) settles shortly: look again.
    refetchInterval: (q) => (q.state.data?.status === 'PAYMENT_PENDING' ? 3000 : false),
  });
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
  if (order.status === 'PAYMENT_PENDING' && statusFromQuery(params.get('status')) !== 'failure') {
    return <LoadingView title="Confirming your payment..." />;
  }
  return statusFromOrder(order) === 'success' ? (
    <SuccessView order={order} home={home} />
  ) : (
    <FailureView order={order} home={home} />
  );
}
