import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AuditHistory } from '../../../components/audit/AuditHistory';
import type { ReactNode } from 'react';
import type { AdminOrderDetail } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { PageSpinner } from '../../../components/Spinner';
import { formatDateTime, formatInr } from '../../../lib/format';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { ordersApi, statusLabel } from './orders-api';
import { DownloadButton } from '../../../components/DownloadButton';
import { downloadFile, taxDocumentFile } from '../../../lib/download-file';
import { NameShippingState } from './NameShippingState';
import { OrderRefunds } from './OrderRefunds';
import { ShipmentsSection } from './ShipmentsSection';
import { OrderReturns } from '../../../components/returns/ReturnRequestsList';
import { InternalNotes } from '../../../components/notes/InternalNotes';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card space-y-2 p-4" aria-label={title}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-taupe">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
}

const ITEM_HEADERS = ['Image', 'Product', 'SKU', 'Price', 'Quantity', 'Total'] as const;

function totalsOf(order: AdminOrderDetail): Array<[string, string]> {
  return [
    ['Subtotal', formatInr(order.totalAmount)],
    ...(order.couponDiscount > 0
      ? [['Discount', `-${formatInr(order.couponDiscount)}`] as [string, string]]
      : []),
    ['Shipping', order.shippingCost > 0 ? formatInr(order.shippingCost) : 'Free'],
    ...(order.roundOff > 0 ? [['Round off', `+${formatInr(order.roundOff)}`] as [string, string]] : []),
    ['Total', formatInr(order.finalAmount)],
  ];
}

/** Items with Subtotal, Discount (when above 0), Shipping and Total; lines stack into cards on phones. */
function ItemsTable({ order }: { order: AdminOrderDetail }) {
  return (
    <StackedTable headers={ITEM_HEADERS} minWidth="sm:min-w-[36rem]">
      {order.orderItems.map((item) => (
        <StackedRow key={`${item.productSku}-${item.productName}`}>
          <StackedCell label="Image">
            <ImageWithFallback
              src={item.image}
              alt={item.productName}
              className="h-12 w-12 rounded object-cover"
            />
          </StackedCell>
          <StackedCell label="Product">{item.productName}</StackedCell>
          <StackedCell label="SKU" className="font-mono text-xs">
            {item.productSku}
          </StackedCell>
          <StackedCell label="Price">{formatInr(item.priceAtTime)}</StackedCell>
          <StackedCell label="Quantity">{item.quantity}</StackedCell>
          <StackedCell label="Total">{formatInr(item.totalPrice)}</StackedCell>
        </StackedRow>
      ))}
      {totalsOf(order).map(([label, value]) => (
        <tr
          key={label}
          className={`flex justify-between border-t border-sand sm:table-row ${label === 'Total' ? 'font-semibold' : ''}`}
        >
          <th scope="row" colSpan={5} className="px-3 py-2 text-right font-medium">
            {label}
          </th>
          <td className="px-3 py-2">{value}</td>
        </tr>
      ))}
    </StackedTable>
  );
}

