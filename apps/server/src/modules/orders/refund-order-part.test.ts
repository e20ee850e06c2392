import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AdminOrderDetail } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createCoupon,
  createProduct,
  createVendor,
  type Actor,
} from '../../../test/factories';
import {
  payForOrder,
  initiate,
  orderBody,
  sandboxGatewayOf,
  stockOf,
  switchableGateway,
  testContext,
  type PaymentGateway,
} from '../../../test/payment-journey';
import {
  coupons,
  orderItems,
  orderStatusHistory,
  orders,
  productPieces,
  refunds,
  sandboxRefunds,
  taxDocuments,
  vendorEarnings,
} from '../../db/schema';
import { reconcilePayments } from '../payments';

const MUMBAI = {
  fullName: 'Meera Shah',
  street: '4 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  country: 'India',
  postalCode: '400020',
  phone: '9876543210',
};

describe('partial refunds of a paid order', () => {
  let t: TestApp;
  let admin: Actor;
  let inner: PaymentGateway;
  const sw = switchableGateway(() => inner);
  beforeAll(async () => {
    t = await createTestApp({ payments: sw.gateway });
    inner = sandboxGatewayOf(t.db, t.config);
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
  });
  afterAll(async () => t.close());

  /** A paid order of 2 hallmarked rings (₹5,000 each, ₹200 commission) and 1 pendant (₹3,000, ₹100). */
  async function paidOrder(opts: { coupon?: string; intraState?: boolean } = {}) {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const ring = await createProduct(t.db, {
      pricePaise: 500_000,
      stock: 3,
      vendorCommissionPaise: 20_000,
      hallmarked: true,
    });
    const huids = ['R1' + ring.id, 'R2' + ring.id, 'R3' + ring.id].map((h) =>
      h.padEnd(6, 'X').slice(0, 6).toUpperCase(),
    );
    await t.db.insert(productPieces).values(huids.map((huid) => ({ productId: ring.id, huid })));
    const pendant = await createProduct(t.db, {
      pricePaise: 300_000,
      stock: 2,
      vendorCommissionPaise: 10_000,
    });
    const extra = {
      ...(opts.coupon ? { appliedCoupons: [opts.coupon] } : {}),
      ...(opts.intraState ? { shippingAddress: MUMBAI } : {}),
    };
    const init = await payForOrder(
      t.app,
      orderBody(
        vendor.slug,
        [
          { productSku: ring.sku, quantity: 2 },
          { productSku: pendant.sku, quantity: 1 },
        ],
        extra,
      ),
    );
    const detail = await t.app.inject({
      url: `/api/orders/admin/${init.orderNumber}`,
      headers: admin.headers,
    });
    const items = detail.json().orderItems as Array<{ id: number; productSku: string }>;
    const [o] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    return {
      ...init,
      ring,
      pendant,
      ringLine: items.find((i) => i.productSku === ring.sku)!.id,
      pendantLine: items.find((i) => i.productSku === pendant.sku)!.id,
      paymentId: o!.paymentId!,
      finalPaise: o!.finalAmountPaise,
    };
  }

  function refund(orderNumber: string, body: object, who: Actor = admin) {
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/refunds`,
      headers: who.headers,
      payload: {
        reason: 'Scratched clasp',
        idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
        ...body,
      },
    });
  }
  const gatewayRefunds = (paymentId: string) =>
    t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, paymentId));
  const creditNotes = (orderId: string) =>
    t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'CREDIT_NOTE')));
  const reversals = (orderId: string) =>
    t.db
      .select()
      .from(vendorEarnings)
      .where(and(eq(vendorEarnings.orderId, orderId), eq(vendorEarnings.kind, 'REVERSAL')));

  it('refunds one ring of two through the gateway once (double submit and replay too): its credit note, its commission, its piece back on the shelf', async () => {
    const o = await paidOrder({ intraState: true });
    const body = {
      lines: [{ orderItemId: o.ringLine, quantity: 1 }],
      restock: true,
      idempotencyKey: `dbl-${o.orderId}`,
    };
    const [first, second] = await Promise.all([refund(o.orderNumber, body), refund(o.orderNumber, body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const replay = await refund(o.orderNumber, body);
    expect(replay.statusCode).toBe(200);

    expect(await gatewayRefunds(o.paymentId)).toHaveLength(1);
    expect((await gatewayRefunds(o.paymentId))[0]!.amountPaise).toBe(500_000);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'PROCESSED',
        amountPaise: 500_000,
        partial: true,
        requestedBy: admin.username,
      }),
    ]);

    // The order stays paid and shippable for the rest, and shows what was refunded.
    const detail = replay.json();
    expect(detail).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
    expect(detail.refunds).toMatchObject({ refunded: 5000, pending: 0, refundable: 8000 });
    expect(detail.refunds.refunds[0]).toMatchObject({
      amount: 5000,
      status: 'PROCESSED',
      reason: 'Scratched clasp',
      restock: true,
      lines: [{ orderItemId: o.ringLine, units: 1, amount: 5000 }],
      creditNote: { number: expect.any(String) },
    });
    const steps = detail.statusHistory.filter((h: { field: string }) => h.field === 'refund');
    expect(steps).toEqual([
      expect.objectContaining({ to: 'REQUESTED', actor: admin.username, reason: 'Scratched clasp' }),
      expect.objectContaining({
        from: 'REQUESTED',
        to: 'PROCESSED',
        reference: expect.stringMatching(/^rfnd_/),
      }),
    ]);

    // A credit note for exactly that part, split CGST + SGST like the (intra-state) invoice.
    const [note] = await creditNotes(o.orderId);
    expect(note!.totalPaise).toBe(500_000);
    expect(note!.content.totals.igstPaise).toBe(0);
    expect(note!.content.totals.cgstPaise).toBeGreaterThan(0);
    expect(Math.abs(note!.content.totals.cgstPaise - note!.content.totals.sgstPaise)).toBeLessThanOrEqual(1);
    expect(note!.taxablePaise + note!.taxPaise).toBe(500_000);
    expect(note!.content.lines).toHaveLength(1);
    expect(note!.content.lines[0]).toMatchObject({ quantity: 1, totalPaise: 500_000 });

    // Exactly one ring's commission reversed, tied to the refund.
    expect(await reversals(o.orderId)).toEqual([
      expect.objectContaining({
        orderItemId: o.ringLine,
        units: -1,
        amountPaise: -20_000,
        refundId: rows[0]!.id,
      }),
    ]);

    // One ring and its piece are back on the shelf; the sale counts one less.
    expect(await stockOf(t.db, o.ring.id)).toEqual({ stock: 2, sales: 1 });
    const onShelf = await t.db.select().from(productPieces).where(eq(productPieces.productId, o.ring.id));
    expect(onShelf.filter((p) => p.orderItemId === null)).toHaveLength(2);
  });

  it('a refund of the last units not shipped moves the order along its shipments: SHIPPED while the rest is on its way, DELIVERED once it is delivered', async () => {
    const statusOf = async (id: string) =>
      (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
    const cases = [
      { steps: ['PICKED_UP'], expected: 'SHIPPED' },
      { steps: ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'], expected: 'DELIVERED' },
    ] as const;
    for (const { steps, expected } of cases) {
      const o = await paidOrder();
      const [ring] = await t.db.select().from(orderItems).where(eq(orderItems.id, o.ringLine));
      const packed = await t.app.inject({
        method: 'POST',
        url: `/api/shipping/orders/${o.orderNumber}/shipments`,
        headers: admin.headers,
        payload: {
          lines: [{ orderItemId: o.ringLine, quantity: 2 }],
          huids: ring!.huids,
          sealNumber: 'SEAL-PART-1',
          packedWeightGrams: 250,
          lengthCm: 15,
          breadthCm: 12,
          heightCm: 8,
        },
      });
      expect(packed.statusCode, packed.body).toBe(201);
      const booked = await t.app.inject({
        method: 'POST',
        url: `/api/shipping/shipments/${packed.json().id}/book`,
        headers: admin.headers,
        payload: {},
      });
      expect(booked.json().status, booked.body).toBe('BOOKED');
      for (const type of steps) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/shipping/sandbox/${booked.json().awb}/events`,
          headers: admin.headers,
          payload: { type, ...(type === 'DELIVERED' ? { weightGrams: 250 } : {}) },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // The pendant is still to be packed: the order waits.
      expect(await statusOf(o.orderId)).toBe('PROCESSING');

      const res = await refund(o.orderNumber, {
        lines: [{ orderItemId: o.pendantLine, quantity: 1 }],
        restock: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await statusOf(o.orderId)).toBe(expected);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, o.orderId), eq(orderStatusHistory.field, 'status')));
      expect(history.map((h) => h.toValue)).toContain(expected);
      expect(history.find((h) => h.toValue === expected)!.actor).toBe(`refund:${admin.username}`);
    }
  });

  it('refunds an amount: shared over the lines (coupon included) to the paisa, IGST like the invoice, commission in proportion', async () => {
    const coupon = await createCoupon(t.db, { discountPaise: 10_000 });
    const o = await paidOrder({ coupon: coupon.code });
    expect(o.finalPaise).toBe(1_290_000);
    const res = await refund(o.orderNumber, { amount: 1290.01 });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await creditNotes(o.orderId);
    expect(note!.totalPaise).toBe(129_001);
    expect(note!.content.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
    expect(note!.content.totals.igstPaise + note!.content.totals.taxablePaise).toBe(129_001);
    // The ring line charged 992,308 of 1,290,000 (its coupon share is 7,692): its share of the refund.
    const rev = await reversals(o.orderId);
    const ring = rev.find((r) => r.orderItemId === o.ringLine)!;
    const pendant = rev.find((r) => r.orderItemId === o.pendantLine)!;
    expect(-ring.revenuePaise - pendant.revenuePaise).toBe(129_001);
    expect(ring.units).toBe(0);
    expect(-ring.amountPaise).toBe(Math.floor((40_000 * -ring.revenuePaise) / 992_308));
    // No stock moves for a refund of money alone.
    expect(await stockOf(t.db, o.ring.id)).toEqual({ stock: 1, sales: 2 });
  });

  it('refuses a refund above what is left (409), also when two race for the last of it; unknown lines and too many units are 400', async () => {
    const o = await paidOrder();
    const tooMuch = await refund(o.orderNumber, { amount: 13_000.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/more than what is left/);
    const racing = await Promise.all([
      refund(o.orderNumber, { amount: 7000 }),
      refund(o.orderNumber, { amount: 7000 }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await gatewayRefunds(o.paymentId)).reduce((s, r) => s + r.amountPaise, 0)).toBe(700_000);
    const units = await refund(o.orderNumber, { lines: [{ orderItemId: o.ringLine, quantity: 3 }] });
    expect(units.statusCode).toBe(400);
    const foreign = await refund(o.orderNumber, { lines: [{ orderItemId: 999_999, quantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    const both = await refund(o.orderNumber, {
      amount: 1,
      lines: [{ orderItemId: o.ringLine, quantity: 1 }],
    });
    expect(both.statusCode).toBe(400);
  });

  it('without restock the pieces stay out of stock, also when the rest of the order is cancelled later; a named HUID must be the line’s', async () => {
    const o = await paidOrder();
    const [ringRow] = await t.db
      .select()
      .from(productPieces)
      .where(and(eq(productPieces.productId, o.ring.id), isNotNull(productPieces.orderItemId)));
    const wrong = await refund(o.orderNumber, {
      lines: [{ orderItemId: o.ringLine, quantity: 1, huids: ['ZZZZZZ'] }],
    });
    expect(wrong.statusCode).toBe(400);
    const res = await refund(o.orderNumber, {
      lines: [{ orderItemId: o.ringLine, quantity: 1, huids: [ringRow!.huid] }],
      restock: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t.db, o.ring.id)).toEqual({ stock: 1, sales: 1 });
    // What the cancel dialog names: what is left, which is what the cancellation refunds.
    const left = (res.json() as AdminOrderDetail).refunds!.refundable;
    expect(left).toBeLessThan(o.finalPaise / 100);
    const before = (await gatewayRefunds(o.paymentId)).map((r) => r.id);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`,
      headers: admin.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    // The other ring comes back; the refunded one (kept out) does not.
    expect(await stockOf(t.db, o.ring.id)).toEqual({ stock: 2, sales: 0 });
    const [kept] = await t.db.select().from(productPieces).where(eq(productPieces.huid, ringRow!.huid));
    expect(kept!.orderItemId).toBe(o.ringLine);
    expect(await stockOf(t.db, o.pendant.id)).toEqual({ stock: 2, sales: 0 });
    const refunds = await gatewayRefunds(o.paymentId);
    expect(refunds.filter((r) => !before.includes(r.id)).map((r) => r.amountPaise)).toEqual([left * 100]);
    expect(refunds.reduce((s, r) => s + r.amountPaise, 0)).toBe(o.finalPaise);
  });

  it('several partial refunds that take everything end the order as a full cancel does: credit notes add up to the invoice, the ledger to zero, the coupon use back', async () => {
    const coupon = await createCoupon(t.db, { discountPaise: 10_000 });
    const o = await paidOrder({ coupon: coupon.code, intraState: true });
    for (const body of [
      { amount: 1234.57 },
      { lines: [{ orderItemId: o.ringLine, quantity: 1 }], restock: true },
      { lines: [{ orderItemId: o.pendantLine, quantity: 1 }], restock: true },
    ])
      expect((await refund(o.orderNumber, body)).statusCode).toBe(200);
    const last = await refund(o.orderNumber, {
      lines: [{ orderItemId: o.ringLine, quantity: 1 }],
      restock: true,
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect(last.json().refunds).toMatchObject({ refunded: 12_900, refundable: 0 });
    expect((await refund(o.orderNumber, { amount: 1 })).statusCode).toBe(409);

    const [invoice] = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, o.orderId), eq(taxDocuments.kind, 'INVOICE')));
    const notes = await creditNotes(o.orderId);
    expect(notes).toHaveLength(4);
    const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'totalPaise') =>
      notes.reduce((s, n) => s + n.content.totals[k], 0);
    expect(sum('totalPaise')).toBe(invoice!.totalPaise);
    expect(sum('taxablePaise')).toBe(invoice!.content.totals.taxablePaise);
    expect(sum('cgstPaise')).toBe(invoice!.content.totals.cgstPaise);
    expect(sum('sgstPaise')).toBe(invoice!.content.totals.sgstPaise);
    const ledger = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, o.orderId));
    expect(ledger.reduce((s, r) => s + r.amountPaise, 0)).toBe(0);
    expect(ledger.reduce((s, r) => s + r.units, 0)).toBe(0);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(0);
    expect(await stockOf(t.db, o.ring.id)).toEqual({ stock: 3, sales: 0 });
  });

  it('a gateway that is down, or loses its answer after refunding, loses nothing and refunds nothing twice: the reconciler finishes it', async () => {
    const o = await paidOrder();
    sw.mode.down = true;
    const res = await refund(o.orderNumber, {
      lines: [{ orderItemId: o.pendantLine, quantity: 1 }],
      restock: true,
    });
    sw.mode.down = false;
    expect(res.statusCode).toBe(200);
    expect(res.json().refunds).toMatchObject({ pending: 3000, refunded: 0 });
    const [asked] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(asked).toMatchObject({ status: 'REQUESTED', providerRefundId: null });
    expect(await gatewayRefunds(o.paymentId)).toHaveLength(0);
    // Nothing else may be refunded beyond what is left meanwhile.
    expect((await refund(o.orderNumber, { amount: 10_000.01 })).statusCode).toBe(409);

    const ctx = testContext(t.db, t.config, () => new Date(), sw.gateway);
    await reconcilePayments(ctx);
    const [done] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(done!.status).toBe('PROCESSED');
    expect(await gatewayRefunds(o.paymentId)).toHaveLength(1);
    expect(await creditNotes(o.orderId)).toHaveLength(1);

    // The gateway takes the next refund but the answer is lost: the reconciler asks with the same key.
    sw.mode.loseAnswer = true;
    const lost = await refund(o.orderNumber, {
      lines: [{ orderItemId: o.ringLine, quantity: 1 }],
      restock: true,
    });
    expect(lost.statusCode).toBe(200);
    const second = (await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).find(
      (r) => r.id !== done!.id,
    )!;
    expect(second.status).toBe('REQUESTED');
    await reconcilePayments(ctx);
    await reconcilePayments(ctx);
    const made = await gatewayRefunds(o.paymentId);
    expect(made.map((r) => r.amountPaise).sort()).toEqual([300_000, 500_000]);
    const keys = sw.calls.filter((c) => c.idempotencyKey?.startsWith(`zevar-refund-${second.id}-`));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys.map((k) => k.idempotencyKey)).size).toBe(1);
    expect(await creditNotes(o.orderId)).toHaveLength(2);
    const reversed = await reversals(o.orderId);
    expect(reversed.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual([-20_000, -10_000]);
  });

  it('a failed partial refund is asked again on its own row: the money once, no second reversal', async () => {
    const o2 = await paidOrder();
    sw.mode.down = true;
    await refund(o2.orderNumber, { amount: 100 });
    sw.mode.down = false;
    const [r2] = await t.db.select().from(refunds).where(eq(refunds.orderId, o2.orderId));
    await t.db
      .update(refunds)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(refunds.id, r2!.id));
    await reconcilePayments(testContext(t.db, t.config, () => new Date(), sw.gateway));
    const detail = await t.app.inject({ url: `/api/orders/admin/${o2.orderNumber}`, headers: admin.headers });
    expect(detail.json().refunds.refunds[0]).toMatchObject({ status: 'FAILED' });
    expect(detail.json().paymentStatus).toBe('CAPTURED');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o2.orderNumber}/refunds/${r2!.id}/retry`,
      headers: admin.headers,
      payload: { reason: 'Bank asked us to retry' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refunds.refunds[0]).toMatchObject({ status: 'PROCESSED', amount: 100 });
    expect(await gatewayRefunds(o2.paymentId)).toHaveLength(1);
    expect(await reversals(o2.orderId)).toHaveLength(2);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o2.orderNumber}/refunds/${r2!.id}/retry`,
      headers: admin.headers,
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('needs MANAGE_ORDERS and a recent password proof; refuses an unpaid order', async () => {
    const o = await paidOrder();
    const viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    expect((await refund(o.orderNumber, { amount: 1 }, viewer)).statusCode).toBe(403);
    const later = await createTestApp({
      database: t.database,
      now: () => new Date(Date.now() + 6 * 60_000),
      payments: sw.gateway,
    });
    try {
      const stale = await later.app.inject({
        method: 'POST',
        url: `/api/orders/${o.orderNumber}/refunds`,
        headers: admin.headers,
        payload: { amount: 1, reason: 'x', idempotencyKey: 'stale-proof-1' },
      });
      expect(stale.json().code).toBe('REAUTH_REQUIRED');
    } finally {
      await later.app.close();
    }
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const product = await createProduct(t.db);
    const unpaid = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
    const u = unpaid.json() as { orderNumber: string };
    expect((await refund(u.orderNumber, { amount: 1 })).statusCode).toBe(409);
  });
});
