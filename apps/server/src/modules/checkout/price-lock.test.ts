import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LineBreakup } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import {
  createCategory,
  createMetal,
  createProduct,
  createPurity,
  createVendor,
  uid,
  metalVersion,
} from '../../../test/factories';
import { orderItems, orders, productPieces } from '../../db/schema';
import { initiate, orderBody, stockOf } from '../../../test/payment-journey';

let t: TestApp;
let who: Callers;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  who = await createCallers(t.app, t.db);
});
afterAll(async () => t.close());

/** A 22K necklace (10 g, 12 % making) at gold ₹6,000/g fine, a shop, and a checkout of `quantity`. */
async function necklaceCheckout(quantity = 1, extra: object = {}) {
  const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
  const k22 = await createPurity(t.db, gold, { name: '22K', fineness: 916, ratePaise: 549_600 });
  // (5,496 × 10 + 12 %) × 1.03 = 63,401.86
  const necklace = await createProduct(t.db, {
    productType: 'GOLD',
    metalId: gold.id,
    purityId: k22.id,
    metalWeightMg: 10_000,
    makingKind: 'PERCENT',
    makingValue: 1200,
    pricePaise: 6_340_186,
    categoryId: (await createCategory(t.db)).id,
    ...extra,
  });
  const vendor = await createVendor(t.app, t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/checkout?vendorSlug=${vendor.slug}`,
    payload: [{ productSku: necklace.sku, quantity }],
  });
  expect(res.statusCode).toBe(201);
  const checkoutId = (res.json() as { checkoutId: string }).checkoutId;
  const body = () => orderBody(vendor.slug, [{ productSku: necklace.sku, quantity }], { checkoutId });
  const setRate = async (price: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/metals/${gold.id}`,
      headers: who.superAdmin,
      payload: { name: gold.name, price, confirmBigChange: true, version: await metalVersion(t.db, gold.id) },
    });
  return { gold, necklace, checkoutId, body, setRate };
}

const lines = (orderId: string) => t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

