import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminRole, AdminToday } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createMetal,
  createProduct,
  createVendor,
  type Actor,
} from '../../../test/factories';
import { deliver, earn, parcel } from '../../../test/settlement-fixtures';
import type { Db } from '../../db/client';
import { emailOutbox, metalRateHistory, orderItems, orders, returnRequests } from '../../db/schema';

const DAY = 86_400_000;
/** 10:30 in India on 26 November 2026: the business day started at 2026-11-25T18:30Z. */
let clock = new Date('2026-11-26T05:00:00Z');

type OrderOverrides = Partial<typeof orders.$inferInsert>;

async function order(db: Db, o: OrderOverrides = {}, withLine = false) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `T-${randomBytes(5).toString('hex')}`,
      vendorSlug: 'x',
      customerName: 'Asha',
      customerEmail: 'asha@example.in',
      customerPhone: '9876543210',
      shippingAddress: {
        fullName: 'Asha',
        street: 's',
        city: 'c',
        state: 'Rajasthan',
        country: 'India',
        postalCode: '302001',
        phone: '9876543210',
      },
      totalAmountPaise: 100_000,
      finalAmountPaise: 100_000,
      status: 'DELIVERED',
      paymentStatus: 'CAPTURED',
      ...o,
    })
    .returning();
  if (withLine) {
    const product = await createProduct(db);
    await db.insert(orderItems).values({
      orderId: row!.id,
      productId: product.id,
      productSku: product.sku,
      productName: product.name,
      quantity: 1,
      priceAtTimePaise: 100_000,
      totalPricePaise: 100_000,
      vendorCommissionPaise: 0,
    });
  }
  return row!;
}

const at = (iso: string) => new Date(iso);

