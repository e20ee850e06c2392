import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, goldNecklace, type Callers } from '../../../test/catalogue-fixtures';
import { createProduct, createVendor } from '../../../test/factories';
import { initiate, orderBody } from '../../../test/payment-journey';

let t: TestApp;
let who: Callers;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  who = await createCallers(t.app, t.db);
});
afterAll(async () => t.close());

/** A 22K necklace (10 g, 12 % making) at gold ₹6,000/g fine (₹63,401.86), a plain ring and a shop. */
async function shopWithNecklace() {
  const { necklace, categoryId, setGoldRate } = await goldNecklace(t.app, t.db, who.superAdmin);
  const ring = await createProduct(t.db, { pricePaise: 250_000, categoryId });
  const vendor = await createVendor(t.app, t.db);
  return { necklace, ring, vendor, setGoldRate };
}

describe('prices that changed since the shopper saw them', () => {
  it('the cart answer names the changed line, its old and new price and the total difference', async () => {
    const { necklace, ring, vendor, setGoldRate } = await shopWithNecklace();
    const cart = [
      { productId: necklace.id, quantity: 2, seenPrice: 63_401.86 },
      { productId: ring.id, quantity: 1, seenPrice: 2500 },
    ];
    const quote = () =>
      t.app.inject({ method: 'POST', url: `/api/cart/quote?vendorSlug=${vendor.slug}`, payload: cart });
    const before = (await quote()).json();
    expect(before.priceChange).toBe(0);
    expect(before.lines.map((l: { previousPrice: number | null }) => l.previousPrice)).toEqual([null, null]);

    await setGoldRate(6500); // 22K follows: 5,954 × 10 + 12 % + 3 % GST = 68,685.34
    const after = (await quote()).json();
    const [changed, unchanged] = after.lines;
    expect(changed).toMatchObject({ productId: necklace.id, previousPrice: 63_401.86, price: 68_685.34 });
    expect(unchanged).toMatchObject({ productId: ring.id, previousPrice: null, price: 2500 });
    expect(after.priceChange).toBe(10_566.96);
    expect(after.subtotal).toBe(139_870.68);
  });

  it('a cart that does not say what it saw is told no change', async () => {
    const { necklace, vendor } = await shopWithNecklace();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cart/quote?vendorSlug=${vendor.slug}`,
      payload: [{ productId: necklace.id, quantity: 1 }],
    });
    expect(res.json()).toMatchObject({ priceChange: 0, lines: [{ previousPrice: null }] });
  });

  it('a seen price that is not a price is refused with 400, never a 500', async () => {
    const { necklace, vendor } = await shopWithNecklace();
    for (const seenPrice of [-5, 'abc', 1e20]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/cart/quote?vendorSlug=${vendor.slug}`,
        payload: [{ productId: necklace.id, quantity: 1, seenPrice }],
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('the checkout tells the change the cart saw, and the payment is the server’s current amount', async () => {
    const { necklace, vendor, setGoldRate } = await shopWithNecklace();
    await setGoldRate(6500);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/checkout?vendorSlug=${vendor.slug}`,
      payload: [{ productSku: necklace.sku, quantity: 1, price: 63_401.86 }],
    });
    expect(created.statusCode).toBe(201);
    const { checkoutId } = created.json() as { checkoutId: string };
    const checkout = (await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json();
    expect(checkout.items[0]).toMatchObject({ price: 68_685.34, previousPrice: 63_401.86 });
    expect(checkout.priceChange).toBe(5283.48);
    expect(checkout.totalAmount).toBe(68_686);

    const paid = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }], { checkoutId }),
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(68_686);
  });

  it('a checkout priced again after its window names the lines whose price moved', async () => {
    const { necklace, vendor, setGoldRate } = await shopWithNecklace();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/checkout?vendorSlug=${vendor.slug}`,
      payload: [{ productSku: necklace.sku, quantity: 1, price: 63_401.86 }],
    });
    const { checkoutId } = created.json() as { checkoutId: string };
    const first = (await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json();
    expect(first).toMatchObject({ priceChange: 0, items: [{ previousPrice: null }] });

    await setGoldRate(6500);
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` }); // marks it EXPIRED
    const repriced = await t.app.inject({ method: 'POST', url: `/api/checkout/${checkoutId}/reprice` });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json()).toMatchObject({
      previousTotal: 63_402,
      totalAmount: 68_686,
      priceChange: 5283.48,
      items: [{ price: 68_685.34, previousPrice: 63_401.86 }],
    });
  });
});
