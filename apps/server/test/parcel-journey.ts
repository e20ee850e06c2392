import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ShipmentView } from '@zevar/domain';
import { orderItems, orders, productPieces } from '../src/db/schema';
import { createProduct, createVendor, type Actor } from './factories';
import { orderBody, payForOrder } from './payment-journey';
import type { TestApp } from './test-app';

/**
 * A paid order of hallmarked pieces, packed, booked with the sandbox carrier and moved along the
 * courier's steps (returned-to-origin parcels and returns, docs/decisions/0046).
 */
export function parcelJourney(t: TestApp, admin: () => Actor) {
  async function paidOrder(opts: { units?: number; pricePaise?: number; commissionPaise?: number } = {}) {
    const units = opts.units ?? 2;
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const product = await createProduct(t.db, {
      pricePaise: opts.pricePaise ?? 500_000,
      stock: units + 1,
      vendorCommissionPaise: opts.commissionPaise ?? 20_000,
      hallmarked: true,
    });
    const huids = Array.from({ length: units + 1 }, (_, i) =>
      `H${i}${product.id}`.padEnd(6, 'X').slice(0, 6).toUpperCase(),
    );
    await t.db.insert(productPieces).values(huids.map((huid) => ({ productId: product.id, huid })));
    const init = await payForOrder(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: units }]),
    );
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, init.orderId));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    return { ...init, product, itemId: item!.id, huids: item!.huids, paymentId: order!.paymentId! };
  }

  async function shipped(o: Awaited<ReturnType<typeof paidOrder>>, steps: string[]): Promise<ShipmentView> {
    const packed = await t.app.inject({
      method: 'POST',
      url: `/api/shipping/orders/${o.orderNumber}/shipments`,
      headers: admin().headers,
      payload: {
        lines: [{ orderItemId: o.itemId, quantity: o.huids.length }],
        huids: o.huids,
        sealNumber: 'SEAL-RT1',
        packedWeightGrams: 250,
        lengthCm: 15,
        breadthCm: 12,
        heightCm: 8,
      },
    });
    expect(packed.statusCode, packed.body).toBe(201);
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/shipping/shipments/${(packed.json() as ShipmentView).id}/book`,
      headers: admin().headers,
      payload: {},
    });
    expect(booked.json().status, booked.body).toBe('BOOKED');
    const s = booked.json() as ShipmentView;
    await advance(s.awb!, steps);
    return s;
  }

  async function advance(awb: string, steps: string[]) {
    for (const type of steps) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/shipping/sandbox/${awb}/events`,
        headers: admin().headers,
        payload: { type, ...(type === 'DELIVERED' ? { weightGrams: 250 } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  return { paidOrder, shipped, advance };
}
