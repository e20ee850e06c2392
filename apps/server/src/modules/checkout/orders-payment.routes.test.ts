import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCoupon, createProduct, createVendor } from '../../../test/factories';
import {
  coupons,
  emailOutbox,
  orderItems,
  orders,
  orderStatusHistory,
  sandboxOrders,
  vendorEarnings,
} from '../../db/schema';
import { address, confirmUrl, initiate, orderBody, sandboxPay, stockOf } from '../../../test/payment-journey';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function shopWithProduct(productOverrides: Parameters<typeof createProduct>[1] = {}) {
  const vendor = await createVendor(t.app, t.db);
  const product = await createProduct(t.db, { pricePaise: 149_950, stock: 5, ...productOverrides });
  return { vendor, product };
}

describe('POST /api/orders/initiate-order', () => {
  it('creates a payment-pending order priced by the server (lines at the product price, total rounded up to a rupee) and a provider order for that amount', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 149_975 });
    const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 2 }]));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.amount).toBe(3000);
    expect(body.razorpayOrderId).toMatch(/^order_/);
    expect(body.orderId).toMatch(/^[0-9a-f-]{36}$/);
    const [provider] = await t.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.id, body.razorpayOrderId));
    expect(provider!.amountPaise).toBe(300_000);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      status: 'PAYMENT_PENDING',
      paymentStatus: 'PENDING',
      totalAmountPaise: 299_950,
      finalAmountPaise: 300_000,
    });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.orderId));
    expect(line).toMatchObject({ priceAtTimePaise: 149_975, totalPricePaise: 299_950 });
    expect(order!.orderNumber).toMatch(/^ZV\d{6}-[0-9A-F]{8}$/);
    expect((await stockOf(t.db, product.id)).stock).toBe(3);
  });

  it('ignores prices sent with the items and uses the database price', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    const items = [{ productSku: product.sku, quantity: 1, priceAtTime: 1, totalPrice: 1 }];
    const res = await initiate(t.app, orderBody(vendor.slug, items));
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(1000);
  });

  it('answers 409 with the server figures when the client total, discount or final amount is tampered', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    for (const tamper of [{ totalAmount: 1 }, { couponDiscount: 999 }, { finalAmount: 0.01 }]) {
      const res = await initiate(
        t.app,
        orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], tamper),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ totalAmount: 1000, couponDiscount: 0, finalAmount: 1000 });
    }
    expect((await stockOf(t.db, product.id)).stock).toBe(5);
  });

  it('whatever prices, totals and discounts a client sends, the provider amount is the server figure or nothing is reserved', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 123_456, stock: 1000 });
    const money = fc.oneof(
      fc.constant(undefined),
      fc.double({ min: -1e6, max: 1e7, noNaN: true }),
      fc.constantFrom(0, 0.01, 1234.56, 2469.12),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        money,
        money,
        money,
        money,
        async (quantity, price, total, discount, final) => {
          const before = (await stockOf(t.db, product.id)).stock;
          const items = [{ productSku: product.sku, quantity, priceAtTime: price, totalPrice: price }];
          const res = await initiate(
            t.app,
            orderBody(vendor.slug, items, {
              totalAmount: total,
              couponDiscount: discount,
              finalAmount: final,
            }),
          );
          const serverPaise = Math.ceil((123_456 * quantity) / 100) * 100;
          if (res.statusCode === 200) {
            const [provider] = await t.db
              .select()
              .from(sandboxOrders)
              .where(eq(sandboxOrders.id, res.json().razorpayOrderId));
            expect(provider!.amountPaise).toBe(serverPaise);
            expect((await stockOf(t.db, product.id)).stock).toBe(before - quantity);
          } else {
            expect([400, 409]).toContain(res.statusCode);
            expect((await stockOf(t.db, product.id)).stock).toBe(before);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('accepts matching client figures and applies a coupon evaluated on server figures', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    const coupon = await createCoupon(t.db, { discountPaise: 25_000, minQuantity: 2 });
    const items = [{ productSku: product.sku, quantity: 2 }];
    const extra = {
      appliedCoupons: [{ code: coupon.code, discount: 9999 }],
      totalAmount: 2000,
      couponDiscount: 250,
      finalAmount: 1750,
    };
    const res = await initiate(t.app, orderBody(vendor.slug, items, extra));
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(1750);
  });

  it('refuses a coupon whose condition the server basket does not meet', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    const coupon = await createCoupon(t.db, { minQuantity: 3 });
    const res = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], { appliedCoupons: [coupon.code] }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This coupon cannot be applied');
  });

  it('answers 409 when more units are asked than are in stock, and 400 for a zero or negative quantity', async () => {
    const { vendor, product } = await shopWithProduct({ stock: 2 });
    const tooMany = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 3 }]));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Only 2 of ${product.name} left in stock`);
    for (const quantity of [0, -1, 1.5]) {
      const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity }]));
      expect(res.statusCode).toBe(400);
    }
    expect((await stockOf(t.db, product.id)).stock).toBe(2);
  });

  it('refuses a product above the vendor plan and an unknown vendor', async () => {
    const { vendor, product } = await shopWithProduct({ plan: 'PREMIUM' });
    const res = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    const unknown = await initiate(
      t.app,
      orderBody('no-such-shop', [{ productSku: product.sku, quantity: 1 }]),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('validates the shipping address, email and items', async () => {
    const { vendor, product } = await shopWithProduct();
    const items = [{ productSku: product.sku, quantity: 1 }];
    const badPin = await initiate(
      t.app,
      orderBody(vendor.slug, items, { shippingAddress: { ...address, postalCode: '12345' } }),
    );
    expect(badPin.statusCode).toBe(400);
    expect(JSON.stringify(badPin.json().issues)).toContain('Please enter a valid 6-digit PIN code');
    expect((await initiate(t.app, orderBody(vendor.slug, items, { customerEmail: 'nope' }))).statusCode).toBe(
      400,
    );
    expect((await initiate(t.app, orderBody(vendor.slug, []))).statusCode).toBe(400);
    expect((await initiate(t.app, orderBody(vendor.slug, items, { paymentMethod: 'CASH' }))).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/orders/confirm-payment', () => {
  it('confirms a paid order once, with stock kept, sales counted, earnings, coupon use, history and one email', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000, vendorCommissionPaise: 5_000 });
    const coupon = await createCoupon(t.db, { discountPaise: 10_000 });
    const init = (
      await initiate(
        t.app,
        orderBody(vendor.slug, [{ productSku: product.sku, quantity: 2 }], { appliedCoupons: [coupon.code] }),
      )
    ).json();
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success' });
    }
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
      paymentId: paid.razorpay_payment_id,
    });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 3, sales: 2 });
    const earnings = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, init.orderId));
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({
      vendorId: vendor.id,
      units: 2,
      amountPaise: 10_000,
      revenuePaise: 200_000,
    });
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(1);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${init.orderId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('asha@example.in');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, init.orderId));
    expect(history.filter((h) => h.toValue === 'CONFIRMED')).toHaveLength(1);
  });

  it('rejects a wrong or altered signature and changes nothing', async () => {
    const { vendor, product } = await shopWithProduct();
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const other = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const attempts = [
      { ...paid, razorpay_signature: paid.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...paid, razorpay_signature: 'not-hex' },
      { ...paid, razorpay_payment_id: 'pay_forged' },
      { ...paid, razorpay_order_id: other.razorpayOrderId },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'POST', url: confirmUrl(attempt) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Payment verification failed');
    }
    const rows = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.vendorSlug, vendor.slug));
    expect(rows.every((r) => r.status === 'PAYMENT_PENDING')).toBe(true);
  });

  it('answers 404 for an unknown provider order and 400 without the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: confirmUrl({
        razorpay_order_id: 'order_nope',
        razorpay_payment_id: 'pay_x',
        razorpay_signature: 'ab',
      }),
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders/confirm-payment' })).statusCode).toBe(400);
  });
});

describe('GET /api/orders/byId/{id} and POST /api/orders/{id}/cancel-payment', () => {
  it('by order id alone shows progress, items and amounts but not the buyer’s name, address or phone', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    for (const headers of [{}, { 'x-order-key': 'not-this-orders-key' }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/byId/${init.orderId}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        orderNumber: init.orderNumber,
        finalAmount: 1000,
        customerName: null,
        shippingAddress: null,
      });
      for (const personal of [address.phone, address.street, address.postalCode, 'Asha Rao'])
        expect(res.body).not.toContain(personal);
    }
  });

  it('returns what the status page shows to the buyer’s key, and no customer email', async () => {
    const { vendor, product } = await shopWithProduct({ pricePaise: 100_000 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/byId/${init.orderId}`,
      headers: { 'x-order-key': init.cancelKey },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      orderNumber: init.orderNumber,
      status: 'PAYMENT_PENDING',
      paymentStatus: 'PENDING',
      totalAmount: 1000,
      couponDiscount: 0,
      shippingCost: 0,
      finalAmount: 1000,
      shippingAddress: address,
    });
    expect(view.orderItems[0]).toMatchObject({
      productSku: product.sku,
      quantity: 1,
      priceAtTime: 1000,
      totalPrice: 1000,
    });
    expect(JSON.stringify(view)).not.toContain('asha@example.in');
  });

  it('answers 404 Order not found for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '42', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/byId/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
  });

  it('dismissing the payment window cancels the order and returns its stock, once', async () => {
    const { vendor, product } = await shopWithProduct({ stock: 1 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${init.orderId}/cancel-payment`,
        payload: { cancelKey: init.cancelKey },
      });
      expect(res.json()).toEqual({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
    }
    expect((await stockOf(t.db, product.id)).stock).toBe(1);
  });

  it('a reported payment failure marks the payment FAILED', async () => {
    const { vendor, product } = await shopWithProduct();
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${init.orderId}/cancel-payment`,
      payload: { reason: 'failed', cancelKey: init.cancelKey },
    });
    expect(res.json()).toEqual({ status: 'CANCELLED', paymentStatus: 'FAILED' });
  });

  it('cancelling a confirmed order changes nothing', async () => {
    const { vendor, product } = await shopWithProduct();
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    await t.app.inject({ method: 'POST', url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)) });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${init.orderId}/cancel-payment`,
      payload: { cancelKey: init.cancelKey },
    });
    expect(res.json()).toEqual({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
    expect((await stockOf(t.db, product.id)).stock).toBe(4);
  });
});
