import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { ShipmentView } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, type Actor } from '../../../test/factories';
import { initiate, orderBody, payForOrder } from '../../../test/payment-journey';
import {
  emailOutbox,
  orderItems,
  orderStatusHistory,
  orders,
  productPieces,
  sandboxShipments,
} from '../../db/schema';
import type { AppContext } from '../../context';
import { flakyCarrier } from '../../../test/flaky-carrier';
import { createSandboxCarrier } from './sandbox-carrier';
import { createShippingService } from './shipments.service';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('shipments: packing, booking, carrier events, value rules', () => {
  let t: TestApp;
  let admin: Actor;
  let viewer: Actor;
  let clock = Date.now();
  const now = () => new Date(clock);
  const flaky = flakyCarrier();
  const sms: { to: string; text: string; reference: string }[] = [];
  const notified: { shipmentId: string | number; orderId: string; type: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      now,
      carrier: flaky.carrier,
      sms: {
        mode: 'sandbox',
        send: async (m) => {
          sms.push(m);
        },
      },
      notifyShipmentEvent: async (e) => {
        notified.push(e);
      },
    });
    // The flaky carrier wraps the app's own sandbox carrier (same database, same clock).
    flaky.state.inner = createSandboxCarrier(t.db, {
      now,
      secret: t.config.webhookSecret,
      timeZone: t.config.BUSINESS_TIMEZONE,
    }).carrier;
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
  });
  afterAll(async () => t.close());

  const tick = (minutes = 1) => {
    clock += minutes * 60_000;
  };

  async function paidOrder(opts: { pricePaise?: number; quantity?: number; huids?: string[] } = {}) {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const quantity = opts.quantity ?? 2;
    const product = await createProduct(t.db, {
      pricePaise: opts.pricePaise ?? 500_000,
      stock: quantity + 2,
    });
    const total = (opts.pricePaise ?? 500_000) * quantity;
    // Above ₹2 lakh the checkout asks for the buyer's PAN.
    const body = orderBody(
      vendor.slug,
      [{ productSku: product.sku, quantity }],
      total > 20_000_000 ? { buyerPan: 'ABCPR1234K' } : {},
    );
    const init = await payForOrder(t.app, body);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, init.orderId));
    if (opts.huids)
      await t.db.update(orderItems).set({ huids: opts.huids }).where(eq(orderItems.id, item!.id));
    return { ...init, vendor, product, itemId: item!.id };
  }

  const pack = (orderNumber: string, body: object, who: Actor = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/shipping/orders/${orderNumber}/shipments`,
      headers: who.headers,
      payload: {
        sealNumber: 'SEAL-001',
        packedWeightGrams: 250,
        lengthCm: 15,
        breadthCm: 12,
        heightCm: 8,
        ...body,
      },
    });
  const book = (id: number, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/shipping/shipments/${id}/book`,
      headers: admin.headers,
      payload: body,
    });
  const step = (awb: string, body: object) => {
    tick();
    return t.app.inject({
      method: 'POST',
      url: `/api/shipping/sandbox/${awb}/events`,
      headers: admin.headers,
      payload: body,
    });
  };
  const orderStatus = async (orderId: string) =>
    (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s;

  async function packedAndBooked(
    o: Awaited<ReturnType<typeof paidOrder>>,
    quantity = 2,
    huids: string[] = [],
  ) {
    const packed = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity }], huids });
    expect(packed.statusCode, packed.body).toBe(201);
    const booked = await book((packed.json() as ShipmentView).id);
    expect(booked.statusCode, booked.body).toBe(200);
    return booked.json() as ShipmentView;
  }

  it('packs a partial dispatch, never more than is left of a line, and moves the order to PROCESSING', async () => {
    const o = await paidOrder({ quantity: 3 });
    const first = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'PACKED',
      packedBy: admin.username,
      sealNumber: 'SEAL-001',
    });
    expect(await orderStatus(o.orderId)).toBe('PROCESSING');

    const tooMany = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/Only 1 unit of .* is left to pack/);

    const view = await t.app.inject({
      url: `/api/shipping/orders/${o.orderNumber}`,
      headers: viewer.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().lines[0]).toMatchObject({ ordered: 3, packed: 2, left: 1 });

    // Cancelling the packed shipment makes its units packable again.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shipping/shipments/${first.json().id}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 3 }] })).statusCode).toBe(
      201,
    );
  });

  it('leaves out the units and pieces a partial cancellation took: never packed, and the rest completes the order', async () => {
    const o = await paidOrder({ quantity: 3, huids: ['PC11AA', 'PC22BB', 'PC33CC'] });
    // The sold pieces, tied to the line as the checkout ties them.
    await t.db.insert(productPieces).values(
      ['PC11AA', 'PC22BB', 'PC33CC'].map((huid) => ({
        productId: o.product.id,
        huid,
        orderItemId: o.itemId,
      })),
    );
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${o.orderNumber}/refunds`,
      headers: admin.headers,
      payload: {
        reason: 'The buyer cancelled one ring',
        restock: true,
        idempotencyKey: `cancel-one-${o.orderNumber}`,
        lines: [{ orderItemId: o.itemId, quantity: 1, huids: ['PC33CC'] }],
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const view = await t.app.inject({ url: `/api/shipping/orders/${o.orderNumber}`, headers: admin.headers });
    expect(view.json().lines[0]).toMatchObject({
      ordered: 2,
      packed: 0,
      left: 2,
      huids: ['PC11AA', 'PC22BB'],
    });
    const desk = await t.app.inject({
      url: `/api/shipping/desk?queue=TO_PACK&vendorId=${o.vendor.id}`,
      headers: admin.headers,
    });
    expect(desk.json().content).toMatchObject([{ orderNumber: o.orderNumber, unitsLeft: 2 }]);

    const tooMany = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 3 }],
      huids: ['PC11AA', 'PC22BB', 'PC33CC'],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/Only 2 units of .* are left to pack/);
    const cancelledPiece = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 2 }],
      huids: ['PC11AA', 'PC33CC'],
    });
    expect(cancelledPiece.json().message).toBe("HUID PC33CC is not one of this order's pieces");

    const shipment = await packedAndBooked(o, 2, ['PC11AA', 'PC22BB']);
    // The sandbox courier's link is our tracking page with the order filled in.
    expect(shipment.trackingUrl).toBe(`/track?order=${o.orderNumber}&awb=${shipment.awb}`);
    for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'])
      expect((await step(shipment.awb!, { type })).statusCode).toBe(200);
    expect(await orderStatus(o.orderId)).toBe('SHIPPED');
    expect((await step(shipment.awb!, { type: 'DELIVERED' })).statusCode).toBe(200);
    expect(await orderStatus(o.orderId)).toBe('DELIVERED');
    const desk2 = await t.app.inject({
      url: `/api/shipping/desk?queue=TO_PACK&vendorId=${o.vendor.id}`,
      headers: admin.headers,
    });
    expect(desk2.json().content).toEqual([]);
  });

  it('accepts only the HUIDs of the packed pieces, each hallmarked unit scanned once', async () => {
    const o = await paidOrder({ huids: ['AB12CD', 'XY34ZW'] });
    const foreign = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 2 }],
      huids: ['AB12CD', 'ZZ99ZZ'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("HUID ZZ99ZZ is not one of this order's pieces");
    const missing = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 2 }],
      huids: ['AB12CD'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/needs 2, 1 scanned/);
    const one = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      huids: ['ab12cd'],
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().huids).toEqual(['AB12CD']);
    const again = await pack(o.orderNumber, {
      lines: [{ orderItemId: o.itemId, quantity: 1 }],
      huids: ['AB12CD'],
    });
    expect(again.json().message).toBe('HUID AB12CD is already packed in another shipment');
  });

  it('refuses to pack an unpaid order', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const product = await createProduct(t.db, { pricePaise: 100_000, stock: 3 });
    const init = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, init.orderId));
    const res = await pack(init.orderNumber, { lines: [{ orderItemId: item!.id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
  });

  it('books with the sandbox carrier: AWB, BOOKED event, label, packing slip with and without prices, manifest, pickup', async () => {
    const o = await paidOrder({ huids: ['LB12CD', 'LB34ZW'] });
    const booked = await packedAndBooked(o, 2, ['LB12CD', 'LB34ZW']);
    expect(booked).toMatchObject({ status: 'BOOKED', courierName: 'Sandbox Surface', bookingAttempts: 1 });
    expect(booked.awb).toMatch(/^ZVS\d{10}$/);
    expect(booked.events.map((e) => e.type)).toEqual(['BOOKED']);
    expect(notified).toContainEqual({ shipmentId: booked.id, orderId: o.orderId, type: 'BOOKED' });

    const label = await t.app.inject({
      url: `/api/shipping/shipments/${booked.id}/label`,
      headers: admin.headers,
    });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    const labelText = await pdfText(label.rawPayload);
    expect(labelText).toContain(booked.awb!);
    expect(labelText).toContain('Asha Rao');

    const slip = await t.app.inject({
      url: `/api/shipping/shipments/${booked.id}/packing-slip`,
      headers: admin.headers,
    });
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain('LB12CD, LB34ZW');
    expect(slipText).toContain('SEAL-001');
    expect(slipText).toContain('₹');
    const noPrices = await t.app.inject({
      url: `/api/shipping/shipments/${booked.id}/packing-slip?prices=false`,
      headers: admin.headers,
    });
    const noPricesText = await pdfText(noPrices.rawPayload);
    expect(noPricesText).toContain('LB12CD, LB34ZW');
    expect(noPricesText).not.toContain('₹');

    const manifest = await t.app.inject({
      url: `/api/shipping/manifest?ids=${booked.id}`,
      headers: admin.headers,
    });
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(await pdfText(manifest.rawPayload)).toContain(booked.awb!);

    const pickup = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/pickups',
      headers: admin.headers,
      payload: { shipmentIds: [booked.id] },
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json()[0].pickupAt).not.toBeNull();

    const rates = await t.app.inject({
      url: `/api/shipping/shipments/${booked.id}/rates`,
      headers: admin.headers,
    });
    expect(rates.json()).toMatchObject({ serviceable: true, rates: [{ courierId: 'sandbox-surface' }, {}] });
  });

  it('a PIN the sandbox does not serve is refused at booking and the shipment stays packed with the reason', async () => {
    // Checkout refuses an unserved PIN before payment; an address corrected afterwards (or a route
    // the carrier stopped serving) is still refused at booking.
    const o = await paidOrder();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    await t.db
      .update(orders)
      .set({ shippingAddress: { ...row!.shippingAddress, postalCode: '560099' } })
      .where(eq(orders.id, o.orderId));
    const packed = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    const res = await book(packed.json().id);
    expect(res.json()).toMatchObject({
      status: 'PACKED',
      lastBookingError: 'The sandbox carrier does not deliver to PIN code 560099',
      exception: 'BOOKING_FAILED',
    });
  });

  it('a carrier outage leaves the booking queued and the job retries it with backoff: one booking at the carrier', async () => {
    const o = await paidOrder();
    const packed = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    const id = packed.json().id as number;
    flaky.state.down = 1;
    const res = await book(id);
    expect(res.json()).toMatchObject({
      status: 'BOOKING',
      bookingAttempts: 1,
      exception: 'BOOKING_RETRYING',
    });

    const service = createShippingService(shippingContext());
    const before = flaky.state.books;
    // Not yet: the next attempt is 30 s away.
    expect(await service.processDueBookings()).toBe(0);
    expect(flaky.state.books).toBe(before);
    tick(1);
    expect(await service.processDueBookings()).toBe(1);
    const after = (await service.shipment(id)) as ShipmentView;
    expect(after).toMatchObject({ status: 'BOOKED', bookingAttempts: 2, lastBookingError: null });
    const rows = await t.db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.reference, `shipment-${id}`));
    expect(rows).toHaveLength(1);
  });

  it('a crash between the carrier booking and our write is safe: the retry gets the same AWB', async () => {
    const o = await paidOrder();
    const packed = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    const id = packed.json().id as number;
    flaky.state.crashAfterBooking = 1;
    expect((await book(id)).json()).toMatchObject({ status: 'BOOKING', awb: null });
    const [atCarrier] = await t.db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.reference, `shipment-${id}`));
    tick(1);
    await createShippingService(shippingContext()).processDueBookings();
    const rows = await t.db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.reference, `shipment-${id}`));
    expect(rows).toHaveLength(1);
    const view = await t.app.inject({ url: `/api/shipping/shipments/${id}`, headers: admin.headers });
    expect(view.json()).toMatchObject({ status: 'BOOKED', awb: atCarrier!.awb });
  });

  it('carrier events move the order to SHIPPED, then DELIVERED; a replayed or older event changes nothing', async () => {
    const o = await paidOrder();
    const s = await packedAndBooked(o);
    const awb = s.awb!;
    expect((await step(awb, { type: 'PICKED_UP' })).json()).toMatchObject({ status: 'PICKED_UP' });
    expect(await orderStatus(o.orderId)).toBe('SHIPPED');
    const inTransit = await step(awb, { type: 'IN_TRANSIT', location: 'Bhiwandi hub' });
    expect(inTransit.statusCode, inTransit.body).toBe(200);
    const [rec] = await t.db.select().from(sandboxShipments).where(eq(sandboxShipments.awb, awb));
    const transitEvent = rec!.events.at(-1)!;
    await step(awb, { type: 'OUT_FOR_DELIVERY' });

    // The IN_TRANSIT body again (a replay) and the same event under a new body (late, older).
    const body = {
      carrier: 'sandbox',
      awb,
      event_id: transitEvent.eventId,
      status: 'IN_TRANSIT',
      at: transitEvent.at,
      location: transitEvent.location,
      note: transitEvent.note,
    };
    const post = (payload: object, headers = flakyHeaders()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/carrier',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    // The very body again is recognised by its hash; the same event in another body by its event id.
    expect((await post(body)).json()).toMatchObject({ status: 'duplicate', recorded: 0 });
    const resent = await post({ ...body, note: 'resent by the carrier' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'processed', recorded: 0, duplicates: 1 });
    const late = await post({ ...body, event_id: `${transitEvent.eventId}-late`, note: 'late scan' });
    expect(late.json()).toMatchObject({ recorded: 1, duplicates: 0 });
    const view = (
      await t.app.inject({ url: `/api/shipping/shipments/${s.id}`, headers: admin.headers })
    ).json();
    expect(view.status).toBe('OUT_FOR_DELIVERY');
    expect(view.events.find((e: { note: string }) => e.note === 'late scan')).toMatchObject({
      applied: false,
    });

    const wrongToken = await post({ ...body, event_id: 'x' }, { 'x-api-key': 'nope' });
    expect(wrongToken.statusCode).toBe(401);

    expect((await step(awb, { type: 'DELIVERED' })).json()).toMatchObject({
      status: 'DELIVERED',
      weightMismatch: false,
    });
    expect(await orderStatus(o.orderId)).toBe('DELIVERED');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.orderId), eq(orderStatusHistory.field, 'status')));
    expect(history.map((h) => [h.fromValue, h.toValue])).toEqual(
      expect.arrayContaining([
        ['CONFIRMED', 'PROCESSING'],
        ['PROCESSING', 'SHIPPED'],
        ['SHIPPED', 'DELIVERED'],
      ]),
    );
    expect(notified.filter((n) => n.shipmentId === s.id).map((n) => n.type)).toEqual([
      'BOOKED',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
    ]);
  });

  it('an order shipped in two parcels is SHIPPED only when both left, DELIVERED only when both arrived', async () => {
    const o = await paidOrder();
    const a = await packedAndBooked(o, 1);
    const b = await packedAndBooked(o, 1);
    await step(a.awb!, { type: 'PICKED_UP' });
    expect(await orderStatus(o.orderId)).toBe('PROCESSING');
    await step(b.awb!, { type: 'PICKED_UP' });
    expect(await orderStatus(o.orderId)).toBe('SHIPPED');
    for (const type of ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']) await step(a.awb!, { type });
    expect(await orderStatus(o.orderId)).toBe('SHIPPED');
    for (const type of ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']) await step(b.awb!, { type });
    expect(await orderStatus(o.orderId)).toBe('DELIVERED');
  });

  it('refuses a manual SHIPPED once the order has a shipment, and cancelling after pickup', async () => {
    const o = await paidOrder();
    const s = await packedAndBooked(o);
    const manual = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${o.orderNumber}/status?status=SHIPPED`,
      headers: admin.headers,
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(
      'This order has shipments: it becomes SHIPPED and DELIVERED from their carrier events, not by hand',
    );
    await step(s.awb!, { type: 'PICKED_UP' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/shipping/shipments/${s.id}/cancel`,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('above the insurance value: insured, delivered only against the code sent by mail and SMS; a wrong code is refused', async () => {
    const o = await paidOrder({ pricePaise: 3_000_000 }); // 2 × ₹30,000 = ₹60,000
    const s = await packedAndBooked(o);
    expect(s).toMatchObject({ insured: true, otpDelivery: true, otpVerified: false, declaredValue: 60_000 });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `delivery-code:${s.id}`));
    // The code's own paragraph: the order number is in <strong> too, and can end in six digits.
    const code = /<strong>(\d{6})<\/strong><\/p>/.exec(mail!.html)![1]!;
    const text = sms.find((m) => m.reference === `delivery-code:${s.id}`);
    expect(text?.to).toBe('9876543210');
    expect(text?.text).toContain(code);

    for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) await step(s.awb!, { type });
    const noCode = await step(s.awb!, { type: 'DELIVERED' });
    expect(noCode.statusCode).toBe(400);
    const wrong = await step(s.awb!, { type: 'DELIVERED', otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The delivery code is wrong. 4 attempts left');
    expect(await orderStatus(o.orderId)).toBe('SHIPPED');
    const right = await step(s.awb!, { type: 'DELIVERED', otp: code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ status: 'DELIVERED', otpVerified: true });
    expect(await orderStatus(o.orderId)).toBe('DELIVERED');
  });

  it('above the confirmation value the admin must choose and confirm the courier', async () => {
    const o = await paidOrder({ pricePaise: 15_000_000 }); // 2 × ₹1.5 lakh = ₹3 lakh
    const packed = await pack(o.orderNumber, { lines: [{ orderItemId: o.itemId, quantity: 2 }] });
    const id = packed.json().id as number;
    expect(packed.json().needsCarrierConfirmation).toBe(true);
    const refused = await book(id);
    expect(refused.statusCode).toBe(409);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/shipments/book',
      headers: admin.headers,
      payload: { shipmentIds: [id] },
    });
    expect(bulk.json()).toMatchObject({ queued: [], refused: [{ shipmentId: id }] });
    const ok = await book(id, { courierId: 'sandbox-express', confirmCarrier: true });
    expect(ok.json()).toMatchObject({
      status: 'BOOKED',
      courierName: 'Sandbox Express',
      carrierConfirmedBy: admin.username,
      needsCarrierConfirmation: false,
    });
  });

  it('a delivery whose weight differs from the packed weight beyond the tolerance is an exception on the desk', async () => {
    const o = await paidOrder();
    const s = await packedAndBooked(o);
    for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) await step(s.awb!, { type });
    const delivered = await step(s.awb!, { type: 'DELIVERED', weightGrams: 230 });
    expect(delivered.json()).toMatchObject({
      weightMismatch: true,
      deliveredWeightGrams: 230,
      exception: 'WEIGHT_MISMATCH',
    });
    const desk = await t.app.inject({
      url: `/api/shipping/desk?queue=EXCEPTIONS&vendorId=${o.vendor.id}`,
      headers: viewer.headers,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().content).toEqual([
      expect.objectContaining({
        orderNumber: o.orderNumber,
        shipment: expect.objectContaining({ exception: 'WEIGHT_MISMATCH' }),
      }),
    ]);
  });

  it('the desk queues an order to pack, then its parcel to ship and in transit; the vendor sees the delivery state', async () => {
    const o = await paidOrder();
    const desk = (queue: string) =>
      t.app
        .inject({ url: `/api/shipping/desk?queue=${queue}&vendorId=${o.vendor.id}`, headers: admin.headers })
        .then(
          (r) =>
            r.json().content as {
              orderNumber: string;
              unitsLeft: number;
              shipment: { status: string } | null;
            }[],
        );
    expect(await desk('TO_PACK')).toEqual([
      expect.objectContaining({ orderNumber: o.orderNumber, unitsLeft: 2 }),
    ]);
    const s = await packedAndBooked(o);
    expect(await desk('TO_PACK')).toEqual([]);
    expect((await desk('TO_SHIP')).map((r) => r.shipment?.status)).toEqual(['BOOKED']);
    await step(s.awb!, { type: 'PICKED_UP' });
    expect((await desk('IN_TRANSIT')).map((r) => r.shipment?.status)).toEqual(['PICKED_UP']);
    const mine = await t.app.inject({ url: `/api/orders/vendor/${o.vendor.id}`, headers: o.vendor.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().content[0].shipments).toEqual([
      expect.objectContaining({ status: 'PICKED_UP', awb: s.awb, courierName: 'Sandbox Surface' }),
    ]);
    // The desk's shop filter lists the shop, for order managers and viewers alike.
    const shops = await t.app.inject({ url: '/api/shipping/desk/shops', headers: viewer.headers });
    expect(shops.statusCode, shops.body).toBe(200);
    expect(shops.json()).toContainEqual({ id: o.vendor.id, name: expect.any(String) });
  });

  it("the vendor's order list never carries the buyer's PAN", async () => {
    const big = await paidOrder();
    // The PAN the buyer gave at checkout (asked above the PAN threshold), kept on the order.
    await t.db.update(orders).set({ buyerPan: 'ABCPR1234K' }).where(eq(orders.id, big.orderId));
    const mine = await t.app.inject({
      url: `/api/orders/vendor/${big.vendor.id}`,
      headers: big.vendor.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().content[0].orderNumber).toBe(big.orderNumber);
    expect(mine.body).not.toMatch(/1234K/);
  });

  /** The sandbox carrier's webhook credential (what its posts carry). */
  const flakyHeaders = () => tokenHeaders;
  let tokenHeaders: Record<string, string> = {};
  beforeAll(async () => {
    tokenHeaders = createSandboxCarrier(t.db, {
      now,
      secret: t.config.webhookSecret,
      timeZone: t.config.BUSINESS_TIMEZONE,
    }).webhookHeaders;
  });

  function shippingContext() {
    return {
      db: t.db,
      config: t.config,
      now,
      carrier: flaky.carrier,
      log: { warn: () => undefined, error: () => undefined, info: () => undefined },
    } as unknown as AppContext;
  }
});