function History({ order }: { order: AdminOrderDetail }) {
  if (order.statusHistory.length === 0) return null;
  return (
    <section className="card space-y-2 p-4" aria-label="Status History">
      <h3 className="text-lg font-semibold">Status History</h3>
      <ol className="space-y-1 text-sm">
        {order.statusHistory.map((h, i) => (
          <li key={i} className="flex flex-wrap gap-x-2">
            <span className="text-taupe">{formatDateTime(h.at)}</span>
            <span>
              {h.field === 'shippingState' ? (
                <>
                  State: {h.from ? `${h.from} → ` : ''}
                  {h.to}
                </>
              ) : (
                <>
                  {h.field === 'status' ? 'Status' : h.field === 'refund' ? 'Partial refund' : 'Payment'}:{' '}
                  {h.from ? `${statusLabel(h.from)} → ` : ''}
                  {statusLabel(h.to)}
                </>
              )}
            </span>
            <span className="text-taupe">by {h.actor}</span>
            {h.reference && (
              <span className="font-mono text-xs text-taupe">
                {h.reference.startsWith('refund') ? h.reference : `refund ${h.reference}`}
              </span>
            )}
            {h.reason && <span className="basis-full break-words text-taupe">Reason: {h.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An order manager's download: fetched with the sign-in (MANAGE_ORDERS), the PDF is not public. */
const saveDocument = (orderId: string, doc: Parameters<typeof taxDocumentFile>[1]) => () => {
  const file = taxDocumentFile(orderId, doc);
  return downloadFile(file.path, file.fileName);
};

/** GST: buyer GSTIN, the PAN masked (the invoice alone prints it whole), the invoice and credit notes. */
function TaxDetails({ order }: { order: AdminOrderDetail }) {
  const { tax } = order;
  return (
    <Section title="Tax Invoice">
      <Row
        label="Invoice"
        value={
          tax.documents.invoice ? (
            <>
              <span className="font-mono">{tax.documents.invoice.number}</span> (
              {formatDateTime(tax.documents.invoice.issuedAt)})
            </>
          ) : tax.placeOfSupply ? (
            'Issued when the order is paid'
          ) : (
            'Not issued: place of supply unknown'
          )
        }
      />
      {tax.documents.creditNotes.map((note) => (
        <Row
          key={note.id}
          label="Credit note"
          value={
            <DownloadButton
              className="link font-mono"
              download={saveDocument(order.id, { kind: 'CREDIT_NOTE', id: note.id, number: note.number })}
            >
              {note.number}
            </DownloadButton>
          }
        />
      ))}
      <Row
        label="Place of supply"
        value={
          tax.placeOfSupply ? (
            `${tax.placeOfSupply.state} (${tax.placeOfSupply.code})`
          ) : (
            <>
              <span role="alert" className="block rounded-md bg-gold-50 px-2 py-1 text-gold-900">
                Unknown: the state &lsquo;{order.shippingAddress.state}&rsquo; and PIN code{' '}
                {order.shippingAddress.postalCode} do not name one of the 36 states and union territories. No
                tax invoice is issued on a guess.
              </span>
              <NameShippingState order={order} />
            </>
          )
        }
      />
      <Row label="Buyer GSTIN" value={tax.buyerGstin ?? 'Unregistered buyer'} />
      <Row label="PAN" value={tax.panMasked ?? 'Not required'} />
    </Section>
  );
}

/** One order: information, customer, shipping address, items with totals and the status history. */
export function OrderDetail({ orderNumber, onBack }: { orderNumber: string; onBack: () => void }) {
  const query = useQuery({
    queryKey: ['admin-order', orderNumber],
    queryFn: () => ordersApi.detail(orderNumber),
  });
  const order = query.data;
  const a = order?.shippingAddress;
  return (
    <section className="space-y-4" aria-labelledby="order-detail-title">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-outline" onClick={onBack}>
          Back
        </button>
        <h2 id="order-detail-title" className="text-2xl font-semibold break-all">
          Order {orderNumber}
        </h2>
        {order?.tax.documents.invoice && (
          <span className="sm:ml-auto">
            <DownloadButton
              download={saveDocument(order.id, {
                kind: 'INVOICE',
                number: order.tax.documents.invoice.number,
              })}
            >
              Download invoice
            </DownloadButton>
          </span>
        )}
      </div>
      {query.isPending && <PageSpinner label="Loading order..." />}
      {query.isError && <p className="card p-6 text-center text-red-700">Failed to load order details</p>}
      {order && a && (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <Section title="Order Information">
              <Row label="Date" value={formatDateTime(order.orderDate)} />
              <Row label="Status" value={statusLabel(order.status)} />
              <Row label="Payment Status" value={statusLabel(order.paymentStatus)} />
              <Row label="Payment ID" value={order.paymentId ?? 'N/A'} />
              <Row label="Vendor" value={order.vendor?.name ?? 'N/A'} />
              <Row
                label="Credited to"
                value={
                  order.attribution
                    ? `${order.attribution.vendorSlug} (${order.attribution.source} link)`
                    : 'Direct sale'
                }
              />
            </Section>
            <Section title="Customer Details">
              <Row label="Name" value={order.customerName} />
              <Row label="Email" value={order.customerEmail} />
              <Row label="Phone" value={order.customerPhone} />
            </Section>
            <Section title="Shipping Address">
              <Row label="Name" value={a.fullName} />
              <Row label="Street" value={a.street} />
              <Row label="City" value={`${a.city}, ${a.state}`} />
              <Row label="Country" value={`${a.country} - ${a.postalCode}`} />
              <Row label="Phone" value={a.phone} />
            </Section>
          </div>
          <ItemsTable order={order} />
          <ShipmentsSection orderNumber={order.orderNumber} />
          <OrderReturns orderNumber={order.orderNumber} />
          <div className="grid gap-4 md:grid-cols-2">
            <TaxDetails order={order} />
            <OrderRefunds order={order} />
          </div>
          <History order={order} />
          <OrderNotes orderNumber={order.orderNumber} />
          <div className="card p-4">
            <AuditHistory entityType="order" entityId={order.orderNumber} />
          </div>
        </>
      )}
    </section>
  );
}

/** Staff's notes on the order (the detail is an order manager's screen: they may write). */
function OrderNotes({ orderNumber }: { orderNumber: string }) {
  const queryClient = useQueryClient();
  const key = ['admin-order', orderNumber, 'notes'];
  const notes = useQuery({ queryKey: key, queryFn: () => ordersApi.notes(orderNumber) });
  return (
    <InternalNotes
      notes={notes.data}
      mayWrite
      onAdd={async (body) => {
        await ordersApi.addNote(orderNumber, body);
        await queryClient.invalidateQueries({ queryKey: key });
      }}
    />
  );
}
