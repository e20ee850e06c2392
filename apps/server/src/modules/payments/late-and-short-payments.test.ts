import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAdminUser, createProduct, createVendor } from '../../../test/factories';
import { orders, refunds, sandboxRefunds } from '../../db/schema';
import {
  capturedEvent,
  initiate,
  orderBody,
  sandboxPay,
  stockOf,
  paymentTestApp,
  webhook,
} from '../../../test/payment-journey';
import { reconcilePayments } from './reconciler';

const t = paymentTestApp();

async function newOrder(stock = 2) {
  const vendor = await createVendor(t.app, t.db);
  const product = await createProduct(t.db, { pricePaise: 100_000, stock });
  const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
  expect(res.statusCode).toBe(200);
  return { product, init: res.json() as { orderId: string; orderNumber: string; razorpayOrderId: string } };
}

const captured = (orderId: string, paymentId: string, amount: number) =>
  capturedEvent(orderId, paymentId, 'payment.captured', amount);

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('payments that arrive short, late or after a crash', () => {
  it('a short capture does not confirm the order: it is flagged for review, kept out of expiry, and refunded in what was captured', async () => {
    const { product, init } = await newOrder();
    const res = await webhook(
      t.app,
      t.config,
      captured(init.razorpayOrderId, 'pay_short1', 50_000),
      'evt_short1',
    );
    expect(res.json()).toEqual({ status: 'amount-mismatch' });
    expect(await orderRow(init.orderId)).toMatchObject({
      status: 'PAYMENT_PENDING',
      paymentStatus: 'NEEDS_REVIEW',
    });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 1, sales: 0 });

    t.advance(2 * 24 * 60 * 60_000);
    await reconcilePayments(t.ctx());
    expect(await orderRow(init.orderId)).toMatchObject({
      status: 'PAYMENT_PENDING',
      paymentStatus: 'NEEDS_REVIEW',
    });

    // In the sandbox the provider order was never paid; the operator's refund goes to the gateway,
    // which refuses a refund of a payment it does not know, so it stays pending for the reconciler.
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const refund = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${init.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`,
      headers: admin.headers,
    });
    expect(refund.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_PENDING' });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, init.orderId));
    expect(row).toMatchObject({ amountPaise: 50_000, providerPaymentId: 'pay_short1' });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 2, sales: 0 });
  });

  it('a capture arriving after the hold expired and was released is refunded automatically', async () => {
    const { product, init } = await newOrder();
    t.advance(60 * 60_000);
    await reconcilePayments(t.ctx());
    expect(await orderRow(init.orderId)).toMatchObject({ status: 'CANCELLED', stockReleased: true });
    // The shopper's bank completes the payment afterwards.
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const res = await webhook(
      t.app,
      t.config,
      captured(init.razorpayOrderId, paid.razorpay_payment_id, 100_000),
      `evt_${paid.razorpay_payment_id}`,
    );
    expect(res.json()).toEqual({ status: 'refunding-late-payment' });
    expect(await orderRow(init.orderId)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 2, sales: 0 });
    const replay = await webhook(
      t.app,
      t.config,
      captured(init.razorpayOrderId, paid.razorpay_payment_id, 100_000),
      `evt_${paid.razorpay_payment_id}_again`,
    );
    expect(replay.json()).toEqual({ status: 'already-settled' });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, init.orderId))).toHaveLength(1);
  });

  it('a capture on a cancelled order, with no webhook, is found by the reconciler and refunded once', async () => {
    const { product, init } = await newOrder();
    t.advance(60 * 60_000);
    await reconcilePayments(t.ctx());
    expect(await orderRow(init.orderId)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
    // The bank completes the payment afterwards and the webhook never comes.
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    t.advance(5 * 60_000);
    const report = await reconcilePayments(t.ctx());
    expect(report.lateCapturesRefunded).toBe(1);
    expect(await orderRow(init.orderId)).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      paymentId: paid.razorpay_payment_id,
    });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 2, sales: 0 });
    // Later passes and a late webhook find it settled: one refund, at the gateway too.
    t.advance(5 * 60_000);
    expect((await reconcilePayments(t.ctx())).lateCapturesRefunded).toBe(0);
    const res = await webhook(
      t.app,
      t.config,
      captured(init.razorpayOrderId, paid.razorpay_payment_id, 100_000),
      `evt_${paid.razorpay_payment_id}`,
    );
    expect(res.json()).toEqual({ status: 'already-settled' });
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, init.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 100_000, providerPaymentId: paid.razorpay_payment_id });
    expect(
      await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paid.razorpay_payment_id)),
    ).toHaveLength(1);
  });

  it('60 abandoned checkouts ahead of a paid order do not delay it beyond one reconciler pass', async () => {
    const vendor = await createVendor(t.app, t.db);
    const product = await createProduct(t.db, { pricePaise: 100_000, stock: 100 });
    for (let i = 0; i < 60; i += 1) {
      t.advance(1_000);
      const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
      expect(res.statusCode).toBe(200);
    }
    t.advance(1_000);
    const { init } = await newOrder();
    await sandboxPay(t.app, init.razorpayOrderId);
    const report = await reconcilePayments(t.ctx(), 25);
    expect(report.confirmed).toBe(1);
    expect(await orderRow(init.orderId)).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
  });
});