describe('price lock during checkout', () => {
  it('holds the checkout’s price and breakup through a rate change within its window', async () => {
    const { checkoutId, body, setRate, necklace } = await necklaceCheckout();
    const seen = (await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json();
    expect(seen.totalAmount).toBe(63_402);
    expect(seen.items[0].priceBreakup).toMatchObject({
      metal: { purity: '22K', ratePerGram: 5496, netWeightGrams: 10 },
      total: 63_401.86,
    });

    clock = new Date(clock.getTime() + 5 * 60_000);
    expect((await setRate(7000)).statusCode).toBe(200);
    const res = await initiate(t.app, body());
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(63_402);
    const [line] = await lines(res.json().orderId);
    expect(line!.priceAtTimePaise).toBe(6_340_186);
    const breakup = line!.priceBreakup as LineBreakup;
    expect(breakup.totalPaise).toBe(6_340_186);
    expect(breakup.metal).toMatchObject({ purity: '22K', ratePerGramPaise: 549_600, netWeightMg: 10_000 });
    // The catalogue itself moved with the rate.
    const product = await t.app.inject({ method: 'GET', url: `/api/products/${necklace.id}` });
    expect(product.json().price).toBeGreaterThan(63_401.86);
  });

  it('holds the price only for as many pieces as the checkout was for; a larger line is priced today', async () => {
    const { body, setRate, necklace } = await necklaceCheckout(1, { stock: 10 });
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect((await setRate(7000)).statusCode).toBe(200);
    const more = await initiate(t.app, {
      ...body(),
      orderItems: [{ productSku: necklace.sku, quantity: 2 }],
    });
    expect(more.statusCode, more.body).toBe(200);
    // 22K at ₹6,412: (64,120 + 12 %) × 1.03 = 73,968.83 a piece, not the held 63,401.86
    expect(more.json().amount).toBe(147_938);
    const [line] = await lines(more.json().orderId);
    expect(line).toMatchObject({ quantity: 2, priceAtTimePaise: 7_396_883, totalPricePaise: 14_793_766 });
    expect((line!.priceBreakup as LineBreakup).totalPaise).toBe(7_396_883);
  });

  it('holds the price for fewer pieces than the checkout was for', async () => {
    const { body, setRate, necklace } = await necklaceCheckout(2, { stock: 10 });
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect((await setRate(7000)).statusCode).toBe(200);
    const fewer = await initiate(t.app, {
      ...body(),
      orderItems: [{ productSku: necklace.sku, quantity: 1 }],
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json().amount).toBe(63_402);
  });

  it('after the window the checkout is re-priced and tells the shopper the new total before paying', async () => {
    const { checkoutId, body, setRate } = await necklaceCheckout();
    expect((await setRate(7000)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 16 * 60_000);
    const expired = await initiate(t.app, body());
    expect(expired.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json().status).toBe(
      'EXPIRED',
    );

    const repriced = await t.app.inject({ method: 'POST', url: `/api/checkout/${checkoutId}/reprice` });
    expect(repriced.statusCode).toBe(200);
    // 22K at ₹6,412: (64,120 + 12 %) × 1.03 = 73,968.83
    expect(repriced.json()).toMatchObject({ status: 'PENDING', previousTotal: 63_402, totalAmount: 73_969 });
    const paid = await initiate(t.app, body());
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(73_969);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
    expect(row!.finalAmountPaise).toBe(7_396_900);
  });
});

describe('HUIDs of hallmarked pieces', () => {
  const productBody = (metalId: number, purityId: number, categoryId: number, extra: object) => ({
    name: `Hallmarked ${uid()}`,
    sku: `H-${uid()}`,
    productType: 'GOLD',
    metal: { id: metalId },
    purity: { id: purityId },
    metalWeight: 4.25,
    making: { kind: 'FLAT', value: 1500 },
    category: { id: categoryId },
    hallmarked: true,
    ...extra,
  });

  it('keeps one valid, unique HUID per piece in stock', async () => {
    const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
    const k22 = await createPurity(t.db, gold, { name: '22K', fineness: 916, ratePaise: 549_600 });
    const category = await createCategory(t.db);
    const post = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: who.superAdmin,
        payload: productBody(gold.id, k22.id, category.id, extra),
      });
    const created = await post({ stock: 2, huids: ['ab12c3', 'ZX98Y7'] });
    expect(created.statusCode).toBe(201);
    // (5,496 × 4.25 + 1,500) × 1.03 = 25,603.74
    expect(created.json()).toMatchObject({ hallmarked: true, huids: ['AB12C3', 'ZX98Y7'], price: 25_603.74 });
    expect((await post({ stock: 2, huids: ['AB12C3'] })).statusCode).toBe(400);
    expect((await post({ stock: 1, huids: ['AB-2C3'] })).statusCode).toBe(400);
    const taken = await post({ stock: 1, huids: ['AB12C3'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This HUID is already on another piece in stock');
    const publicAnswer = await t.app.inject({ method: 'GET', url: `/api/products/${created.json().id}` });
    expect(publicAnswer.json().hallmarked).toBe(true);
    expect(publicAnswer.json().huids).toBeUndefined();
  });

  it('a sale takes as many HUIDs as pieces and records them on the order line; a release puts them back', async () => {
    const { necklace, body } = await necklaceCheckout(2, { hallmarked: true, stock: 3 });
    await t.db
      .insert(productPieces)
      .values([1, 2, 3].map(() => ({ productId: necklace.id, huid: `H${uid().slice(0, 5).toUpperCase()}` })));
    const onShelf = await t.db.select().from(productPieces).where(eq(productPieces.productId, necklace.id));
    const res = await initiate(t.app, body());
    expect(res.statusCode).toBe(200);
    const [line] = await lines(res.json().orderId);
    expect(line!.huids).toEqual(onShelf.slice(0, 2).map((p) => p.huid));
    expect((await stockOf(t.db, necklace.id)).stock).toBe(1);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${res.json().orderId}/cancel-payment`,
      payload: { cancelKey: res.json().cancelKey },
    });
    expect(cancelled.statusCode).toBeLessThan(300);
    const after = await t.db.select().from(productPieces).where(eq(productPieces.productId, necklace.id));
    expect(after.every((p) => p.orderItemId === null)).toBe(true);
    expect((await stockOf(t.db, necklace.id)).stock).toBe(3);
  });
});
