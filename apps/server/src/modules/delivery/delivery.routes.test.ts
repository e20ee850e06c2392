import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DELIVERY_TEXT } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor, uid } from '../../../test/factories';
import { initiate, orderBody } from '../../../test/payment-journey';
import { fakeCarrier } from '../../../test/fake-carrier';
import { orders } from '../../db/schema';

describe('delivery date before buying (issue 22 item 6)', () => {
  let t: TestApp;
  // Thursday 26 November 2026, 10:30 in Kolkata.
  const clock = new Date('2026-11-26T05:00:00Z').getTime();
  const fake = fakeCarrier({ etaDays: 3, unserved: ['110001'] });
  let vendorSlug: string;
  beforeAll(async () => {
    t = await createTestApp({
      now: () => new Date(clock),
      carrier: fake.carrier,
      env: { SHIP_FROM_PIN: '400002' },
    });
    // The vendor factory's shop is in Jaipur, 302001.
    vendorSlug = (await createVendor(t.app, t.db)).slug;
  });
  afterAll(async () => t.close());

  const estimate = (query: string) => t.app.inject({ method: 'GET', url: `/api/delivery-estimate?${query}` });

  it('says the date for a served PIN code: 2 working days to dispatch, then the courier’s days', async () => {
    const res = await estimate(`pin=560025&vendorSlug=${vendorSlug}`);
    expect(res.statusCode).toBe(200);
    // Thursday + 2 working days = Saturday, + 3 days = Tuesday 1 December.
    expect(res.json()).toEqual({
      pin: '560025',
      serviceable: true,
      deliveryBy: '2026-12-01',
      message: 'Delivery by Tue, 1 Dec',
    });
    expect(fake.calls.at(-1)).toMatchObject({ pickupPin: '302001', deliveryPin: '560025' });
  });

  it('says when a PIN code is not served', async () => {
    const res = await estimate(`pin=110001&vendorSlug=${vendorSlug}`);
    expect(res.json()).toEqual({
      pin: '110001',
      serviceable: false,
      deliveryBy: null,
      message: DELIVERY_TEXT.unserviceable('110001'),
    });
  });

  it('keeps the courier’s answer per route: the second ask does not call it', async () => {
    const before = fake.calls.length;
    await estimate(`pin=600001&vendorSlug=${vendorSlug}`);
    await estimate(`pin=600001&vendorSlug=${vendorSlug}`);
    expect(fake.calls.length).toBe(before + 1);
    // Another origin is another route: without a shop, parcels leave from SHIP_FROM_PIN.
    await estimate('pin=600001');
    expect(fake.calls.length).toBe(before + 2);
    expect(fake.calls.at(-1)).toMatchObject({ pickupPin: '400002', deliveryPin: '600001' });
  });

  it('refuses a malformed PIN code with 400 and the address form’s words', async () => {
    for (const pin of ['56002', '0560025', 'abcdef', '000000', '']) {
      const res = await estimate(`pin=${pin}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].message).toBe('Please enter a valid 6-digit PIN code');
    }
    expect((await estimate('')).statusCode).toBe(400);
  });

  it('refuses an order to an unserved PIN code at initiate-order, before any order or payment exists', async () => {
    const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
    const email = `buyer-${uid()}@example.in`;
    const body = orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }], {
      customerEmail: email,
      shippingAddress: {
        ...orderBody('', []).shippingAddress,
        city: 'New Delhi',
        state: 'Delhi',
        postalCode: '110001',
      },
    });
    const res = await initiate(t.app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      message: DELIVERY_TEXT.unserviceable('110001'),
      issues: [{ path: 'shippingAddress.postalCode', message: DELIVERY_TEXT.unserviceable('110001') }],
    });
    const [placed] = await t.db.select({ n: count() }).from(orders).where(eq(orders.customerEmail, email));
    expect(placed!.n).toBe(0);
    // A served PIN code goes through.
    expect(
      (await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))).statusCode,
    ).toBe(200);
  });

  it('answers 503 while the courier is down, and does not stop an order then', async () => {
    fake.state.down = true;
    try {
      const res = await estimate(`pin=700001&vendorSlug=${vendorSlug}`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: DELIVERY_TEXT.unavailable });
      const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
      const body = orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }], {
        shippingAddress: {
          ...orderBody('', []).shippingAddress,
          city: 'Kolkata',
          state: 'West Bengal',
          postalCode: '700001',
        },
      });
      expect((await initiate(t.app, body)).statusCode).toBe(200);
    } finally {
      fake.state.down = false;
    }
  });
});
