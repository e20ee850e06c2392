import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ONE_PAYMENT_TEXT } from '@zevar/domain';
import { createProduct, createVendor } from '../../../test/factories';
import { orders, refunds, sandboxOrders, sandboxRefunds } from '../../db/schema';
import {
  capturedEvent,
  confirmUrl,
  initiate,
  orderBody,
  paymentTestApp,
  sandboxPay,
  webhook,
} from '../../../test/payment-journey';

const t = paymentTestApp();

type Init = { orderId: string; razorpayOrderId: string; amount: number };

/** A shop with a product and a function making a checkout of it from one browser cart (one per tab). */
async function shopWithCart(stock = 5) {
  const vendor = await createVendor(t.app, t.db);
  const product = await createProduct(t.db, { pricePaise: 100_000, stock });
  const cartKey = randomUUID();
  const checkout = async (key: string | undefined = cartKey) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/checkout?vendorSlug=${vendor.slug}${key ? `&cartKey=${key}` : ''}`,
      payload: [{ productSku: product.sku, quantity: 1, price: 1000, name: product.name, image: null }],
    });
    expect(res.statusCode).toBe(201);
    const checkoutId = (res.json() as { checkoutId: string }).checkoutId;
    return orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], { checkoutId });
  };
  return { checkout };
}

async function pay(init: Init) {
  const paid = await sandboxPay(t.app, init.razorpayOrderId);
  const res = await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
  expect(res.json()).toEqual({ status: 'success' });
  return paid;
}

async function paidOrders(ids: string[]) {
  const rows = await Promise.all(ids.map((id) => t.db.select().from(orders).where(eq(orders.id, id))));
  return rows.flat().filter((o) => o.paymentStatus === 'CAPTURED');
}

describe('one cart, one payment', () => {
  it('a second tab of the same cart is refused before its card window opens while the first pays', async () => {
    const { checkout } = await shopWithCart();
    const tabA = await checkout();
    const tabB = await checkout();
    const a = await initiate(t.app, tabA);
    expect(a.statusCode).toBe(200);

    const b = await initiate(t.app, tabB);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ code: 'CONFLICT', message: ONE_PAYMENT_TEXT.cartBeingPaid });
  });

  it('once the cart is paid, another checkout of it is refused, so there is one paid order', async () => {
    const { checkout } = await shopWithCart();
    const tabA = await checkout();
    const tabB = await checkout();
    const a = (await initiate(t.app, tabA)).json() as Init;
    await pay(a);

    const b = await initiate(t.app, tabB);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ message: ONE_PAYMENT_TEXT.cartAlreadyPaid });
    expect(await paidOrders([a.orderId])).toHaveLength(1);
  });

  it('two different carts (no shared key) are two purchases', async () => {
    const { checkout } = await shopWithCart();
    const a = await initiate(t.app, await checkout(randomUUID()));
    const b = await initiate(t.app, await checkout(randomUUID()));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('parallel Pay in two tabs of one cart opens one card window', async () => {
    const { checkout } = await shopWithCart();
    const tabs = await Promise.all([checkout(), checkout(), checkout()]);
    const answers = await Promise.all(tabs.map((body) => initiate(t.app, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('a second capture for a paid order is refunded through the gateway exactly once and shown to the shopper', async () => {
    const { checkout } = await shopWithCart();
    const a = (await initiate(t.app, await checkout())).json() as Init;
    const first = await pay(a);
    const secondPaymentId = `pay_second_${randomUUID().slice(0, 8)}`;
    // The gateway's record of the second payment (a second card payment in the same window).
    await t.db.insert(sandboxOrders).values({
      id: `order_second_${secondPaymentId}`,
      amountPaise: a.amount * 100,
      status: 'paid',
      paymentId: secondPaymentId,
    });
    const event = capturedEvent(a.razorpayOrderId, secondPaymentId, 'payment.captured', a.amount * 100);

    for (const eventId of ['evt-dup-1', 'evt-dup-2']) {
      const res = await webhook(t.app, t.config, event, `${eventId}-${a.orderId}`);
      expect(res.statusCode).toBe(200);
    }
    // The browser's handler reporting the same second payment again changes nothing either.
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, a.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerPaymentId: secondPaymentId, amountPaise: a.amount * 100 });
    const atGateway = await t.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentId, secondPaymentId));
    expect(atGateway).toHaveLength(1);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, a.orderId));
    expect(order).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
      paymentId: first.razorpay_payment_id,
    });
    const view = await t.app.inject({ method: 'GET', url: `/api/orders/byId/${a.orderId}` });
    expect(view.json()).toMatchObject({ duplicatePayments: [{ amount: a.amount, status: 'REFUNDED' }] });
  });
});
