import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import { orderItems, orders, shipmentLines, shipments, vendorEarnings } from '../src/db/schema';
import type { PayoutProvider, PayoutState, PayoutStatus, PayoutUpdate } from '../src/lib/payout-provider';
import { PayoutProviderUnavailableError } from '../src/lib/payout-provider';
import { createProduct } from './factories';

/** A paid order line with its earning, as the payment flow records it (commission in paise, per unit). */
export async function earn(db: Db, vendorId: number, commissionPaise: number, at: Date, units = 1) {
  const product = await createProduct(db);
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `S-${randomBytes(5).toString('hex')}`,
      vendorId,
      vendorSlug: 'x',
      customerName: 'Buyer',
      customerEmail: 'b@example.in',
      customerPhone: '9876543210',
      shippingAddress: {
        fullName: 'B',
        street: 's',
        city: 'c',
        state: 'st',
        country: 'India',
        postalCode: '110001',
        phone: '9876543210',
      },
      totalAmountPaise: 100_000 * units,
      finalAmountPaise: 100_000 * units,
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId: product.id,
      productSku: product.sku,
      productName: product.name,
      quantity: units,
      priceAtTimePaise: 100_000,
      totalPricePaise: 100_000 * units,
      vendorCommissionPaise: commissionPaise,
    })
    .returning();
  const earning = {
    vendorId,
    orderId: order!.id,
    orderItemId: item!.id,
    units,
    amountPaise: units * commissionPaise,
    revenuePaise: 100_000 * units,
    createdAt: at,
  };
  await db.insert(vendorEarnings).values(earning);
  return { ...earning, orderNumber: order!.orderNumber };
}

/** A reversal of part of an earning (as a refund records it), at a time. */
export async function reverse(
  db: Db,
  e: { vendorId: number; orderId: string; orderItemId: number },
  commissionPaise: number,
  at: Date,
) {
  await db.insert(vendorEarnings).values({
    vendorId: e.vendorId,
    orderId: e.orderId,
    orderItemId: e.orderItemId,
    kind: 'REVERSAL',
    units: 0,
    amountPaise: -commissionPaise,
    revenuePaise: 0,
    createdAt: at,
  });
}

/**
 * The order's parcel, delivered at `at`, listing no lines (as parcels made before parcels listed their
 * lines): it delivers the order as a whole.
 */
export async function deliver(db: Db, orderId: string, at: Date) {
  await deliverParcel(db, orderId, [], at);
}

/**
 * A payout provider for tests: idempotent by reference like the real ones, counting what it was asked;
 * `outage` makes it unreachable, `answer` sets the state new payouts take, `mode` may be manual.
 */
export function fakePayoutProvider(mode: PayoutProvider['mode'] = 'sandbox') {
  const made = new Map<string, PayoutState & { amountPaise: number }>();
  const state = { outage: false, answer: 'PROCESSED' as PayoutStatus, calls: 0 };
  const provider: PayoutProvider = {
    mode,
    verifyAccount: async () => ({ status: 'UNSUPPORTED' }),
    checkStatus: async (providerRef) => ({ status: 'PENDING', providerRef }),
    async createPayout(req) {
      state.calls += 1;
      if (state.outage) throw new PayoutProviderUnavailableError();
      const existing = made.get(req.reference);
      if (existing) return existing;
      const created = {
        providerPayoutId: `pout_${made.size + 1}_${req.reference}`,
        status: mode === 'manual' ? ('QUEUED' as const) : state.answer,
        utr: state.answer === 'PROCESSED' && mode !== 'manual' ? `UTR${made.size + 1}X` : null,
        failureReason: null,
        amountPaise: req.amountPaise,
      };
      made.set(req.reference, created);
      return created;
    },
    async getPayout(id) {
      if (state.outage) throw new PayoutProviderUnavailableError();
      const found = [...made.values()].find((p) => p.providerPayoutId === id);
      return found ?? { providerPayoutId: id, status: 'FAILED', utr: null, failureReason: 'unknown' };
    },
    verifyWebhook: (headers) => headers['x-test-signature'] === 'good',
    parseWebhook: (body) => {
      const events = (body as { events?: Array<Omit<PayoutUpdate, 'at'>> }).events;
      return Array.isArray(events) ? events.map((e) => ({ ...e, at: new Date() })) : [];
    },
  };
  return { provider, made, state };
}

/** Another line of the same order, with its earning (a multi-parcel order's second piece). */
export async function earnLine(
  db: Db,
  e: { vendorId: number; orderId: string; orderNumber: string },
  commissionPaise: number,
  at: Date,
) {
  const product = await createProduct(db);
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: e.orderId,
      productId: product.id,
      productSku: product.sku,
      productName: product.name,
      quantity: 1,
      priceAtTimePaise: 100_000,
      totalPricePaise: 100_000,
      vendorCommissionPaise: commissionPaise,
    })
    .returning();
  const earning = {
    vendorId: e.vendorId,
    orderId: e.orderId,
    orderItemId: item!.id,
    units: 1,
    amountPaise: commissionPaise,
    revenuePaise: 100_000,
    createdAt: at,
  };
  await db.insert(vendorEarnings).values(earning);
  return { ...earning, orderNumber: e.orderNumber };
}

/**
 * A forward sandbox parcel of the order with these columns, carrying these order lines (all their
 * units unless said); with no lines, a parcel made before parcels listed their lines.
 */
export async function parcel(
  db: Db,
  orderId: string,
  columns: Partial<typeof shipments.$inferInsert> = {},
  lines: Array<{ orderItemId: number; units?: number }> = [],
) {
  const [row] = await db
    .insert(shipments)
    .values({
      orderId,
      carrierMode: 'sandbox',
      weightGrams: 100,
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 5,
      declaredValuePaise: 100_000,
      packedByName: 'Packer',
      sealNumber: 'SEAL-1',
      packedWeightGrams: 100,
      createdBy: 'test',
      ...columns,
    })
    .returning();
  if (lines.length > 0)
    await db
      .insert(shipmentLines)
      .values(
        lines.map((l) => ({ shipmentId: row!.id, orderItemId: l.orderItemId, quantity: l.units ?? 1 })),
      );
  return row!;
}

/** A parcel carrying the given order lines (all their units), delivered at `at`, or on its way when `at` is null. */
export async function deliverParcel(
  db: Db,
  orderId: string,
  lines: Array<{ orderItemId: number; units?: number }>,
  at: Date | null,
) {
  return parcel(db, orderId, { status: at ? 'DELIVERED' : 'IN_TRANSIT', deliveredAt: at }, lines);
}
