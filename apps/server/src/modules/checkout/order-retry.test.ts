import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor } from '../../../test/factories';
import { orderStatusHistory, orders, payments } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay, stockOf } from '../../../test/payment-journey';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Init = { orderId: string; razorpayOrderId: string; amount: number };

/** A shop, a product with `stock` pieces and a checkout of `quantity` of them. */
async function checkoutFor(stock: number, quantity: number) {
  const vendor = await createVendor(t.app, t.db);
  const product = await createProduct(t.db, { pricePaise: 100_000, stock });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/checkout?vendorSlug=${vendor.slug}`,
    payload: [{ productSku: product.sku, quantity, price: 1000, name: product.name, image: null }],
  });
  expect(res.statusCode).toBe(201);
  const checkoutId = (res.json() as { checkoutId: string }).checkoutId;
  const body = (extra: object = {}) =>
    orderBody(vendor.slug, [{ productSku: product.sku, quantity }], { checkoutId, ...extra });
  return { vendor, product, checkoutId, body };
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function cancellations(orderId: string) {
  return t.db
    .select()
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.field, 'status'),
        eq(orderStatusHistory.toValue, 'CANCELLED'),
      ),
    );
}

describe('paying again for the same checkout', () => {
  it('a second initiation for the last 3 pieces succeeds, cancels the first attempt once and counts the stock once', async () => {
    const { product, body } = await checkoutFor(3, 3);
    const first = await initiate(t.app, body());
    expect(first.statusCode).toBe(200);
    expect((await stockOf(t.db, product.id)).stock).toBe(0);

    const second = await initiate(t.app, body());
    expect(second.statusCode).toBe(200);
    const a = first.json() as Init;
    const b = second.json() as Init;
    expect(b.orderId).not.toBe(a.orderId);
    expect(await orderRow(a.orderId)).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'CANCELLED',
      stockReleased: true,
    });
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'PAYMENT_PENDING', stockReleased: false });
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
    expect(await cancellations(a.orderId)).toHaveLength(1);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, a.razorpayOrderId));
    expect(payment!.status).toBe('FAILED');
  });

  it('a late confirmation of the released first attempt follows the late-payment rule: kept cancelled and refunded', async () => {
    const { product, body } = await checkoutFor(3, 3);
    const a = (await initiate(t.app, body())).json() as Init;
    const b = (await initiate(t.app, body())).json() as Init;

    const late = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, a.razorpayOrderId)),
    });
    expect(late.json()).toEqual({ status: 'failed' });
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect((await stockOf(t.db, product.id)).stock).toBe(0);

    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, b.razorpayOrderId)),
    });
    expect(paid.json()).toEqual({ status: 'success' });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 0, sales: 3 });
  });

  it('a late confirmation of the released first attempt is refunded even when the stock is still there', async () => {
    const { product, body } = await checkoutFor(6, 3);
    const a = (await initiate(t.app, body())).json() as Init;
    await initiate(t.app, body());
    expect((await stockOf(t.db, product.id)).stock).toBe(3);
    const late = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, a.razorpayOrderId)),
    });
    expect(late.json()).toEqual({ status: 'failed' });
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 3, sales: 0 });
  });

  it('a retry that is refused leaves the earlier attempt waiting for payment with its stock held', async () => {
    const { product, body } = await checkoutFor(3, 3);
    const a = (await initiate(t.app, body())).json() as Init;
    const refused = await initiate(t.app, body({ finalAmount: 1 }));
    expect(refused.statusCode).toBe(409);
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'PAYMENT_PENDING' });
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
  });

  it('only attempts of the same checkout are released: another shopper is still refused the last pieces', async () => {
    const { vendor, product, body } = await checkoutFor(3, 3);
    const a = (await initiate(t.app, body())).json() as Init;
    const stranger = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]),
    );
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(`${product.name} is out of stock`);
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'PAYMENT_PENDING' });
  });

  it('concurrent initiations of one checkout leave exactly one attempt holding the stock', async () => {
    const { product, checkoutId, body } = await checkoutFor(3, 3);
    const results = await Promise.all([1, 2, 3, 4].map(() => initiate(t.app, body())));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(rows.filter((r) => r.status === 'PAYMENT_PENDING')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'CANCELLED')).toHaveLength(3);
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
  });
});
