import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createProduct } from '../../../test/factories';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { stockOf } from '../../../test/payment-journey';
import { reserveLines, returnOrderStock } from './stock.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const address = {
  fullName: 'A',
  street: 's',
  city: 'c',
  state: 'st',
  country: 'India',
  postalCode: '110001',
  phone: '9876543210',
};

/** A cancelled order whose lines were written highest product id first. */
async function cancelledOrder(productIds: number[]) {
  const [order] = await database.db
    .insert(orders)
    .values({
      orderNumber: `S-${Math.random().toString(36).slice(2, 10)}`,
      vendorSlug: 'x',
      customerName: 'Buyer',
      customerEmail: 'b@example.in',
      customerPhone: '9876543210',
      shippingAddress: address,
      totalAmountPaise: 100,
      finalAmountPaise: 100,
      status: 'CANCELLED',
      stockReleased: true,
    })
    .returning();
  for (const productId of [...productIds].sort((a, b) => b - a)) {
    await database.db.insert(orderItems).values({
      orderId: order!.id,
      productId,
      productSku: 'x',
      productName: 'x',
      quantity: 1,
      priceAtTimePaise: 100,
      totalPricePaise: 100,
    });
  }
  return order!.id;
}

describe('the stock owner', () => {
  it('cancellations returning stock and new orders reserving the same products never deadlock, and stock adds up', async () => {
    const a = await createProduct(database.db, { stock: 100 });
    const b = await createProduct(database.db, { stock: 100 });
    const late = await Promise.all(Array.from({ length: 10 }, () => cancelledOrder([a.id, b.id])));
    const work = [
      ...late.map((id) => database.db.transaction((tx) => returnOrderStock(tx, id).then(() => true))),
      ...Array.from({ length: 10 }, () =>
        database.db.transaction((tx) =>
          reserveLines(tx, [
            { productId: b.id, quantity: 1, name: b.name },
            { productId: a.id, quantity: 1, name: a.name },
          ]).then(() => true),
        ),
      ),
    ];
    expect(await Promise.all(work)).toEqual(Array.from({ length: 20 }, () => true));
    expect((await stockOf(database.db, a.id)).stock).toBe(100);
    expect((await stockOf(database.db, b.id)).stock).toBe(100);
  });
});
