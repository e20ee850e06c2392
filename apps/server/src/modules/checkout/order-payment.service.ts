import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PAYMENT_TEXT, type OrderStatusView } from '@zevar/domain';
import type { AppContext } from '../../context';
import { orderItems, orders } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { hashCancelKey } from './place-order';
import { settlePayment } from '../payments';
import { lineMoney, orderMoney } from './order-money';
import { releaseOrder } from '../payments';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createOrderPaymentService(ctx: AppContext) {
  /** The browser's confirmation: the signature is checked against the provider order id we stored. */
  async function confirmPayment(q: {
    razorpayOrderId: string;
    razorpayPaymentId: string;
    razorpaySignature: string;
  }) {
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerOrderId, q.razorpayOrderId));
    if (!order) throw notFound('Order');
    if (!ctx.payments.verifyPaymentSignature(q.razorpayOrderId, q.razorpayPaymentId, q.razorpaySignature)) {
      throw new AppError('BAD_REQUEST', PAYMENT_TEXT.signatureInvalid);
    }
    await settlePayment(ctx, q.razorpayOrderId, q.razorpayPaymentId, 'customer');
    const [after] = await ctx.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, order.id));
    const ok = after?.paymentStatus === 'CAPTURED' && after.status !== 'CANCELLED';
    return { status: ok ? ('success' as const) : ('failed' as const) };
  }

  async function getStatusView(id: string): Promise<OrderStatusView> {
    if (!UUID.test(id)) throw notFound('Order');
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    if (!order) throw notFound('Order');
    const items = await ctx.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.id);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      vendorSlug: order.vendorSlug,
      customerName: order.customerName,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentId: order.paymentId,
      paymentDate: order.paymentDate?.toISOString() ?? null,
      orderDate: order.createdAt.toISOString(),
      shippingAddress: order.shippingAddress,
      orderItems: items.map((i) => ({
        productSku: i.productSku,
        productName: i.productName,
        image: i.productImage,
        quantity: i.quantity,
        ...lineMoney(i),
      })),
      ...orderMoney(order),
    };
  }

  /** The shopper closed the payment window (or the provider reported a failure): release the hold. */
  /** Only the browser that placed the order holds its cancel key (the order id alone is shareable). */
  async function cancelPayment(id: string, reason: 'dismissed' | 'failed', cancelKey: string) {
    if (!UUID.test(id)) throw notFound('Order');
    const [order] = await ctx.db
      .select({ id: orders.id, cancelKeyHash: orders.cancelKeyHash })
      .from(orders)
      .where(eq(orders.id, id));
    if (!order) throw notFound('Order');
    const given = Buffer.from(hashCancelKey(cancelKey), 'hex');
    const stored = Buffer.from(order.cancelKeyHash ?? '', 'hex');
    if (stored.length !== given.length || !timingSafeEqual(stored, given))
      throw forbidden('Only the browser that placed this order can cancel it');
    await releaseOrder(
      ctx,
      { orderId: id },
      reason === 'failed' ? 'FAILED' : 'CANCELLED',
      `customer:${reason}`,
    );
    const [after] = await ctx.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, id));
    return after!;
  }

  return { confirmPayment, getStatusView, cancelPayment };
}
