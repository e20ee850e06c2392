import { describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createVendor } from '../../../test/factories';
import { reconcilePayments } from '../payments';
import { initiate, orderBody, paymentTestApp } from '../../../test/payment-journey';

const t = paymentTestApp();

describe('POST /api/cart/quote', () => {
  it('prices cart lines from the server and reports products above the vendor plan as unavailable', async () => {
    const vendor = await createVendor(t.app, t.db);
    const a = await createProduct(t.db, {
      pricePaise: 99_960,
      originalPricePaise: 120_000,
      stock: 3,
      images: ['a.webp'],
    });
    const premium = await createProduct(t.db, { plan: 'PREMIUM' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cart/quote?vendorSlug=${vendor.slug}`,
      payload: [
        { productId: a.id, quantity: 2 },
        { productId: premium.id, quantity: 1 },
        { productId: 99_999_999, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines[0]).toMatchObject({
      productId: a.id,
      available: true,
      sku: a.sku,
      image: 'a.webp',
      price: 999.6,
      originalPrice: 1200,
      stock: 3,
      lineTotal: 1999.2,
    });
    expect(body.lines[1]).toMatchObject({ productId: premium.id, available: false });
    expect(body.lines[2]).toMatchObject({ available: false });
    // Lines keep the product's price; only the total is rounded up, shown as its own figure.
    expect(body).toMatchObject({ subtotal: 1999.2, roundOff: 0.8, total: 2000 });
  });

  it('keeps lines at the stock left and leaves out-of-stock lines out of the subtotal', async () => {
    const vendor = await createVendor(t.app, t.db);
    const few = await createProduct(t.db, { pricePaise: 100_000, stock: 2 });
    const none = await createProduct(t.db, { pricePaise: 50_000, stock: 0 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cart/quote?vendorSlug=${vendor.slug}`,
      payload: [
        { productId: few.id, quantity: 5 },
        { productId: none.id, quantity: 1 },
      ],
    });
    const body = res.json();
    expect(body.lines[0]).toMatchObject({ stock: 2, quantity: 2, lineTotal: 2000 });
    expect(body.lines[1]).toMatchObject({ available: true, stock: 0 });
    expect(body).toMatchObject({ subtotal: 2000, roundOff: 0, total: 2000 });
  });

  it('answers 404 for an unknown vendor and 400 for a bad body', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/cart/quote?vendorSlug=nope', payload: [] }))
        .statusCode,
    ).toBe(404);
    const vendor = await createVendor(t.app, t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/cart/quote?vendorSlug=${vendor.slug}`,
      payload: [{ productId: 'x', quantity: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: [] })).statusCode).toBe(
      400,
    );
  });
});

describe('checkout', () => {
  it('creates a checkout priced by the server (lines at the product price, total rounded up), ignoring client prices', async () => {
    const vendor = await createVendor(t.app, t.db);
    const p = await createProduct(t.db, { pricePaise: 149_901, stock: 4 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/checkout?vendorSlug=${vendor.slug}`,
      payload: [{ productSku: p.sku, quantity: 2, price: 1, name: 'cheap', image: 'x' }],
    });
    expect(res.statusCode).toBe(201);
    const { checkoutId } = res.json();
    const got = (await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json();
    expect(got).toMatchObject({
      status: 'PENDING',
      subtotal: 2998.02,
      discount: 0,
      roundOff: 0.98,
      totalAmount: 2999,
      vendorSlug: vendor.slug,
    });
    expect(got.items[0]).toMatchObject({
      productSku: p.sku,
      name: p.name,
      price: 1499.01,
      quantity: 2,
      lineTotal: 2998.02,
    });
  });

  it('refuses an empty checkout, more than the stock, and an unknown SKU', async () => {
    const vendor = await createVendor(t.app, t.db);
    const p = await createProduct(t.db, { stock: 1 });
    const url = `/api/checkout?vendorSlug=${vendor.slug}`;
    expect((await t.app.inject({ method: 'POST', url, payload: [] })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: [{ productSku: p.sku, quantity: 2 }] })).statusCode,
    ).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: [{ productSku: 'NOPE', quantity: 1 }] }))
        .statusCode,
    ).toBe(409);
  });

  it('answers 404 for an unknown checkout', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/checkout/00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/not-a-uuid' })).statusCode).toBe(400);
  });

  it('applies a coupon given as a JSON string or {code}, evaluated on the checkout figures, never taking more than half the basket', async () => {
    const vendor = await createVendor(t.app, t.db);
    const p = await createProduct(t.db, { pricePaise: 50_000, stock: 5 });
    const small = await createCoupon(t.db, { discountPaise: 10_000, minQuantity: 2 });
    const huge = await createCoupon(t.db, { discountPaise: 10_000_000 });
    const { checkoutId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/checkout?vendorSlug=${vendor.slug}`,
        payload: [{ productSku: p.sku, quantity: 2 }],
      })
    ).json();
    const url = `/api/checkout/applyCoupon/${checkoutId}`;
    const a = await t.app.inject({
      method: 'PATCH',
      url,
      payload: JSON.stringify(small.code),
      headers: { 'content-type': 'application/json' },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      subtotal: 1000,
      discount: 100,
      totalAmount: 900,
      appliedCoupons: [{ code: small.code, discount: 100 }],
    });
    // One coupon per order: a second one is refused, never silently swapped for the first.
    const second = await t.app.inject({ method: 'PATCH', url, payload: { code: huge.code } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `Only one coupon can be used per order. Remove ${small.code} first to use another.`,
    );
    const again = await t.app.inject({ method: 'PATCH', url, payload: { code: small.code.toLowerCase() } });
    expect(again.json()).toMatchObject({ discount: 100, appliedCoupons: [{ code: small.code }] });
    const removed = await t.app.inject({ method: 'DELETE', url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ discount: 0, totalAmount: 1000, appliedCoupons: [] });
    const b = await t.app.inject({ method: 'PATCH', url, payload: { code: huge.code } });
    // Issue 20: a ₹1,00,000 coupon on a ₹1,000 basket takes at most COUPON_MAX_SHARE_PERCENT (50 %).
    expect(b.json()).toMatchObject({ discount: 500, totalAmount: 500 });
    await t.app.inject({ method: 'DELETE', url });
    const c = await t.app.inject({ method: 'PATCH', url, payload: { code: 'NOPE' } });
    expect(c.statusCode).toBe(400);
    expect(c.json().message).toBe('This coupon cannot be applied');
  });

  it('becomes EXPIRED after its expiration time; coupons and orders on it are refused', async () => {
    const vendor = await createVendor(t.app, t.db);
    const p = await createProduct(t.db, { stock: 5 });
    const coupon = await createCoupon(t.db);
    const { checkoutId } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/checkout?vendorSlug=${vendor.slug}`,
        payload: [{ productSku: p.sku, quantity: 1 }],
      })
    ).json();
    t.advance((t.config.RESERVATION_MINUTES + 1) * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/checkout/${checkoutId}` })).json().status).toBe(
        'EXPIRED',
      );
      const apply = await t.app.inject({
        method: 'PATCH',
        url: `/api/checkout/applyCoupon/${checkoutId}`,
        payload: { code: coupon.code },
      });
      expect(apply.statusCode).toBe(409);
      const order = await initiate(
        t.app,
        orderBody(vendor.slug, [{ productSku: p.sku, quantity: 1 }], { checkoutId }),
      );
      expect(order.statusCode).toBe(409);
      expect(order.json().message).toBe('Your checkout has expired. Please check out again.');
      await reconcilePayments(t.ctx());
    } finally {
      t.resetClock();
    }
  });
});
