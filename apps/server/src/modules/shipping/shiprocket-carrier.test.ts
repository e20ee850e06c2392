import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  COURIERS,
  PDF_BYTES,
  STUB_CREDENTIALS,
  UNSERVED_PIN,
  startShiprocketStub,
  type ShiprocketStub,
} from '../../../test/shiprocket-stub';
import { CarrierUnavailableError, type BookingRequest } from './carrier';
import { createShiprocketCarrier } from './shiprocket-carrier';

let stub: ShiprocketStub;
beforeAll(async () => {
  stub = await startShiprocketStub();
});
afterAll(() => stub.close());
afterEach(() => {
  stub.requests.length = 0;
  stub.failNext();
  stub.hangNext(0);
});

let refs = 0;
const carrierFor = (overrides: { password?: string; timeoutMs?: number } = {}) =>
  createShiprocketCarrier({
    ...STUB_CREDENTIALS,
    password: overrides.password ?? STUB_CREDENTIALS.password,
    webhookToken: 'webhook-token-0123456789',
    pickupLocation: 'Zaveri Bazaar',
    baseUrl: stub.baseUrl,
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

const SHOP = {
  name: 'Zevar Demo Jewels',
  phone: '9820012345',
  email: 'dispatch@zevar.in',
  street: '12 Zaveri Bazaar, Kalbadevi',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400002',
  country: 'India',
};
const BUYER = {
  name: 'Ananya Rao Iyer',
  phone: '9876543210',
  email: 'ananya@example.in',
  street: '4 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560001',
  country: 'India',
};

function booking(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    reference: `shp-${++refs}-${Date.now()}`,
    orderNumber: 'ZV-1001',
    direction: 'FORWARD',
    pickup: SHOP,
    delivery: BUYER,
    lines: [
      { sku: 'NK-22K-01', name: 'Temple necklace', units: 1, unitPricePaise: 13_050_075, hsn: '7113' },
      { sku: 'ER-18K-02', name: 'Jhumka earrings', units: 2, unitPricePaise: 1_000_010, hsn: '7113' },
    ],
    declaredValuePaise: 15_000_000,
    insured: true,
    otpDelivery: true,
    weightGrams: 450,
    lengthCm: 20,
    breadthCm: 15,
    heightCm: 8,
    ...overrides,
  };
}

const bodyOf = (path: string) => stub.requests.find((r) => r.path === path)?.body as Record<string, unknown>;

describe('Shiprocket carrier against a local stub of their API', () => {
  it('books, labels, schedules the pickup, manifests, tracks and cancels a shipment', async () => {
    const carrier = carrierFor();
    const request = booking();
    const booked = await carrier.book(request);

    // Recommended courier (43, Delhivery Surface) at ₹150.12.
    expect(booked).toEqual({
      carrierShipmentId: expect.stringMatching(/^\d+$/),
      awb: expect.stringMatching(/^78\d{10}$/),
      courierName: 'Delhivery Surface',
      trackingUrl: `https://shiprocket.co/tracking/${booked.awb}`,
      chargePaise: 15_012,
    });
    expect(stub.calls()).toEqual([
      'POST /auth/login',
      'GET /courier/serviceability',
      'GET /orders',
      'POST /orders/create/adhoc',
      'POST /courier/assign/awb',
    ]);
    expect(stub.requests.slice(1).every((r) => r.auth?.startsWith('Bearer stub-token-'))).toBe(true);
    expect(stub.requests[2]!.query).toEqual({ search: request.reference });
    expect(stub.requests[1]!.query).toEqual({
      pickup_postcode: '400002',
      delivery_postcode: '560001',
      weight: '0.45',
      cod: '0',
      declared_value: '150000',
    });
    expect(bodyOf('/orders/create/adhoc')).toMatchObject({
      order_id: request.reference,
      order_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      pickup_location: 'Zaveri Bazaar',
      billing_customer_name: 'Ananya',
      billing_last_name: 'Rao Iyer',
      billing_pincode: '560001',
      billing_state: 'Karnataka',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      payment_method: 'Prepaid',
      order_items: [
        { sku: 'NK-22K-01', name: 'Temple necklace', units: 1, selling_price: 130_500.75, hsn: '7113' },
        { sku: 'ER-18K-02', name: 'Jhumka earrings', units: 2, selling_price: 10_000.1, hsn: '7113' },
      ],
      sub_total: 150_000,
      total_discount: 500.95,
      length: 20,
      breadth: 15,
      height: 8,
      weight: 0.45,
    });
    expect(bodyOf('/courier/assign/awb')).toEqual({
      shipment_id: Number(booked.carrierShipmentId),
      courier_id: 43,
    });

    stub.requests.length = 0;
    const ref = { carrierShipmentId: booked.carrierShipmentId, awb: booked.awb };
    expect(await carrier.label(ref)).toEqual(PDF_BYTES);
    expect(await carrier.schedulePickup([ref])).toEqual({ pickupAt: new Date('2026-11-27T05:30:00.000Z') });
    expect(await carrier.manifest([ref])).toEqual(PDF_BYTES);
    expect(stub.calls()).toEqual([
      'POST /courier/generate/label',
      'POST /courier/generate/pickup',
      'POST /manifests/generate',
    ]);
    expect(bodyOf('/courier/generate/label')).toEqual({ shipment_id: [Number(ref.carrierShipmentId)] });
    expect(bodyOf('/courier/generate/pickup')).toEqual({ shipment_id: [Number(ref.carrierShipmentId)] });
    // The documents come from their file storage, which never sees our token.
    const downloads = stub.requests.filter((r) => r.path.startsWith('/files/'));
    expect(downloads).toHaveLength(2);
    expect(downloads.every((r) => r.auth === undefined)).toBe(true);

    // A second pickup request is already queued; a second manifest is printed by order id.
    expect(await carrier.schedulePickup([ref])).toEqual({ pickupAt: new Date('2026-11-27T05:30:00.000Z') });
    stub.requests.length = 0;
    expect(await carrier.manifest([ref])).toEqual(PDF_BYTES);
    expect(stub.calls()).toEqual([
      'POST /manifests/generate',
      `GET /shipments/${ref.carrierShipmentId}`,
      'POST /manifests/print',
    ]);

    stub.setTracking(booked.awb, [
      {
        date: '2026-11-28 11:37:00',
        status: 'DLVD',
        activity: 'Delivered',
        location: 'BENGALURU, KARNATAKA',
        'sr-status': '7',
        'sr-status-label': 'DELIVERED',
      },
      {
        date: '2026-11-28 08:57:00',
        status: 'OFD',
        activity: 'Out for Delivery',
        location: 'BENGALURU, KARNATAKA',
        'sr-status': '17',
        'sr-status-label': 'OUT FOR DELIVERY',
      },
      {
        date: '2026-11-27 21:02:00',
        status: 'IT',
        activity: 'InTransit Shipment added in Bag',
        location: 'MUMBAI',
        'sr-status': '18',
        'sr-status-label': 'IN TRANSIT',
      },
      {
        date: '2026-11-27 13:50:00',
        status: 'PUD',
        activity: 'PickDone',
        location: 'MUMBAI',
        'sr-status': '42',
        'sr-status-label': 'PICKED UP',
      },
      {
        date: '2026-11-27 10:04:00',
        status: 'OFP',
        activity: 'Out for Pickup',
        location: 'MUMBAI',
        'sr-status': '19',
        'sr-status-label': 'OUT FOR PICKUP',
      },
      {
        date: '2026-11-27 09:51:00',
        status: 'DRC',
        activity: 'Pending Manifest Data Received',
        location: 'NA',
        'sr-status': 'NA',
        'sr-status-label': 'NA',
      },
    ]);
    const events = await carrier.track(booked.awb);
    expect(events.map((e) => [e.type, e.at.toISOString(), e.location, e.note])).toEqual([
      ['PICKED_UP', '2026-11-27T08:20:00.000Z', 'MUMBAI', 'PickDone'],
      ['IN_TRANSIT', '2026-11-27T15:32:00.000Z', 'MUMBAI', 'InTransit Shipment added in Bag'],
      ['OUT_FOR_DELIVERY', '2026-11-28T03:27:00.000Z', 'BENGALURU, KARNATAKA', 'Out for Delivery'],
      ['DELIVERED', '2026-11-28T06:07:00.000Z', 'BENGALURU, KARNATAKA', 'Delivered'],
    ]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
    expect(await carrier.track('000000000000')).toEqual([]);

    await carrier.cancel(ref);
    expect(bodyOf('/orders/cancel/shipment/awbs')).toEqual({ awbs: [booked.awb] });
    expect(stub.shipments.find((s) => String(s.id) === ref.carrierShipmentId)?.cancelled).toBe(true);
    // A cancelled booking is not silently handed back for its reference.
    await expect(carrier.book(request)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('books the courier chosen from the rates, and a reverse pickup as a return order', async () => {
    const carrier = carrierFor();
    const chosen = await carrier.book(booking({ courierId: '1' }));
    expect(chosen).toMatchObject({ courierName: 'Blue Dart', chargePaise: 12_390 });
    await expect(carrier.book(booking({ courierId: '999' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    stub.requests.length = 0;
    const back = booking({ direction: 'RETURN', pickup: BUYER, delivery: SHOP });
    const returned = await carrier.book(back);
    expect(returned.awb).toMatch(/^78/);
    expect(stub.requests.find((r) => r.path === '/courier/serviceability')?.query).toMatchObject({
      pickup_postcode: '560001',
      delivery_postcode: '400002',
      is_return: '1',
    });
    expect(bodyOf('/orders/create/return')).toMatchObject({
      order_id: back.reference,
      pickup_customer_name: 'Ananya',
      pickup_pincode: '560001',
      shipping_customer_name: 'Zevar',
      shipping_pincode: '400002',
      payment_method: 'Prepaid',
    });
    expect(bodyOf('/orders/create/adhoc')).toBeUndefined();
    // Retrying the reverse pickup finds the return order (their duplicate answer) and its AWB.
    const again = await carrier.book(back);
    expect(again).toMatchObject({ carrierShipmentId: returned.carrierShipmentId, awb: returned.awb });
  });

  it('booking the same reference again creates no second order and reuses the AWB', async () => {
    const carrier = carrierFor();
    const request = booking();
    const first = await carrier.book(request);
    stub.requests.length = 0;
    const second = await carrier.book(request);
    expect(second).toEqual(first);
    expect(stub.calls()).not.toContain('POST /orders/create/adhoc');
    expect(stub.calls()).not.toContain('POST /courier/assign/awb');
    expect(stub.shipments.filter((s) => s.channelOrderId === request.reference)).toHaveLength(1);

    // The order was created but the AWB call was lost: the retry assigns it on the same shipment.
    const lost = booking();
    stub.failNext({ status: 502, body: { message: 'Bad Gateway' }, path: '/courier/assign/awb' });
    await expect(carrier.book(lost)).rejects.toBeInstanceOf(CarrierUnavailableError);
    stub.failNext();
    const found = await carrier.book(lost);
    expect(stub.shipments.filter((s) => s.channelOrderId === lost.reference)).toHaveLength(1);
    expect(found.awb).toMatch(/^78/);
  });

  it('reports serviceability as rates in exact paise, cheapest first, and an unserved PIN as such', async () => {
    const carrier = carrierFor();
    const query = {
      pickupPin: '400002',
      deliveryPin: '560001',
      weightGrams: 1200,
      declaredValuePaise: 5_000_050,
    };
    expect(await carrier.serviceability(query)).toEqual({
      serviceable: true,
      rates: [
        { courierId: '1', courierName: 'Blue Dart', chargePaise: 12_390, etaDays: 2 },
        { courierId: '43', courierName: 'Delhivery Surface', chargePaise: 15_012, etaDays: 4 },
        { courierId: '225', courierName: COURIERS[2]!.courier_name, chargePaise: 123_450, etaDays: 8 },
      ],
    });
    expect(stub.requests.at(-1)!.query).toMatchObject({ weight: '1.2', declared_value: '50001' });
    expect(await carrier.serviceability({ ...query, deliveryPin: UNSERVED_PIN })).toEqual({
      serviceable: false,
    });
  });

  it('logs in once, keeps the token, and logs in again once when it has expired', async () => {
    const carrier = carrierFor();
    const query = { pickupPin: '400002', deliveryPin: '560001', weightGrams: 100, declaredValuePaise: 100 };
    await carrier.serviceability(query);
    await carrier.serviceability(query);
    expect(stub.calls().filter((c) => c === 'POST /auth/login')).toHaveLength(1);
    expect(bodyOf('/auth/login')).toEqual(STUB_CREDENTIALS);

    stub.expireTokens();
    stub.requests.length = 0;
    expect(await carrier.serviceability(query)).toMatchObject({ serviceable: true });
    expect(stub.calls()).toEqual([
      'GET /courier/serviceability',
      'POST /auth/login',
      'GET /courier/serviceability',
    ]);
    const [stale, , fresh] = stub.requests;
    expect(stale!.auth).not.toEqual(fresh!.auth);

    // A second 401 right after a fresh login is not retried for ever.
    stub.failNext(
      { status: 401, body: { message: 'Token has expired' } },
      { status: 401, body: { message: 'Token has expired' } },
    );
    await expect(carrier.serviceability(query)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('a refused login is a clear error that does not repeat the password', async () => {
    const carrier = carrierFor({ password: 'wrong-password-123' });
    const error = await carrier.label({ carrierShipmentId: '1', awb: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('SHIPROCKET_PASSWORD'),
    });
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('wrong-password-123');
  });

  it('an outage, a timeout or a 5xx is CarrierUnavailableError; a 4xx a clear AppError', async () => {
    // The file's 2 s timeout, not a shorter one: the first call below (the sign-in and the rates) must
    // come back in time from the local stub on a loaded machine; at 300 ms it once did not (decision 0090).
    const carrier = carrierFor();
    const query = { pickupPin: '400002', deliveryPin: '560001', weightGrams: 100, declaredValuePaise: 100 };
    await carrier.serviceability(query); // logged in

    stub.failNext({ status: 503, body: { message: 'Service Unavailable' } });
    await expect(carrier.serviceability(query)).rejects.toBeInstanceOf(CarrierUnavailableError);
    stub.failNext({ status: 429, body: { message: 'Too Many Attempts.' } });
    await expect(carrier.serviceability(query)).rejects.toBeInstanceOf(CarrierUnavailableError);
    stub.hangNext(1);
    await expect(carrier.serviceability(query)).rejects.toBeInstanceOf(CarrierUnavailableError);
    // A 200 without the courier list is not 'unserviceable'.
    stub.failNext({ status: 200, body: { status: 200, data: {} } });
    await expect(carrier.serviceability(query)).rejects.toBeInstanceOf(CarrierUnavailableError);

    const down = createShiprocketCarrier({
      ...STUB_CREDENTIALS,
      webhookToken: 'webhook-token-0123456789',
      pickupLocation: 'Zaveri Bazaar',
      baseUrl: 'http://127.0.0.1:1/v1/external',
    });
    await expect(down.serviceability(query)).rejects.toBeInstanceOf(CarrierUnavailableError);

    stub.failNext({
      status: 422,
      body: {
        message: 'Oops! Invalid Data.',
        errors: { billing_pincode: ['The billing pincode must be 6 digits.'] },
        status_code: 422,
      },
    });
    const refused = await carrier.book(booking()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Shiprocket refused the request: Oops! Invalid Data.',
      issues: [{ path: 'billing_pincode', message: 'The billing pincode must be 6 digits.' }],
    });
    await expect(carrier.label({ carrierShipmentId: '424242', awb: 'x' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Shiprocket made no label: No valid shipment ids to print label',
    });
  });
});
