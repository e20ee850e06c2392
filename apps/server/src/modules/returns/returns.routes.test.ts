import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { RETURN_TEXT, type BuyerReturns, type ReturnView } from '@zevar/domain';
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
import { flakyCarrier, sandboxCarrierOf } from '../../../test/flaky-carrier';
import type { AppContext } from '../../context';
import {
  auditLog,
  emailOutbox,
  productPieces,
  refunds,
  returnsPolicy,
  sandboxRefunds,
  shipments,
  taxDocuments,
  vendorEarnings,
} from '../../db/schema';
import { reconcilePayments } from '../payments';
import { createShippingService } from '../shipping';

describe('returns: from the buyer’s request on /track to the refund', () => {
  let t: TestApp;
  let admin: Actor;
  let viewer: Actor;
  let inner: PaymentGateway;
  let n = 0;
  /** The app's clock: real time, moved ahead by the tests that wait for the booking job. */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  const sw = switchableGateway(() => inner);
  const flaky = flakyCarrier();
  beforeAll(async () => {
    t = await createTestApp({ payments: sw.gateway, carrier: flaky.carrier, now });
    inner = sandboxGatewayOf(t.db, t.config);
    flaky.state.inner = sandboxCarrierOf(t.db, t.config, now);
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    await t.db
      .insert(returnsPolicy)
      .values({ id: 1, kind: 'WINDOW', days: 7, maxValuePaise: null, excludedCategoryIds: [] });
  });
  afterAll(async () => t.close());

  const from = () => `10.9.${Math.floor(n / 200)}.${n++ % 200}`;

  /** The buyer opens /track: the code from the order's mail gives the tracking token. */
  async function buyerToken(orderNumber: string): Promise<string> {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/track/code',
      payload: { orderNumber, contact: 'asha@example.in' },
      remoteAddress: from(),
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(like(emailOutbox.dedupeKey, 'tracking-code:%'), like(emailOutbox.subject, `%${orderNumber}`)),
      )
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const code = /<strong>(\d{6})<\/strong>/.exec(mail!.html)![1]!;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/track/verify',
      payload: { orderNumber, code },
      remoteAddress: from(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    return ok.json().token as string;
  }
  const buyerView = (token: string) =>
    t.app.inject({
      url: '/api/track/returns',
      headers: { 'x-tracking-token': token },
      remoteAddress: from(),
    });
  const ask = (token: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/track/returns',
      headers: { 'x-tracking-token': token },
      remoteAddress: from(),
      payload: { reason: 'The clasp does not close properly', photos: [], ...body },
    });
  const decide = (id: number, body: object, who: Actor = admin) =>
    t.app.inject({ method: 'POST', url: `/api/returns/${id}/decision`, headers: who.headers, payload: body });
  const inspect = (id: number, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/returns/${id}/inspection`,
      headers: admin.headers,
      payload: body,
    });
  const pickupAgain = (id: number, who: Actor = admin) =>
    t.app.inject({ method: 'POST', url: `/api/returns/${id}/pickup`, headers: who.headers });
  const sendBack = (id: number, body: object, who: Actor = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/returns/${id}/send-back`,
      headers: who.headers,
      payload: body,
    });
  const getReturn = async (id: number) =>
    (await t.app.inject({ url: `/api/returns/${id}`, headers: viewer.headers })).json() as ReturnView;
  /** The booking job (book-shipments), on the app's database, carrier and clock. */
  const shipping = () =>
    createShippingService({
      db: t.db,
      config: t.config,
      now,
      carrier: flaky.carrier,
      log: { warn: () => undefined, error: () => undefined, info: () => undefined },
    } as unknown as AppContext);
  const mails = (key: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));

  async function delivered(units = 2) {
    const j = parcelJourney(t, () => admin);
    const o = await j.paidOrder({ units });
    const s = await j.shipped(o, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    return { o, s, j, token: await buyerToken(o.orderNumber) };
  }

  it('a return from request to refund: approval books the pickup, the courier brings it back, inspection refunds exactly that part once, though the gateway fails mid-way', async () => {
    const { o, j, token } = await delivered(2);
    const before = (await buyerView(token)).json() as BuyerReturns;
    expect(before.lines).toEqual([
      expect.objectContaining({
        orderItemId: o.itemId,
        returnable: 2,
        refusal: null,
        until: expect.any(String),
      }),
    ]);
    expect((await t.app.inject({ url: '/api/track/returns', remoteAddress: from() })).statusCode).toBe(401);

    // Asked once: a replayed submit answers the same request; more units than delivered are refused.
    expect(
      (await ask(token, { lines: [{ orderItemId: o.itemId, quantity: 3 }], requestKey: `k-${o.orderId}-x` }))
        .statusCode,
    ).toBe(400);
    const body = { lines: [{ orderItemId: o.itemId, quantity: 1 }], requestKey: `k-${o.orderId}-1` };
    const [first, replay] = [await ask(token, body), await ask(token, body)];
    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode).toBe(201);
    const asked = replay.json() as BuyerReturns;
    expect(asked.returns).toHaveLength(1);
    expect(asked.returns[0]).toMatchObject({
      stage: 'REQUESTED',
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
    });
    expect(asked.lines[0]!.returnable).toBe(1);

    // The admin sees it in the list and on the order.
    const list = await t.app.inject({ url: '/api/returns?status=REQUESTED', headers: viewer.headers });
    expect(list.statusCode, list.body).toBe(200);
    const ret = (list.json().content as ReturnView[]).find((r) => r.orderNumber === o.orderNumber)!;
    expect(ret).toMatchObject({
      stage: 'REQUESTED',
      expectedHuids: o.huids,
      reason: 'The clasp does not close properly',
    });
    const onOrder = await t.app.inject({
      url: `/api/returns/orders/${o.orderNumber}`,
      headers: viewer.headers,
    });
    expect(onOrder.json()).toHaveLength(1);
    expect((await decide(ret.id, { decision: 'APPROVE' }, viewer)).statusCode).toBe(403);
    expect(
      (await inspect(ret.id, { outcome: 'ACCEPT', huids: [o.huids[0]], weightGrams: 200, restock: true }))
        .statusCode,
    ).toBe(409);

    // Approved: the reverse pickup is booked through the carrier, the buyer mailed; a replay changes nothing.
    const approved = await decide(ret.id, { decision: 'APPROVE', note: 'Please keep the box' });
    expect(approved.statusCode, approved.body).toBe(200);
    const view = approved.json() as ReturnView;
    expect(view).toMatchObject({
      status: 'APPROVED',
      stage: 'PICKUP_BOOKED',
      pickup: { awb: expect.stringMatching(/^ZVS/) },
    });
    expect((await decide(ret.id, { decision: 'APPROVE', note: 'again' })).json().pickup.shipmentId).toBe(
      view.pickup!.shipmentId,
    );
    expect((await decide(ret.id, { decision: 'REJECT', note: 'changed my mind' })).statusCode).toBe(409);
    const [pickup] = await t.db.select().from(shipments).where(eq(shipments.id, view.pickup!.shipmentId));
    expect(pickup).toMatchObject({ direction: 'RETURN', status: 'BOOKED', orderId: o.orderId });
    expect(await mails(`return-approved:${ret.id}`)).toHaveLength(1);

    // The courier's events move the return; no "your order has shipped" mail for a return parcel.
    await j.advance(view.pickup!.awb!, ['PICKED_UP', 'IN_TRANSIT']);
    expect(
      (await t.app.inject({ url: `/api/returns/${ret.id}`, headers: viewer.headers })).json().stage,
    ).toBe('ON_ITS_WAY');
    expect(
      (await inspect(ret.id, { outcome: 'ACCEPT', huids: [o.huids[0]], weightGrams: 200, restock: true }))
        .statusCode,
    ).toBe(409);
    await j.advance(view.pickup!.awb!, ['OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(
      (await t.app.inject({ url: `/api/returns/${ret.id}`, headers: viewer.headers })).json().stage,
    ).toBe('RECEIVED');
    expect(await mails(`shipment-booked:${view.pickup!.shipmentId}`)).toHaveLength(0);

    // Inspection: the HUIDs must be one piece of the line; then accepted with the gateway down.
    const wrong = await inspect(ret.id, {
      outcome: 'ACCEPT',
      huids: o.huids,
      weightGrams: 200,
      restock: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(RETURN_TEXT.huidsDontMatch);
    const stockBefore = await stockOf(t.db, o.product.id);
    sw.mode.down = true;
    const accepted = await inspect(ret.id, {
      outcome: 'ACCEPT',
      huids: [o.huids[1]],
      weightGrams: 200,
      restock: true,
    });
    sw.mode.down = false;
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'ACCEPTED',
      refund: { amount: 5000, status: 'REQUESTED' },
    });
    // Replayed: nothing done twice; the reconciler finishes the refund (its answer lost once).
    sw.mode.loseAnswer = true;
    const again = await inspect(ret.id, {
      outcome: 'ACCEPT',
      huids: [o.huids[1]],
      weightGrams: 200,
      restock: true,
    });
    expect(again.statusCode).toBe(200);
    await reconcilePayments(testContext(t.db, t.config, () => new Date(), sw.gateway));
    await reconcilePayments(testContext(t.db, t.config, () => new Date(), sw.gateway));
    const made = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentId, o.paymentId));
    expect(made.map((r) => r.amountPaise)).toEqual([500_000]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(rows).toEqual([
      expect.objectContaining({ status: 'PROCESSED', partial: true, idempotencyKey: `return-${ret.id}` }),
    ]);
    const notes = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, o.orderId), eq(taxDocuments.kind, 'CREDIT_NOTE')));
    expect(notes.map((d) => d.totalPaise)).toEqual([500_000]);
    const reversed = await t.db
      .select()
      .from(vendorEarnings)
      .where(and(eq(vendorEarnings.orderId, o.orderId), eq(vendorEarnings.kind, 'REVERSAL')));
    expect(reversed).toEqual([expect.objectContaining({ units: -1, amountPaise: -20_000 })]);
    expect(await stockOf(t.db, o.product.id)).toEqual({
      stock: stockBefore.stock + 1,
      sales: stockBefore.sales - 1,
    });
    const [piece] = await t.db.select().from(productPieces).where(eq(productPieces.huid, o.huids[1]!));
    expect(piece!.orderItemId).toBeNull();
    expect(await mails(`return-refunded:${ret.id}`)).toHaveLength(1);

    // Each step with who and when: the admin's timeline, the audit trail, and the buyer's view.
    const done = (
      await t.app.inject({ url: `/api/returns/${ret.id}`, headers: viewer.headers })
    ).json() as ReturnView;
    expect(done.refund).toMatchObject({ status: 'PROCESSED', amount: 5000 });
    expect(done.timeline.map((e) => e.what)).toEqual([
      'Return requested',
      'Approved, pickup booked',
      'Pickup: Booked',
      'Pickup: Picked up',
      'Pickup: In transit',
      'Pickup: Out for delivery',
      'Pickup: Delivered',
      'Inspected and accepted',
      'Refund issued',
    ]);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(ret.id))));
    expect(trail.map((e) => e.action).sort()).toEqual(['accept', 'approve']);
    expect(trail.every((e) => e.actorId === admin.id)).toBe(true);
    const buyer = (await buyerView(token)).json() as BuyerReturns;
    expect(buyer.returns[0]).toMatchObject({ stage: 'ACCEPTED' });
    expect(buyer.returns[0]!.timeline.every((e) => e.who !== admin.username)).toBe(true);
    expect(buyer.lines[0]!.returnable).toBe(1);
  });

  it('a rejected request says why and frees its units; a refused piece refunds nothing; outside the window nothing is returnable', async () => {
    const { o, s, j, token } = await delivered(1);
    const r1 = await ask(token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      requestKey: `k-${o.orderId}-1`,
    });
    const id1 = (r1.json() as BuyerReturns).returns[0]!.id;
    expect((await decide(id1, { decision: 'REJECT', note: '' })).statusCode).toBe(400);
    const rejected = await decide(id1, { decision: 'REJECT', note: 'Worn pieces are not taken back' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', stage: 'REJECTED', pickup: null });
    expect(await mails(`return-approved:${id1}`)).toHaveLength(0);
    const after = (await buyerView(token)).json() as BuyerReturns;
    expect(after.lines[0]!.returnable).toBe(1);
    expect(after.returns[0]).toMatchObject({ decisionNote: 'Worn pieces are not taken back' });

    const r2 = await ask(token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      requestKey: `k-${o.orderId}-2`,
    });
    const id2 = (r2.json() as BuyerReturns).returns.find((r) => r.id !== id1)!.id;
    const approved = (await decide(id2, { decision: 'APPROVE' })).json() as ReturnView;
    await j.advance(approved.pickup!.awb!, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const refused = await inspect(id2, {
      outcome: 'REFUSE',
      huids: [],
      weightGrams: 90,
      note: 'Not the piece we sold',
    });
    expect(refused.json()).toMatchObject({ status: 'REFUSED', refund: null });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toHaveLength(0);

    // Delivered more than 7 days ago: the window has closed.
    await t.db
      .update(shipments)
      .set({ deliveredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(shipments.id, s.id));
    const closed = (await buyerView(token)).json() as BuyerReturns;
    expect(closed.lines[0]).toMatchObject({ returnable: 0, refusal: 'WINDOW_CLOSED' });
    const late = await ask(token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      requestKey: `k-${o.orderId}-3`,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(RETURN_TEXT.notEligible);
  });

  it('a failed return pickup is booked again through the carrier and the booking job: refused, then not collected, a carrier outage on the way; nothing booked twice', async () => {
    const { o, j, token } = await delivered(1);
    const r = await ask(token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      requestKey: `k-${o.orderId}-p`,
    });
    const id = (r.json() as BuyerReturns).returns[0]!.id;

    // The carrier refuses the reverse pickup: the return says so, and the same parcel is booked again.
    flaky.state.refuse = 1;
    const refused = (await decide(id, { decision: 'APPROVE' })).json() as ReturnView;
    expect(refused).toMatchObject({
      stage: 'PICKUP_FAILED',
      pickup: { lastBookingError: expect.any(String) },
    });
    expect((await pickupAgain(id, viewer)).statusCode).toBe(403);
    const first = await pickupAgain(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      stage: 'PICKUP_BOOKED',
      pickup: { shipmentId: refused.pickup!.shipmentId, awb: expect.stringMatching(/^ZVS/) },
    });
    // While it is booked, asking again changes nothing.
    expect((await pickupAgain(id)).json().pickup.shipmentId).toBe(refused.pickup!.shipmentId);

    // The courier could not collect: a new pickup, queued; the carrier is down, so the job books it later.
    const oldAwb = (first.json() as ReturnView).pickup!.awb!;
    await j.advance(oldAwb, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERY_FAILED']);
    expect((await getReturn(id)).stage).toBe('PICKUP_FAILED');
    flaky.state.down = 1;
    const [again, twice] = await Promise.all([pickupAgain(id), pickupAgain(id)]);
    expect(again.statusCode, again.body).toBe(200);
    expect(twice.statusCode, twice.body).toBe(200);
    const queued = await getReturn(id);
    expect(queued).toMatchObject({ stage: 'PICKUP_BOOKING', pickup: { awb: null } });
    const newId = queued.pickup!.shipmentId;
    expect(newId).not.toBe(refused.pickup!.shipmentId);
    const [old] = await t.db.select().from(shipments).where(eq(shipments.id, refused.pickup!.shipmentId));
    expect(old!.status).toBe('CANCELLED');
    ahead += 60_000;
    expect(await shipping().processDueBookings()).toBe(1);
    const booked = await getReturn(id);
    expect(booked).toMatchObject({ stage: 'PICKUP_BOOKED', pickup: { shipmentId: newId } });
    const pickups = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, o.orderId), eq(shipments.direction, 'RETURN')));
    expect(pickups.map((p) => p.status).sort()).toEqual(['BOOKED', 'CANCELLED']);
    expect(pickups.every((p) => p.returnId === id)).toBe(true);

    // A late event of the failed pickup changes nothing; the new one brings the piece back.
    await shipping().recordCarrierEvents(
      [{ eventId: `late-${oldAwb}`, awb: oldAwb, type: 'IN_TRANSIT', at: now(), location: '', note: '' }],
      'WEBHOOK',
    );
    expect((await getReturn(id)).pickup!.shipmentId).toBe(newId);
    await j.advance(booked.pickup!.awb!, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const received = await getReturn(id);
    expect(received.stage).toBe('RECEIVED');
    expect(received.timeline.filter((e) => e.what === RETURN_TEXT.pickupBookedAgain)).toHaveLength(2);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(id))));
    expect(trail.filter((e) => e.action === 'book-pickup-again')).toHaveLength(2);
  });

  it('a piece refused at inspection is sent back to the buyer: a forward parcel the buyer follows on /track, no refund, once', async () => {
    const { o, j, token } = await delivered(1);
    const r = await ask(token, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      requestKey: `k-${o.orderId}-b`,
    });
    const id = (r.json() as BuyerReturns).returns[0]!.id;
    const approved = (await decide(id, { decision: 'APPROVE' })).json() as ReturnView;
    const body = { huids: [o.huids[0]], sealNumber: 'SEAL-BACK-7', packedWeightGrams: 95 };
    expect((await sendBack(id, body)).statusCode).toBe(409);
    await j.advance(approved.pickup!.awb!, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    await inspect(id, { outcome: 'REFUSE', huids: [o.huids[0]], weightGrams: 95, note: 'Worn for months' });

    expect((await sendBack(id, body, viewer)).statusCode).toBe(403);
    expect((await sendBack(id, { ...body, sealNumber: '' })).statusCode).toBe(400);
    const stranger = await sendBack(id, { ...body, huids: ['ZZZZZ9'] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(RETURN_TEXT.huidsDontMatch);
    const [sent, again] = await Promise.all([sendBack(id, body), sendBack(id, body)]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    const view = (await sendBack(id, body)).json() as ReturnView;
    expect(view).toMatchObject({
      status: 'REFUSED',
      refund: null,
      sendBack: { status: 'BOOKED', awb: expect.stringMatching(/^ZVS/) },
    });
    const forward = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, o.orderId), eq(shipments.direction, 'FORWARD')));
    expect(forward).toHaveLength(2);
    expect(forward.find((f) => f.id === view.sendBack!.shipmentId)).toMatchObject({
      returnId: id,
      huidsPacked: [o.huids[0]],
      sealNumber: 'SEAL-BACK-7',
      packedWeightGrams: 95,
    });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toHaveLength(0);

    // The buyer follows it on /track, and is mailed as for any parcel coming to them.
    const track = await t.app.inject({
      url: '/api/track',
      headers: { 'x-tracking-token': token },
      remoteAddress: from(),
    });
    expect(track.statusCode, track.body).toBe(200);
    expect((track.json() as { shipments: { awb: string | null }[] }).shipments.map((p) => p.awb)).toContain(
      view.sendBack!.awb,
    );
    await j.advance(view.sendBack!.awb!, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const done = await getReturn(id);
    expect(done.sendBack!.status).toBe('DELIVERED');
    expect(done.timeline.map((e) => e.what)).toEqual(
      expect.arrayContaining([RETURN_TEXT.sentBack, 'Sent back: Delivered']),
    );
    const buyer = (await buyerView(token)).json() as BuyerReturns;
    expect(buyer.returns[0]!.timeline.map((e) => e.what)).toContain('Sent back: Delivered');
    // The sent-back parcel carries units delivered before: the order stays delivered.
    const order = await t.app.inject({ url: `/api/orders/admin/${o.orderNumber}`, headers: admin.headers });
    expect(order.json().status).toBe('DELIVERED');
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(id))));
    expect(trail.filter((e) => e.action === 'send-back')).toHaveLength(1);
  });
});
