import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/test-app';
import { createProduct } from '../../../test/factories';
import { address, stockOf } from '../../../test/payment-journey';
import type { Database } from '../../db/client';
import { orderStatusHistory, orders } from '../../db/schema';
import { reserveLines } from '../stock';
import {
  attachProviderOrder,
  confirmPaidOrderIn,
  flagPaymentForReviewIn,
  markLatePaymentIn,
  recordConfirmationIn,
  recordNewOrderIn,
  releaseUnpaidOrderIn,
  settleOrderRefundIn,
} from './order-state';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const NOW = new Date('2026-11-20T10:00:00Z');
let seq = 0;

/** An order waiting for payment for `quantity` of a new product (stock reserved as checkout does). */
async function pendingOrder(quantity = 2, expiresAt = new Date(NOW.getTime() + 15 * 60_000)) {
  const product = await createProduct(database.db, { stock: 10 });
  seq += 1;
  const providerOrderId = `order_state_${seq}_${Math.random().toString(36).slice(2, 8)}`;
  const { order } = await database.db.transaction(async (tx) => {
    await reserveLines(tx, [{ productId: product.id, quantity, name: product.name }]);
    return recordNewOrderIn(
      tx,
      {
        orderNumber: `OS-${seq}-${providerOrderId}`,
        vendorSlug: 'shop',
        customerName: 'Buyer',
        customerEmail: 'buyer@example.in',
        customerPhone: '9876543210',
        shippingAddress: address,
        totalAmountPaise: 1000 * quantity,
        finalAmountPaise: 1000 * quantity,
        reservationExpiresAt: expiresAt,
      },
      [
        {
          productId: product.id,
          productSku: product.sku,
          productName: product.name,
          quantity,
          priceAtTimePaise: 1000,
          totalPricePaise: 1000 * quantity,
        },
      ],
    );
  });
  await attachProviderOrder(database.db, order.id, providerOrderId);
  return { order, product, providerOrderId };
}

const history = (orderId: string) =>
  database.db
    .select({
      field: orderStatusHistory.field,
      from: orderStatusHistory.fromValue,
      to: orderStatusHistory.toValue,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));

const stateOf = async (id: string) => {
  const [row] = await database.db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      stockReleased: orders.stockReleased,
    })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
};

describe('the orders module owns order state transitions', () => {
  it('records a new order as waiting for payment, with its history entry', async () => {
    const { order } = await pendingOrder();
    expect(await stateOf(order.id)).toMatchObject({ status: 'PAYMENT_PENDING', paymentStatus: 'PENDING' });
    expect(await history(order.id)).toEqual([{ field: 'status', from: null, to: 'PAYMENT_PENDING' }]);
  });

  it('confirms a paid order once, however often the payment is reported', async () => {
    const { order, providerOrderId } = await pendingOrder();
    const confirm = () =>
      database.db.transaction(async (tx) => {
        const confirmed = await confirmPaidOrderIn(tx, { providerOrderId, paymentId: 'pay_1', now: NOW });
        if (confirmed) await recordConfirmationIn(tx, confirmed.id, 'webhook');
        return confirmed !== undefined;
      });
    const results = await Promise.all([confirm(), confirm(), confirm()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stateOf(order.id)).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
    expect((await history(order.id)).filter((h) => h.to === 'CONFIRMED')).toHaveLength(1);
  });

  it('releases an unpaid order once, returning its stock, and a confirmation after it finds nothing to confirm', async () => {
    const { order, product, providerOrderId } = await pendingOrder(3);
    expect((await stockOf(database.db, product.id)).stock).toBe(7);
    const release = () =>
      database.db.transaction((tx) =>
        releaseUnpaidOrderIn(tx, NOW, { orderId: order.id }, 'CANCELLED', 'customer:dismissed'),
      );
    const results = await Promise.all([release(), release()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await stockOf(database.db, product.id)).stock).toBe(10);
    expect(await stateOf(order.id)).toEqual({
      status: 'CANCELLED',
      paymentStatus: 'CANCELLED',
      stockReleased: true,
    });
    const late = await database.db.transaction((tx) =>
      confirmPaidOrderIn(tx, { providerOrderId, paymentId: 'pay_late', now: NOW }),
    );
    expect(late).toBeUndefined();
  });

  it('releases only expired holds when asked to, and never a payment under review', async () => {
    const fresh = await pendingOrder(1, new Date(NOW.getTime() + 60_000));
    const kept = await database.db.transaction((tx) =>
      releaseUnpaidOrderIn(tx, NOW, { orderId: fresh.order.id }, 'CANCELLED', 'reconciler', {
        onlyIfExpired: true,
      }),
    );
    expect(kept).toBeUndefined();

    const review = await pendingOrder(1);
    const flagged = await database.db.transaction((tx) =>
      flagPaymentForReviewIn(tx, {
        providerOrderId: review.providerOrderId,
        paymentId: 'pay_short',
        now: NOW,
        actor: 'webhook',
        reference: () => 'captured 5 of 10',
      }),
    );
    expect(flagged?.paymentStatus).toBe('NEEDS_REVIEW');
    const released = await database.db.transaction((tx) =>
      releaseUnpaidOrderIn(tx, NOW, { orderId: review.order.id }, 'CANCELLED', 'reconciler'),
    );
    expect(released).toBeUndefined();
    expect((await stockOf(database.db, review.product.id)).stock).toBe(9);
  });

  it('turns a payment for a cancelled order into a refund once, and settles a refund only when one is pending', async () => {
    const { order } = await pendingOrder(1);
    await database.db.transaction((tx) =>
      releaseUnpaidOrderIn(tx, NOW, { orderId: order.id }, 'CANCELLED', 'reconciler'),
    );
    const [cancelled] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const settle = () =>
      database.db.transaction((tx) =>
        settleOrderRefundIn(tx, {
          orderId: order.id,
          to: 'REFUNDED',
          actor: 'webhook',
          reference: 'rfnd_1',
          now: NOW,
        }),
      );
    expect(await settle()).toBeUndefined();
    const mark = () =>
      database.db.transaction((tx) =>
        markLatePaymentIn(tx, cancelled!, { paymentId: 'pay_late', now: NOW, actor: 'webhook' }),
      );
    expect(await mark()).toBe(true);
    expect(await mark()).toBe(false);
    expect((await stateOf(order.id)).paymentStatus).toBe('REFUND_PENDING');
    expect(await settle()).toMatchObject({ id: order.id });
    expect(await settle()).toBeUndefined();
    expect((await stateOf(order.id)).paymentStatus).toBe('REFUNDED');
    expect((await history(order.id)).map((h) => h.to)).toEqual([
      'PAYMENT_PENDING',
      'CANCELLED',
      'CANCELLED',
      'REFUND_PENDING',
      'REFUNDED',
    ]);
  });
});
