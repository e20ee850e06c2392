import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor } from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { fakeCarrier } from '../../../test/fake-carrier';
import { emailOutbox, orderItems, shipmentLines, shipments } from '../../db/schema';
import { createShipmentMails } from './shipment-mails';

describe('shipment mails (issue 22 item 5)', () => {
  let t: TestApp;
  const clock = new Date('2026-11-26T05:00:00Z').getTime();
  const now = () => new Date(clock);
  const { carrier } = fakeCarrier({ etaDays: 2 });
  let vendorSlug: string;
  let notify: ReturnType<typeof createShipmentMails>;
  beforeAll(async () => {
    t = await createTestApp({ now, carrier, env: { PUBLIC_URL: 'https://shop.example.in' } });
    vendorSlug = (await createVendor(t.app, t.db)).slug;
    notify = createShipmentMails({
      db: t.db,
      config: t.config,
      now,
      carrier,
      cache: t.app.publicCache,
      log: t.app.log,
    });
  });
  afterAll(async () => t.close());

  async function bookedParcel(otpDelivery = false) {
    const product = await createProduct(t.db, {
      name: `Kada ${Math.random()}`,
      pricePaise: 80_000_00,
      stock: 3,
    });
    const o = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    await t.app.inject({ method: 'POST', url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)) });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    const [parcel] = await t.db
      .insert(shipments)
      .values({
        orderId: o.orderId,
        carrierMode: 'sandbox',
        awb: `AWB${Math.floor(Math.random() * 1e9)}`,
        courierName: 'Test Courier',
        trackingUrl: 'https://courier.example/t/1',
        weightGrams: 300,
        lengthCm: 10,
        breadthCm: 10,
        heightCm: 5,
        declaredValuePaise: 80_000_00,
        insured: otpDelivery,
        otpDelivery,
        packedByName: 'Packer',
        sealNumber: 'S-9',
        packedWeightGrams: 300,
        status: 'BOOKED',
        bookedAt: now(),
        createdBy: 'admin',
      })
      .returning();
    await t.db.insert(shipmentLines).values({ shipmentId: parcel!.id, orderItemId: item!.id, quantity: 1 });
    return {
      parcel: parcel!,
      orderId: o.orderId as string,
      orderNumber: o.orderNumber as string,
      item: item!,
    };
  }
  const mailsOf = (shipmentId: number) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `shipment-%:${shipmentId}`));

  it('queues the booked mail once, with the AWB, the courier’s link and our tracking page', async () => {
    const { parcel, orderId, orderNumber, item } = await bookedParcel();
    const input = { shipmentId: parcel.id, orderId, type: 'BOOKED' as const };
    expect(await notify(input)).toBe(true);
    expect(await notify(input)).toBe(false);
    const mails = await mailsOf(parcel.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: 'asha@example.in',
      subject: `Your order ${orderNumber} has shipped`,
      dedupeKey: `shipment-booked:${parcel.id}`,
    });
    const html = mails[0]!.html;
    expect(html).toContain(parcel.awb!);
    expect(html).toContain('href="https://courier.example/t/1"');
    expect(html).toContain(`href="https://shop.example.in/${vendorSlug}/track?order=${orderNumber}"`);
    expect(html).toContain(item.productName);
    // Booked Thursday, 2 days with the courier.
    expect(html).toContain('Expected delivery: Sat, 28 Nov');
    expect(html).not.toContain('delivery code');
  });

  it('out for delivery says to keep the delivery code ready when the parcel is delivered by code', async () => {
    const plain = await bookedParcel(false);
    const byCode = await bookedParcel(true);
    await notify({ shipmentId: plain.parcel.id, orderId: plain.orderId, type: 'OUT_FOR_DELIVERY' });
    await notify({ shipmentId: byCode.parcel.id, orderId: byCode.orderId, type: 'OUT_FOR_DELIVERY' });
    const [plainMail] = await mailsOf(plain.parcel.id);
    const [codeMail] = await mailsOf(byCode.parcel.id);
    expect(plainMail!.subject).toBe(`Your order ${plain.orderNumber} is out for delivery`);
    expect(plainMail!.html).not.toContain('delivery code');
    expect(codeMail!.html).toContain('keep your delivery code ready');
  });

  it('queues the delivered mail once, and nothing for other events or another order’s parcel', async () => {
    const { parcel, orderId, orderNumber } = await bookedParcel(true);
    for (const type of ['PICKED_UP', 'IN_TRANSIT', 'DELIVERY_FAILED', 'RETURNED_TO_ORIGIN'] as const)
      expect(await notify({ shipmentId: parcel.id, orderId, type })).toBe(false);
    expect(
      await notify({
        shipmentId: parcel.id,
        orderId: '00000000-0000-4000-8000-000000000000',
        type: 'DELIVERED',
      }),
    ).toBe(false);
    expect(await mailsOf(parcel.id)).toHaveLength(0);
    await Promise.all([1, 2, 3].map(() => notify({ shipmentId: parcel.id, orderId, type: 'DELIVERED' })));
    const mails = await mailsOf(parcel.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your order ${orderNumber} has been delivered`);
    expect(mails[0]!.html).not.toContain('delivery code');
  });

  it('is written from the saved template of that name when an admin has saved one', async () => {
    const admin = await createAdminUser(t.app, t.db);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/email-templates',
      headers: admin.headers,
      payload: {
        name: 'shipment-booked',
        subject: 'On its way: {{orderNumber}}',
        body: '<p>AWB {{awb}} with {{courierName}}</p><script>x()</script>',
      },
    });
    expect(saved.statusCode).toBe(201);
    const { parcel, orderId, orderNumber } = await bookedParcel();
    await notify({ shipmentId: parcel.id, orderId, type: 'BOOKED' });
    const [mail] = await mailsOf(parcel.id);
    expect(mail!.subject).toBe(`On its way: ${orderNumber}`);
    expect(mail!.html).toBe(`<p>AWB ${parcel.awb} with Test Courier</p>`);
    // In use: it cannot be deleted.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/email-templates/${saved.json().id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(409);
  });
});
