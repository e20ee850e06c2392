import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { TRACK_TEXT } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor } from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { fakeCarrier } from '../../../test/fake-carrier';
import {
  emailOutbox,
  orderItems,
  shipmentEvents,
  shipmentLines,
  shipments,
  trackingCodes,
} from '../../db/schema';
import { createTrackingService } from './tracking.service';

const MINUTE = 60_000;

describe('buyer tracking on /track (issue 22 item 5)', () => {
  let t: TestApp;
  // Thursday 26 November 2026, 10:30 in Kolkata.
  let clock = new Date('2026-11-26T05:00:00Z').getTime();
  const now = () => new Date(clock);
  const { carrier } = fakeCarrier({ etaDays: 3 });
  let vendorSlug: string;
  let ip = 0;
  // Each test is its own client (the per-network limit has a test of its own).
  const from = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp({ now, carrier });
    vendorSlug = (await createVendor(t.app, t.db)).slug;
  });
  afterAll(async () => t.close());

  async function paidOrder(email = 'asha@example.in') {
    const product = await createProduct(t.db, {
      name: `Jhumka ${Math.random()}`,
      pricePaise: 2_000_00,
      stock: 5,
    });
    const o = (
      await initiate(
        t.app,
        orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }], { customerEmail: email }),
      )
    ).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)),
    });
    expect(paid.json()).toEqual({ status: 'success' });
    return { id: o.orderId as string, number: o.orderNumber as string };
  }

  const askCode = (orderNumber: string, contact: string, remoteAddress = from()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/track/code',
      payload: { orderNumber, contact },
      remoteAddress,
    });
  const verify = (orderNumber: string, code: string, remoteAddress = from()) =>
    t.app.inject({ method: 'POST', url: '/api/track/verify', payload: { orderNumber, code }, remoteAddress });
  const view = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/track',
      headers: { 'x-tracking-token': token },
      remoteAddress: from(),
    });

  /** The code in the latest tracking mail of the order (the test reads the outbox, as the buyer reads mail). */
  async function mailedCode(orderNumber: string): Promise<string> {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(like(emailOutbox.dedupeKey, 'tracking-code:%'), like(emailOutbox.subject, `%${orderNumber}`)),
      )
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return /<strong>(\d{6})<\/strong>/.exec(mail!.html)![1]!;
  }
  const codeMails = async (orderNumber: string) =>
    (
      await t.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.subject, `%${orderNumber}`))
    ).length;

  it('sends a code to the order’s email and the right code opens the timeline, once', async () => {
    const order = await paidOrder();
    const asked = await askCode(order.number.toLowerCase(), ' ASHA@example.in ');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: TRACK_TEXT.codeSent });
    const code = await mailedCode(order.number);
    const [stored] = await t.db.select().from(trackingCodes).where(eq(trackingCodes.orderId, order.id));
    expect(stored!.codeHash).not.toContain(code);

    const ok = await verify(order.number, code);
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().expiresAt).getTime()).toBe(clock + 30 * MINUTE);
    const shown = await view(ok.json().token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ orderNumber: order.number, status: 'CONFIRMED', shipments: [] });
    // Ordered Thursday: 2 working days to dispatch (Saturday) and 3 with the courier.
    expect(shown.json().expectedDelivery).toBe('2026-12-01');
    // Spent: the same code does not open it again.
    expect((await verify(order.number, code)).statusCode).toBe(400);
  });

  it('a wrong code is refused and counted; the right one still works after it', async () => {
    const order = await paidOrder();
    await askCode(order.number, '98765 43210');
    const code = await mailedCode(order.number);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await verify(order.number, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: TRACK_TEXT.wrongCode });
    expect((await verify(order.number, code)).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const order = await paidOrder();
    await askCode(order.number, 'asha@example.in');
    const code = await mailedCode(order.number);
    clock += 10 * MINUTE + 1000;
    const res = await verify(order.number, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TRACK_TEXT.wrongCode);
  });

  it('after 5 wrong tries the code is spent, the right one included', async () => {
    const order = await paidOrder();
    await askCode(order.number, 'asha@example.in');
    const code = await mailedCode(order.number);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await verify(order.number, wrong)).statusCode).toBe(400);
    expect((await verify(order.number, code)).json().message).toBe(TRACK_TEXT.wrongCode);
    // A new code works again (and only the newest one).
    await askCode(order.number, 'asha@example.in');
    expect((await verify(order.number, await mailedCode(order.number))).statusCode).toBe(200);
  });

  it('answers the same, after as long, whether or not the order and contact match (no enumeration)', async () => {
    const order = await paidOrder();
    const cases = [
      [order.number, 'asha@example.in'],
      [order.number, 'someone@example.in'],
      [order.number, '9123456789'],
      ['ZV261126-DEADBEEF', 'asha@example.in'],
    ] as const;
    const answers = [];
    for (const [number, contact] of cases) {
      const started = performance.now();
      const res = await askCode(number, contact);
      answers.push({ status: res.statusCode, body: res.body, ms: performance.now() - started });
    }
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    for (const a of answers) expect(a.ms).toBeGreaterThanOrEqual(340);
    // Only the matching request sent a mail.
    expect(await codeMails(order.number)).toBe(1);
    // And verifying against an unknown order reads exactly like a wrong code.
    const unknown = await verify('ZV261126-DEADBEEF', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(TRACK_TEXT.wrongCode);
  });

  it('sends at most 3 codes an hour for one order, with the same answer', async () => {
    const order = await paidOrder();
    for (let i = 0; i < 4; i++) expect((await askCode(order.number, 'asha@example.in')).statusCode).toBe(200);
    expect(await codeMails(order.number)).toBe(3);
  });

  it('limits code requests per client network, an IPv6 /64 counting as one', async () => {
    const order = await paidOrder();
    for (let i = 0; i < 10; i++)
      expect((await askCode(order.number, 'x@example.in', `2001:db8:7:7::${i + 1}`)).statusCode).toBe(200);
    const limited = await askCode(order.number, 'x@example.in', '2001:db8:7:7:ffff::1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await askCode(order.number, 'x@example.in', '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('refuses malformed input with 400 and a missing, forged or expired token with 401', async () => {
    expect((await askCode('ZV1', 'not-an-email')).json()).toMatchObject({ code: 'VALIDATION' });
    expect((await askCode('ZV1', '12345')).statusCode).toBe(400);
    expect((await verify('ZV1', '12ab56')).statusCode).toBe(400);
    const order = await paidOrder();
    await askCode(order.number, 'asha@example.in');
    const { token } = (await verify(order.number, await mailedCode(order.number))).json();
    const forged = token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await view(forged)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/track' })).json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: TRACK_TEXT.sessionEnded,
    });
    clock += 31 * MINUTE;
    expect((await view(token)).statusCode).toBe(401);
  });

  it('shows each parcel’s events with labels, places and times, the courier’s link and the expected date', async () => {
    const order = await paidOrder();
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const bookedAt = new Date(clock);
    const [parcel] = await t.db
      .insert(shipments)
      .values({
        orderId: order.id,
        carrierMode: 'sandbox',
        awb: `SB${clock}`,
        courierName: 'Test Courier',
        trackingUrl: 'https://courier.example/track/SB1',
        weightGrams: 300,
        lengthCm: 10,
        breadthCm: 10,
        heightCm: 5,
        declaredValuePaise: 2_000_00,
        packedByName: 'Packer',
        sealNumber: 'S-1',
        packedWeightGrams: 300,
        status: 'IN_TRANSIT',
        bookedAt,
        createdBy: 'admin',
      })
      .returning();
    await t.db.insert(shipmentLines).values({ shipmentId: parcel!.id, orderItemId: item!.id, quantity: 1 });
    await t.db.insert(shipmentEvents).values([
      { shipmentId: parcel!.id, type: 'BOOKED', at: bookedAt, source: 'SYSTEM', carrierEventId: `b${clock}` },
      {
        shipmentId: parcel!.id,
        type: 'IN_TRANSIT',
        at: new Date(clock + 60 * MINUTE),
        location: 'Mumbai hub',
        note: 'Left the hub',
        source: 'WEBHOOK',
        carrierEventId: `t${clock}`,
      },
    ]);
    await askCode(order.number, 'asha@example.in');
    const { token } = (await verify(order.number, await mailedCode(order.number))).json();
    const shown = (await view(token)).json();
    expect(shown.shipments).toEqual([
      {
        id: parcel!.id,
        courierName: 'Test Courier',
        awb: parcel!.awb,
        trackingUrl: 'https://courier.example/track/SB1',
        status: 'IN_TRANSIT',
        expectedDelivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        items: [{ name: item!.productName, quantity: 1 }],
        events: [
          { type: 'BOOKED', label: 'Booked', at: bookedAt.toISOString(), location: '', note: '' },
          {
            type: 'IN_TRANSIT',
            label: 'In transit',
            at: new Date(bookedAt.getTime() + 60 * MINUTE).toISOString(),
            location: 'Mumbai hub',
            note: 'Left the hub',
          },
        ],
      },
    ]);
    // Booked today (in Kolkata) with 3 days in transit.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(bookedAt);
    const expected = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000);
    if (expected.getUTCDay() === 0) expected.setUTCDate(expected.getUTCDate() + 1);
    expect(shown.shipments[0].expectedDelivery).toBe(expected.toISOString().slice(0, 10));
    expect(shown.expectedDelivery).toBe(shown.shipments[0].expectedDelivery);
    // Nothing of the buyer's address, email or phone, nor prices.
    expect(JSON.stringify(shown)).not.toMatch(/asha@|9876543210|Residency|price/i);
  });

  it('also sends the code by SMS when the buyer gave the phone number', async () => {
    const order = await paidOrder();
    const texts: { to: string; text: string; reference: string }[] = [];
    const service = createTrackingService({
      db: t.db,
      config: t.config,
      now,
      log: { warn: () => undefined } as never,
      cache: undefined as never,
      carrier,
      sms: { send: async (m) => void texts.push(m) },
      minAnswerMs: 0,
    });
    await service.requestCode({ orderNumber: order.number, contact: { kind: 'phone', value: '9876543210' } });
    await new Promise((r) => setImmediate(r));
    const code = await mailedCode(order.number);
    expect(texts).toEqual([
      {
        to: '9876543210',
        text: expect.stringContaining(code),
        reference: expect.stringMatching(/^tracking-code:\d+$/),
      },
    ]);
    await service.requestCode({
      orderNumber: order.number,
      contact: { kind: 'email', value: 'asha@example.in' },
    });
    await new Promise((r) => setImmediate(r));
    expect(texts).toHaveLength(1);
  });
});
