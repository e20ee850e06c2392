import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ONE_PAYMENT_TEXT, REFUND_TEXT, type OrderStatusView } from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { formatDateTime, formatInr } from '../../lib/format';
import type { OrderProof } from '../../lib/order-keys';
import { TaxDocumentLinks, useTaxDocuments } from './TaxDocumentLinks';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-taupe">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A second payment for this order (another tab, a second click) and where its automatic refund stands. */
function DuplicatePayments({ order }: { order: OrderStatusView }) {
  const duplicates = order.duplicatePayments ?? [];
  if (duplicates.length === 0) return null;
  return (
    <div role="status" className="card mt-6 border-amber-300 bg-amber-50 p-4 text-sm">
      {duplicates.map((d, i) => (
        <p key={i}>
          {d.status === 'REFUNDED'
            ? ONE_PAYMENT_TEXT.duplicateRefunded(formatInr(d.amount))
            : d.status === 'FAILED'
              ? ONE_PAYMENT_TEXT.duplicateRefundFailed(formatInr(d.amount))
              : ONE_PAYMENT_TEXT.duplicateRefunding(formatInr(d.amount))}
        </p>
      ))}
    </div>
  );
}

/** 'Order Confirmed!' with every field the specification lists. */
export function SuccessView({
  order,
  home,
  proof,
}: {
  order: OrderStatusView;
  home: string;
  proof: OrderProof | null;
}) {
  const a = order.shippingAddress;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="text-center">
        <p
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
        >
          ✓
        </p>
        <h1 className="mt-3 text-3xl">Order Confirmed!</h1>
        <p className="mt-1 text-taupe">Your order has been placed successfully</p>
      </div>
      <DuplicatePayments order={order} />
      <dl className="card mt-8 space-y-2 p-6 text-sm">
        <Row label="Order Number" value={order.orderNumber} testId="order-number" />
        <Row label="Payment Date" value={formatDateTime(order.paymentDate)} />
        <Row label="Payment ID" value={order.paymentId ?? ''} />
      </dl>
      <p className="mt-3 text-center text-sm">
        {/* The tracking page (issue 22 item 5), with this order's number filled in. */}
        <Link
          to={`${home === '/' ? '' : home}/track?order=${encodeURIComponent(order.orderNumber)}`}
          className="link"
        >
          Track your order
        </Link>
      </p>
      <section className="card mt-6 p-6" aria-labelledby="items-title">
        <h2 id="items-title" className="mb-3 text-lg">
          Items
        </h2>
        <ul className="divide-y divide-sand">
          {order.orderItems.map((item) => (
            <li key={item.productSku} className="flex items-center gap-3 py-3">
              <ImageWithFallback
                src={item.image}
                alt={item.productName}
                className="size-14 rounded-md object-cover"
              />
              <p className="min-w-0 flex-1 text-sm break-words">{item.productName}</p>
              <p className="text-sm text-taupe">Qty {item.quantity}</p>
              <p className="text-right text-sm font-semibold sm:w-28">{formatInr(item.totalPrice)}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {/* The address comes only with this browser's order key or the mail's signed link. */}
        {a && (
          <section className="card p-6 text-sm" aria-labelledby="ship-title">
            <h2 id="ship-title" className="mb-2 text-lg">
              Shipping Address
            </h2>
            <address className="not-italic leading-6">
              {a.fullName}
              <br />
              {a.street}
              <br />
              {a.city}, {a.state}
              <br />
              {a.country} {a.postalCode}
              <br />
              {a.phone}
            </address>
          </section>
        )}
        <dl className="card space-y-2 p-6 text-sm">
          <Row label="Subtotal" value={formatInr(order.totalAmount)} />
          {order.couponDiscount > 0 && (
            <Row label="Discount" value={`−${formatInr(order.couponDiscount)}`} testId="order-discount" />
          )}
          {order.shippingCost > 0 && <Row label="Shipping" value={formatInr(order.shippingCost)} />}
          {order.roundOff > 0 && (
            <Row label="Round off" value={`+${formatInr(order.roundOff)}`} testId="order-round-off" />
          )}
          <div className="border-t border-sand pt-2">
            <Row label="Total" value={formatInr(order.finalAmount)} testId="order-total" />
          </div>
        </dl>
      </div>
      <div className="mt-8">
        <TaxDocumentLinks orderId={order.id} proof={proof} />
      </div>
      <div className="mt-8 text-center">
        <Link to={home} className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/** 'Order Cancelled' (payment CANCELLED) or 'Payment Failed', with order number and amount. */
export function FailureView({ order, home }: { order: OrderStatusView; home: string }) {
  const cancelled = order.paymentStatus === 'CANCELLED';
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-2xl text-red-700"
      >
        ✕
      </p>
      <h1 className="mt-3 text-3xl">{cancelled ? 'Order Cancelled' : 'Payment Failed'}</h1>
      <p className="mt-1 text-taupe">
        {cancelled ? 'Your order has been cancelled.' : "We couldn't process your payment."}
      </p>
      <dl className="card mx-auto mt-6 max-w-sm space-y-2 p-6 text-left text-sm">
        <Row label="Order Number" value={order.orderNumber} />
        <Row label="Order Amount" value={formatInr(order.finalAmount)} />
      </dl>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={`${home}/cart`} className="btn-outline">
          Back to Cart
        </Link>
        <Link to={home} className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/**
 * An order whose payment goes back: 'Refund Pending', 'Refunded' (or 'Partially Refunded' when its
 * credit notes cover less than the invoice) or 'Refund Failed', with what was paid and refunded and
 * the invoice and credit note downloads.
 */
export function RefundView({
  order,
  home,
  proof,
}: {
  order: OrderStatusView;
  home: string;
  proof: OrderProof | null;
}) {
  const query = useTaxDocuments(order.id, proof);
  const docs = query.data;
  const paid = docs?.invoice?.total ?? order.finalAmount;
  // Summed in paise: rupee figures with two decimals do not add exactly as floats.
  const credited = (docs?.creditNotes.reduce((s, n) => s + Math.round(n.total * 100), 0) ?? 0) / 100;
  const partial = order.paymentStatus === 'REFUNDED' && credited > 0 && credited < paid;
  const refunded = order.paymentStatus === 'REFUNDED' ? (credited > 0 ? credited : paid) : null;
  const [title, text] =
    order.paymentStatus === 'REFUND_PENDING'
      ? [REFUND_TEXT.pendingTitle, REFUND_TEXT.pending(formatInr(paid))]
      : order.paymentStatus === 'REFUND_FAILED'
        ? [REFUND_TEXT.failedTitle, REFUND_TEXT.failed]
        : partial
          ? [
              REFUND_TEXT.partiallyRefundedTitle,
              REFUND_TEXT.partiallyRefunded(formatInr(credited), formatInr(paid)),
            ]
          : [REFUND_TEXT.refundedTitle, REFUND_TEXT.refunded(formatInr(paid))];
  // What was refunded comes from the credit notes: wait for them rather than show a title that changes.
  if (proof && query.isPending) return <LoadingView />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-gold-100 text-2xl text-gold-800"
      >
        ↺
      </p>
      <h1 className="mt-3 text-3xl">{title}</h1>
      <p className="mt-1 text-taupe">{text}</p>
      <dl className="card mx-auto mt-6 max-w-sm space-y-2 p-6 text-left text-sm">
        <Row label="Order Number" value={order.orderNumber} />
        <Row label="Order Amount" value={formatInr(order.finalAmount)} />
        {refunded !== null && (
          <Row label={REFUND_TEXT.refundedAmount} value={formatInr(refunded)} testId="refunded-amount" />
        )}
      </dl>
      {/* A refunded order keeps its invoice and gets a credit note per refund. */}
      <div className="mt-6">
        <TaxDocumentLinks orderId={order.id} proof={proof} />
      </div>
      <div className="mt-8 flex justify-center">
        <Link to={home} className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function ErrorView({ message, home }: { message: string; home: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl">Oops!</h1>
      <p className="mt-2 text-taupe">{message}</p>
      <Link to={home} className="btn-primary mt-6">
        Go to Home
      </Link>
    </div>
  );
}

export function LoadingView({
  title = 'Loading Order Details',
  children,
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" role="status">
      <span
        aria-hidden="true"
        className="mx-auto block size-10 animate-spin rounded-full border-4 border-gold-200 border-t-gold-700"
      />
      <h1 className="mt-4 text-xl">{title}</h1>
      {children}
    </div>
  );
}
