import { timingSafeEqual } from 'node:crypto';
import { PAYMENT_TEXT, paiseToRupees, type OrderStatusView } from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { hashCancelKey } from './place-order';
import { duplicatePaymentsOf, releaseOrder, settlePayment } from '../payments';
import {
  extendHoldIn,
  lockHeldOrderIn,
  orderById,
  orderByProviderOrderId,
  orderHolding,
  orderStatusView,
  type OrderProof,
} from '../orders';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `cancelKey` is the key whose hash the order keeps (constant time). */
function keyMatches(storedHash: string | null, cancelKey: string): boolean {
  const given = Buffer.from(hashCancelKey(cancelKey), 'hex');
  const stored = Buffer.from(storedHash ?? '', 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

export function createOrderPaymentService(ctx: AppContext) {
  /** The browser's confirmation: the signature is checked against the provider order id we stored. */
  async function confirmPayment(q: {
    razorpayOrderId: string;
    razorpayPaymentId: string;
    razorpaySignature: string;
  }) {
    if (!ctx.payments.verifyPaymentSignature(q.razorpayOrderId, q.razorpayPaymentId, q.razorpaySignature)) {
      // An unknown order is a 404 whatever the signature; a known one with a wrong signature a 400.
      if (!(await orderByProviderOrderId(ctx.db, q.razorpayOrderId))) throw notFound('Order');
      throw new AppError('BAD_REQUEST', PAYMENT_TEXT.signatureInvalid);
    }
    // The signature is checked first, so a valid payment is settled without reading the order before
    // (decision 0089). Confirmed now: paid and not cancelled, without reading the order again.
    const settled = await settlePayment(ctx, q.razorpayOrderId, q.razorpayPaymentId, 'customer');
    if (settled === 'confirmed') return { status: 'success' as const };
    if (settled === 'not-found') throw notFound('Order');
    const after = await orderByProviderOrderId(ctx.db, q.razorpayOrderId);
    const ok = after?.paymentStatus === 'CAPTURED' && after.status !== 'CANCELLED';
    return { status: ok ? ('success' as const) : ('failed' as const) };
  }

  /**
   * The payment status page. By order id alone (which the vendor and admins see) it shows the order's
   * progress, items and amounts; the buyer's name and address only for the buyer's key or signed link.
   */
  async function getStatusView(id: string, proof: OrderProof): Promise<OrderStatusView> {
    if (!UUID.test(id)) throw notFound('Order');
    const view = await orderStatusView(ctx.db, id);
    if (!view) throw notFound('Order');
    const holder = (await orderHolding(ctx, id, proof)) === 'holder';
    const duplicates = await duplicatePaymentsOf(ctx.db, id);
    return {
      ...view,
      customerName: holder ? view.customerName : null,
      shippingAddress: holder ? view.shippingAddress : null,
      duplicatePayments: duplicates.map((d) => ({ amount: paiseToRupees(d.amountPaise), status: d.status })),
    };
  }

  /** The shopper closed the payment window (or the provider reported a failure): release the hold. */
  /** Only the browser that placed the order holds its cancel key (the order id alone is shareable). */
  async function cancelPayment(id: string, reason: 'dismissed' | 'failed', cancelKey: string) {
    if (!UUID.test(id)) throw notFound('Order');
    const order = await orderById(ctx.db, id);
    if (!order) throw notFound('Order');
    if (!keyMatches(order.cancelKeyHash, cancelKey))
      throw forbidden('Only the browser that placed this order can cancel it');
    await releaseOrder(
      ctx,
      { orderId: id },
      reason === 'failed' ? 'FAILED' : 'CANCELLED',
      `customer:${reason}`,
    );
    const after = (await orderById(ctx.db, id))!;
    return { status: after.status, paymentStatus: after.paymentStatus };
  }

  /**
   * The card window opened: the brief hold of a new order becomes the whole payment window
   * (RESERVATION_MINUTES from now), once. An order holding no stock (placed beyond the share of unpaid
   * holds) has nothing to extend. Only the browser holding the cancel key may ask.
   */
  async function openPaymentWindow(id: string, cancelKey: string) {
    if (!UUID.test(id)) throw notFound('Order');
    const order = await orderById(ctx.db, id);
    if (!order) throw notFound('Order');
    if (!keyMatches(order.cancelKeyHash, cancelKey))
      throw forbidden('Only the browser that placed this order can open its payment window');
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const held = await lockHeldOrderIn(tx, id, order.cancelKeyHash!);
      const expires = held?.holdsStock ? held.reservationExpiresAt : null;
      if (!held || !expires) return { extended: false, holdExpiresAt: null };
      if (held.paymentWindowAt) return { extended: true, holdExpiresAt: expires.toISOString() };
      if (expires <= now) return { extended: false, holdExpiresAt: expires.toISOString() };
      const until = new Date(now.getTime() + ctx.config.RESERVATION_MINUTES * 60_000);
      return { extended: true, holdExpiresAt: (await extendHoldIn(tx, id, now, until)).toISOString() };
    });
  }

  return { confirmPayment, getStatusView, cancelPayment, openPaymentWindow };
}
