import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RETURN_TEXT, type DeskRow, type ShipmentView } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, type Actor } from '../../../test/factories';
import {
  sandboxGatewayOf,
  stockOf,
  switchableGateway,
  testContext,
  type PaymentGateway,
} from '../../../test/payment-journey';
import { parcelJourney } from '../../../test/parcel-journey';
import {
  auditLog,
  productPieces,
  refunds,
  sandboxRefunds,
  taxDocuments,
  vendorEarnings,
} from '../../db/schema';
import { reconcilePayments } from '../payments';

describe('parcels returned to origin: inspected, back in stock, the buyer refunded once', () => {
  let t: TestApp;
  let admin: Actor;
  let viewer: Actor;
  let inner: PaymentGateway;
  const sw = switchableGateway(() => inner);
  beforeAll(async () => {
    t = await createTestApp({ payments: sw.gateway });
    inner = sandboxGatewayOf(t.db, t.config);
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
  });
  afterAll(async () => t.close());

  const inspect = (id: number, body: object, who: Actor = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/shipping/shipments/${id}/inspection`,
      headers: who.headers,
      payload: body,
    });
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
  /** The parcel's row in the fulfilment desk's exceptions, if listed. */
  const inExceptions = async (orderNumber: string) =>
    (
      (
        await t.app.inject({ url: '/api/shipping/desk?queue=EXCEPTIONS&size=100', headers: viewer.headers })
      ).json().content as DeskRow[]
    ).find((r) => r.orderNumber === orderNumber);
  const piecesOnShelf = async (productId: number, huids: string[]) =>
    (await t.db.select().from(productPieces).where(eq(productPieces.productId, productId))).filter(
      (p) => huids.includes(p.huid) && p.orderItemId === null,
    ).length;

  it('only a parcel returned to origin is inspected, and HUIDs must match what was packed', async () => {
    const o = await parcelJourney(t, () => admin).paidOrder();
    const s = await parcelJourney(t, () => admin).shipped(o, ['PICKED_UP', 'IN_TRANSIT']);
    const early = await inspect(s.id, { outcome: 'RESTOCK', huids: o.huids, weightGrams: 250 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RETURN_TEXT.rtoNotReturned);
    await parcelJourney(t, () => admin).advance(s.awb!, ['RETURNED_TO_ORIGIN']);

    const missing = await inspect(s.id, { outcome: 'RESTOCK', huids: [o.huids[0]], weightGrams: 250 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(RETURN_TEXT.huidsDontMatch);
    expect(missing.json().issues[0].message).toContain(o.huids[1]);
    const stranger = await inspect(s.id, {
      outcome: 'RESTOCK',
      huids: [...o.huids, 'ZZZZZ9'],
      weightGrams: 250,
    });
    expect(stranger.statusCode).toBe(400);
    expect(
      (await inspect(s.id, { outcome: 'RESTOCK', huids: o.huids, weightGrams: 250 }, viewer)).statusCode,
    ).toBe(403);
    expect((await inspect(s.id, { outcome: 'DISPUTED', huids: [], weightGrams: 90 })).statusCode).toBe(400);
    expect((await inspect(s.id, { outcome: 'NOPE', huids: [], weightGrams: 0 })).statusCode).toBe(400);
    // Nothing was refunded by the refused attempts.
    expect(await gatewayRefunds(o.paymentId)).toHaveLength(0);
  });

  it('RESTOCK: units and pieces back in stock, one refund (credit note, commission reversed) even when replayed or sent twice at once', async () => {
    const j = parcelJourney(t, () => admin);
    const o = await j.paidOrder();
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 1, sales: 2 });
    const s = await j.shipped(o, ['PICKED_UP', 'IN_TRANSIT', 'RETURNED_TO_ORIGIN']);
    expect((await inExceptions(o.orderNumber))?.shipment).toMatchObject({
      exception: 'RETURNED_TO_ORIGIN',
      inspectionOutcome: null,
    });
    const body = { outcome: 'RESTOCK', huids: o.huids, weightGrams: 252, note: 'Seal intact' };
    const [a, b] = await Promise.all([inspect(s.id, body), inspect(s.id, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const replay = await inspect(s.id, body);
    expect(replay.statusCode).toBe(200);
    const view = replay.json() as ShipmentView;
    // Settled: no longer an exception on the desk, nor on the order's shipment card.
    expect(view.exception).toBeNull();
    expect(await inExceptions(o.orderNumber)).toBeUndefined();
    expect(view.inspection).toMatchObject({
      outcome: 'RESTOCK',
      huids: o.huids,
      weightGrams: 252,
      weightMismatch: false,
      missingHuids: [],
      inspectedBy: admin.username,
      refundId: expect.any(Number),
    });

    expect(await gatewayRefunds(o.paymentId)).toHaveLength(1);
    const [r] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(r).toMatchObject({ status: 'PROCESSED', amountPaise: 1_000_000, restock: true });
    expect(await creditNotes(o.orderId)).toHaveLength(1);
    expect((await reversals(o.orderId)).reduce((x, e) => x + e.amountPaise, 0)).toBe(-40_000);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 3, sales: 0 });
    expect(await piecesOnShelf(o.product.id, o.huids)).toBe(2);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'shipment'), eq(auditLog.entityId, String(s.id))));
    expect(trail.filter((e) => e.action === 'inspect-returned-parcel')).toHaveLength(1);
    expect(trail[0]!.actorId).toBe(admin.id);
  });

  it('DAMAGED refunds without restocking; a gateway failing mid-way loses nothing and refunds once', async () => {
    const j = parcelJourney(t, () => admin);
    const o = await j.paidOrder({ units: 1 });
    const s = await j.shipped(o, ['PICKED_UP', 'IN_TRANSIT', 'RETURNED_TO_ORIGIN']);
    sw.mode.down = true;
    const res = await inspect(s.id, { outcome: 'DAMAGED', huids: o.huids, weightGrams: 240 });
    sw.mode.down = false;
    expect(res.statusCode, res.body).toBe(200);
    const [asked] = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(asked).toMatchObject({ status: 'REQUESTED', restock: false });
    expect(await gatewayRefunds(o.paymentId)).toHaveLength(0);
    // The admin sends it again: the inspection is not repeated, the refund is asked once.
    sw.mode.loseAnswer = true;
    expect((await inspect(s.id, { outcome: 'DAMAGED', huids: o.huids, weightGrams: 240 })).statusCode).toBe(
      200,
    );
    await reconcilePayments(testContext(t.db, t.config, () => new Date(), sw.gateway));
    await reconcilePayments(testContext(t.db, t.config, () => new Date(), sw.gateway));
    expect(await gatewayRefunds(o.paymentId)).toHaveLength(1);
    const all = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(all).toHaveLength(1);
    expect(all[0]!.status).toBe('PROCESSED');
    expect(await creditNotes(o.orderId)).toHaveLength(1);
    expect(await reversals(o.orderId)).toHaveLength(1);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 1, sales: 0 });
    expect(await piecesOnShelf(o.product.id, o.huids)).toBe(0);
  });

  it('DISPUTED records what was found and refunds nothing', async () => {
    const j = parcelJourney(t, () => admin);
    const o = await j.paidOrder();
    const s = await j.shipped(o, ['PICKED_UP', 'IN_TRANSIT', 'RETURNED_TO_ORIGIN']);
    const res = await inspect(s.id, {
      outcome: 'DISPUTED',
      huids: [o.huids[0]],
      weightGrams: 120,
      note: 'Seal broken, one ring missing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().inspection).toMatchObject({
      outcome: 'DISPUTED',
      missingHuids: [o.huids[1]],
      weightMismatch: true,
      refundId: null,
    });
    // A dispute stays in the desk's exceptions, shown with its outcome instead of 'Returned to origin'.
    expect((await inExceptions(o.orderNumber))?.shipment).toMatchObject({
      exception: null,
      inspectionOutcome: 'DISPUTED',
    });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toHaveLength(0);
    expect(await stockOf(t.db, o.product.id)).toEqual({ stock: 1, sales: 2 });
  });
});
