import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adminOrderSchema,
  pagedSchema,
  SHIPMENT_STATUS_LABELS,
  type AdminOrder,
  type User,
} from '@zevar/domain';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatDateTime, formatInr } from '../../lib/format';
import { Pagination } from '../../components/Pagination';
import { StackedCell, StackedRow, StackedTable } from '../../components/StackedTable';

/** GET /api/orders/vendor/{vendorId}: the shop's orders with their parcels' delivery state. */
function fetchVendorOrders(vendorId: number, page: number) {
  return api.get(`/orders/vendor/${vendorId}`, {
    schema: pagedSchema(adminOrderSchema),
    query: { page, size: 10 },
  });
}

/** 'PAYMENT_PENDING' -> 'Payment pending'. */
const statusText = (status: string) => {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A parcel's tracking link: a real courier's page, or (the sandbox courier) our own tracking page
 * under the shop, with the order filled in.
 */
function trackingHref(order: AdminOrder, url: string | null): string {
  if (url && !url.startsWith('/')) return url;
  const slug = encodeURIComponent(order.vendorSlug);
  return url ? `/${slug}${url}` : `/${slug}/track?order=${encodeURIComponent(order.orderNumber)}`;
}

const HEADERS = ['Order #', 'Date', 'Items', 'Total', 'Status', 'Delivery'] as const;

/** Orders tab (issue 22 item 4): the shop's orders and where each parcel is. */
export default function VendorOrdersTab({ vendor }: { vendor: User }) {
  const [page, setPage] = useState(0);
  const orders = useQuery({
    queryKey: ['vendor-orders', vendor.id, page],
    queryFn: () => fetchVendorOrders(vendor.id, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="vendor-orders-title" className="space-y-4">
      <h2 id="vendor-orders-title" className="text-2xl font-semibold">
        Orders
      </h2>
      {orders.isPending && <p className="card p-6 text-center text-taupe">Loading orders...</p>}
      {orders.isError && (
        <p role="alert" className="card p-6 text-center text-red-700">
          Your orders could not be loaded: {errorMessage(orders.error)}
        </p>
      )}
      {orders.data && orders.data.content.length === 0 && (
        <p className="card p-6 text-center text-taupe">No orders yet.</p>
      )}
      {orders.data && orders.data.content.length > 0 && (
        <StackedTable headers={HEADERS} minWidth="sm:min-w-[48rem]">
          {orders.data.content.map((o) => (
            <StackedRow key={o.orderNumber}>
              <StackedCell label="Order #" className="font-mono text-xs sm:whitespace-nowrap">
                {o.orderNumber}
              </StackedCell>
              <StackedCell label="Date" className="whitespace-nowrap">
                {formatDate(o.orderDate)}
              </StackedCell>
              <StackedCell label="Items">
                <ul>
                  {o.orderItems.map((i) => (
                    <li key={`${i.productSku}-${i.id ?? ''}`}>
                      {i.productName} × {i.quantity}
                    </li>
                  ))}
                </ul>
                {o.attribution && (
                  <p className="text-xs text-taupe">
                    Credited to {o.attribution.vendorSlug === vendor.slug ? 'you' : o.attribution.vendorSlug}{' '}
                    ({o.attribution.source} link)
                  </p>
                )}
              </StackedCell>
              <StackedCell label="Total" className="whitespace-nowrap">
                {formatInr(o.finalAmount)}
              </StackedCell>
              <StackedCell label="Status">{statusText(o.status)}</StackedCell>
              <StackedCell label="Delivery">
                {o.shipments.length === 0 ? (
                  <span className="text-taupe">Not shipped yet</span>
                ) : (
                  <ul className="space-y-1">
                    {o.shipments.map((s, n) => (
                      <li key={s.awb ?? n}>
                        <p className="font-medium">
                          {SHIPMENT_STATUS_LABELS[s.status]}
                          {s.courierName && (
                            <span className="font-normal text-taupe"> · {s.courierName}</span>
                          )}
                        </p>
                        {s.lastEventAt && (
                          <p className="text-xs text-taupe">{formatDateTime(s.lastEventAt)}</p>
                        )}
                        {s.awb && (
                          <a
                            className="link text-xs"
                            href={trackingHref(o, s.trackingUrl)}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            Track AWB {s.awb}
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {orders.data && <Pagination page={page} totalPages={orders.data.totalPages} onPageChange={setPage} />}
    </section>
  );
}
