import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor } from '../../../test/factories';
import { orderBody, stockOf } from '../../../test/payment-journey';

/** The defaults of env.ts, set explicitly (the shared test config raises them for bulk tests). */
const LIMITS = { MAX_LINE_QUANTITY: '10', MAX_ORDER_QUANTITY: '30', MAX_OPEN_ORDERS_PER_ADDRESS: '3' };

describe('inventory hoarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: LIMITS });
  });
  afterAll(async () => t.close());

  const initiate = (body: object, remoteAddress = '203.0.113.20') =>
    t.app.inject({ method: 'POST', url: '/api/orders/initiate-order', payload: body, remoteAddress });
  const checkout = async (slug: string, sku: string, quantity: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/checkout?vendorSlug=${slug}`,
        payload: [{ productSku: sku, quantity }],
      })
    ).json().checkoutId as string;

  it('caps the pieces of one line and of one order', async () => {
    const vendor = await createVendor(t.app, t.db);
    const a = await createProduct(t.db, { stock: 500 });
    const b = await createProduct(t.db, { stock: 500 });
    const c = await createProduct(t.db, { stock: 500 });
    const c4 = await createProduct(t.db, { stock: 500 });
    const line = await initiate(orderBody(vendor.slug, [{ productSku: a.sku, quantity: 11 }]));
    expect(line.statusCode).toBe(400);
    expect(line.json().message).toBe('You can order at most 10 pieces of one item');
    const order = await initiate(
      orderBody(
        vendor.slug,
        [a, b, c, c4].map((p) => ({ productSku: p.sku, quantity: 8 })),
      ),
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('You can order at most 30 pieces in one order');
    expect((await stockOf(t.db, a.id)).stock).toBe(500);
  });

  it('limits unpaid reservations per address with 429 and Retry-After, while other shoppers still buy', async () => {
    const vendor = await createVendor(t.app, t.db);
    const shelf = await createProduct(t.db, { stock: 100 });
    const keys: string[] = [];
    const body = () =>
      orderBody(vendor.slug, [{ productSku: shelf.sku, quantity: 10 }], { waitingOrderKeys: keys });
    for (let i = 0; i < 3; i++) {
      const res = await initiate(body());
      expect(res.statusCode).toBe(200);
      keys.push(res.json().cancelKey);
    }
    const fourth = await initiate(body());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stockOf(t.db, shelf.id)).stock).toBe(70);
    expect((await initiate(body(), '198.51.100.20')).statusCode).toBe(200);
  });

  it("keeps a shopper's own retry of one checkout working and holding stock once", async () => {
    const vendor = await createVendor(t.app, t.db);
    const shelf = await createProduct(t.db, { stock: 10 });
    const checkoutId = await checkout(vendor.slug, shelf.sku, 2);
    const body = orderBody(vendor.slug, [{ productSku: shelf.sku, quantity: 2 }], { checkoutId });
    for (let i = 0; i < 6; i++) expect((await initiate(body, '203.0.113.21')).statusCode).toBe(200);
    expect((await stockOf(t.db, shelf.id)).stock).toBe(8);
  });

  it('holds a reservation for the payment window: 15 minutes by default', () => {
    expect(t.config.RESERVATION_MINUTES).toBe(15);
  });
});

describe('cancelling an unpaid order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('only the browser holding the cancel key from initiate-order can cancel; the order id alone cannot', async () => {
    const vendor = await createVendor(t.app, t.db);
    const shelf = await createProduct(t.db, { stock: 3 });
    const init = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/initiate-order',
        payload: orderBody(vendor.slug, [{ productSku: shelf.sku, quantity: 1 }]),
      })
    ).json();
    expect(typeof init.cancelKey).toBe('string');
    const cancel = (payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${init.orderId}/cancel-payment`, payload });
    expect((await cancel()).statusCode).toBe(400);
    expect((await cancel({ reason: 'dismissed', cancelKey: 'guessed' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/orders/byId/${init.orderId}` })).json()).toMatchObject({
      status: 'PAYMENT_PENDING',
    });
    const ok = await cancel({ reason: 'dismissed', cancelKey: init.cancelKey });
    expect(ok.json()).toEqual({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
    expect((await stockOf(t.db, shelf.id)).stock).toBe(3);
  });

  it('checkout phone numbers follow the 10-digit rule of registration', async () => {
    const vendor = await createVendor(t.app, t.db);
    const shelf = await createProduct(t.db, { stock: 3 });
    for (const phone of ['12345', '98765432101', '98765-43210', 'call me']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/initiate-order',
        payload: orderBody(vendor.slug, [{ productSku: shelf.sku, quantity: 1 }], { customerPhone: phone }),
      });
      expect(res.statusCode, phone).toBe(400);
    }
  });
});

describe('waiting orders behind one carrier address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAX_OPEN_ORDERS_PER_ADDRESS: '2', MAX_OPEN_ORDERS_PER_SHARED_ADDRESS: '4' },
    });
  });
  afterAll(async () => t.close());

  const carrier = '100.64.0.9';
  const initiate = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/initiate-order',
      payload: body,
      remoteAddress: carrier,
    });

  it('blocks the browser holding waiting orders, lets another shopper on up to the ceiling, and a cancel frees one', async () => {
    const vendor = await createVendor(t.app, t.db);
    const shelf = await createProduct(t.db, { stock: 50 });
    const body = (waitingOrderKeys: string[]) =>
      orderBody(vendor.slug, [{ productSku: shelf.sku, quantity: 1 }], { waitingOrderKeys });
    const first = (await initiate(body([]))).json();
    const second = (await initiate(body([first.cancelKey]))).json();
    const mine = [first.cancelKey as string, second.cancelKey as string];
    const blocked = await initiate(body(mine));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many orders are waiting for payment/);
    // Another browser behind the same address holds none of them: up to the ceiling of 4.
    expect((await initiate(body([]))).statusCode).toBe(200);
    expect((await initiate(body([]))).statusCode).toBe(200);
    expect((await initiate(body([]))).statusCode).toBe(429);
    expect((await stockOf(t.db, shelf.id)).stock).toBe(46);
    // The first shopper cancels one of theirs with its key: stock back at once, exactly once.
    const cancel = (cancelKey: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${first.orderId}/cancel-payment`,
        payload: { reason: 'dismissed', cancelKey },
      });
    expect((await cancel('not-mine')).statusCode).toBe(403);
    expect((await cancel(first.cancelKey)).json()).toEqual({
      status: 'CANCELLED',
      paymentStatus: 'CANCELLED',
    });
    expect((await stockOf(t.db, shelf.id)).stock).toBe(47);
    expect((await cancel(first.cancelKey)).json()).toMatchObject({ status: 'CANCELLED' });
    expect((await stockOf(t.db, shelf.id)).stock).toBe(47);
    // Three waiting now, holding one of them: still above this browser's cap of 2.
    expect((await initiate(body([second.cancelKey]))).statusCode).toBe(429);
  });
});