describe('admin home: what needs doing today', () => {
  let t: TestApp;
  let superAdmin: Actor;
  const read = async (who: Actor) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/today', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as AdminToday;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    superAdmin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const { db } = t;

    // Sales, around the business day's and month's first instants (India is UTC+5:30).
    await order(db, { paymentDate: at('2026-11-25T18:30:00.000Z'), finalAmountPaise: 250_050 }); // 00:00 today
    await order(db, { paymentDate: at('2026-11-26T04:59:00.000Z'), finalAmountPaise: 100_000 }); // today
    await order(db, { paymentDate: at('2026-11-25T18:29:59.999Z'), finalAmountPaise: 70_000 }); // 23:59 yesterday
    await order(db, { paymentDate: at('2026-10-31T18:30:00.000Z'), finalAmountPaise: 30_000 }); // 00:00 1 Nov
    await order(db, { paymentDate: at('2026-10-31T18:29:59.000Z'), finalAmountPaise: 999_999 }); // 31 Oct
    // Not paid: never a sale.
    await order(db, {
      paymentDate: null,
      status: 'PENDING',
      paymentStatus: 'PENDING',
      createdAt: at('2026-11-26T04:00:00Z'),
    });
    // Refunds: one failed at the gateway, one waiting for it (both paid in October).
    await order(db, {
      paymentDate: at('2026-10-10T10:00:00Z'),
      paymentStatus: 'REFUND_FAILED',
      status: 'CANCELLED',
    });
    await order(db, {
      paymentDate: at('2026-10-10T10:00:00Z'),
      paymentStatus: 'REFUND_PENDING',
      status: 'CANCELLED',
    });

    // Fulfilment: two orders to pack; one packed parcel to ship, one failed delivery (an exception).
    await order(db, { status: 'CONFIRMED', paymentDate: at('2026-10-01T10:00:00Z') }, true);
    await order(db, { status: 'PROCESSING', paymentDate: at('2026-10-01T10:00:00Z') }, true);
    const shipped = await order(db, { status: 'PROCESSING', paymentDate: at('2026-10-01T10:00:00Z') });
    await parcel(db, shipped.id, { status: 'PACKED' });
    const failed = await order(db, { status: 'SHIPPED', paymentDate: at('2026-10-01T10:00:00Z') });
    await parcel(db, failed.id, { status: 'DELIVERY_FAILED', lastEventAt: at('2026-11-26T01:00:00Z') });

    // Stock: active low (1..9) and out; a draft and an archived one are not counted.
    await createProduct(db, { stock: 3 });
    await createProduct(db, { stock: 9 });
    await createProduct(db, { stock: 0 });
    await createProduct(db, { stock: 0, status: 'draft' });
    await createProduct(db, { stock: 2, status: 'archived' });

    // Returns: one to decide, one already approved.
    const returned = await order(db, { paymentDate: at('2026-09-01T10:00:00Z') });
    for (const status of ['REQUESTED', 'APPROVED'] as const)
      await db.insert(returnRequests).values({
        orderId: returned.id,
        status,
        lines: [],
        reason: 'Too small',
        requestKey: randomBytes(6).toString('hex'),
      });

    // Mail: one failed, one retrying after a failure, one sent, one not tried yet.
    const mail = (status: 'PENDING' | 'SENT' | 'FAILED', attempts: number) => ({
      dedupeKey: randomBytes(6).toString('hex'),
      toAddress: 'x@example.in',
      subject: 's',
      html: '<p>x</p>',
      status,
      attempts,
    });
    await db
      .insert(emailOutbox)
      .values([mail('FAILED', 5), mail('PENDING', 2), mail('SENT', 1), mail('PENDING', 0)]);

    // Payouts: a vendor's commission of ₹123.45, delivered long ago, is payable.
    const vendor = await createVendor(t.app, db);
    const earned = await earn(db, vendor.id, 12_345, new Date(clock.getTime() - 40 * DAY));
    await deliver(db, earned.orderId, new Date(clock.getTime() - 30 * DAY));
    await db.update(orders).set({ status: 'DELIVERED' }).where(eq(orders.id, earned.orderId));
  });
  afterAll(async () => t.close());

  it('gives the exact figures of every group to a super admin, days and months in the business timezone', async () => {
    const metal = await createMetal(t.db);
    await t.db.insert(metalRateHistory).values({
      metalId: metal.id,
      newRatePaise: 700_000,
      changedBy: 'admin',
      changedAt: at('2026-11-25T18:45:00Z'), // 00:15 today in India
    });
    const today = await read(superAdmin);
    expect(today.businessDate).toBe('2026-11-26');
    expect(today.sales).toEqual({
      today: { orders: 2, amount: 3500.5 },
      month: { orders: 4, amount: 4500.5 },
    });
    expect(today.fulfilment).toEqual({ toPack: 2, toShip: 1, exceptions: 1 });
    expect(today.stock).toEqual({ low: 2, out: 1 });
    expect(today.returns).toEqual({ toDecide: 1 });
    expect(today.refunds).toEqual({ failed: 1, pending: 1 });
    expect(today.mail).toEqual({ failing: 2 });
    // The test database never ran the job queue: no failed runs, not an error.
    expect(today.jobs).toEqual({ failed: 0 });
    expect(today.payouts).toEqual({ vendors: 1, payable: 123.45, tdsDue: 0, tdsDueOn: null, tdsOverdue: 0 });
    expect(today.rates).toEqual({ lastEnteredAt: '2026-11-25T18:45:00.000Z', fresh: true });
  });

  it('starts a new day at midnight in India: sales of the day go back to zero, rates entered the day before are stale', async () => {
    const metal = await createMetal(t.db);
    await t.db.insert(metalRateHistory).values({
      metalId: metal.id,
      newRatePaise: 690_000,
      changedBy: 'admin',
      changedAt: at('2026-11-25T10:00:00Z'), // 15:30 on the 25th in India
    });
    const before = clock;
    try {
      // 23:59 in India on the 26th is still the 26th; 00:00 on the 27th is a new day.
      clock = new Date('2026-11-26T18:29:00Z');
      const late = await read(await createAdminUser(t.app, t.db, ['SUPER_ADMIN']));
      expect(late.businessDate).toBe('2026-11-26');
      expect(late.sales?.today.orders).toBe(2);
      clock = new Date('2026-11-26T18:30:00Z');
      const next = await read(await createAdminUser(t.app, t.db, ['SUPER_ADMIN']));
      expect(next.businessDate).toBe('2026-11-27');
      expect(next.rates?.fresh).toBe(false);
      expect(next.sales?.today).toEqual({ orders: 0, amount: 0 });
      expect(next.sales?.month.orders).toBe(4);
    } finally {
      clock = before;
    }
  });

  it.each<[AdminRole[], string[]]>([
    [['MANAGE_ORDERS'], ['sales', 'fulfilment', 'returns', 'refunds']],
    [['VIEW_DETAILS'], ['sales', 'fulfilment']],
    [['MANAGE_PRODUCTS'], ['stock', 'rates']],
    [['MANAGE_VENDORS'], ['payouts']],
    [['MANAGE_CAROUSEL'], []],
    [
      ['SUPER_ADMIN'],
      ['sales', 'fulfilment', 'stock', 'rates', 'returns', 'refunds', 'payouts', 'mail', 'jobs'],
    ],
  ])('an admin with %j sees only %j', async (roles, groups) => {
    const admin = await createAdminUser(t.app, t.db, roles);
    const today = await read(admin);
    expect(
      Object.keys(today)
        .filter((k) => k !== 'businessDate' && k !== 'asOf')
        .sort(),
    ).toEqual([...groups].sort());
  });

  it('is refused to vendors and to anonymous callers', async () => {
    const vendor = await createVendor(t.app, t.db);
    const asVendor = await t.app.inject({ method: 'GET', url: '/api/admin/today', headers: vendor.headers });
    expect(asVendor.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/today' });
    expect(anonymous.statusCode).toBe(401);
  });
});
