import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SHIPMENT_EVENT_TYPES } from '@zevar/domain';
import { createShiprocketCarrier } from './shiprocket-carrier';
import { SHIPROCKET_STATUS_MAP, shiprocketEventType } from './shiprocket-statuses';

const TOKEN = 'webhook-token-0123456789';
const carrier = createShiprocketCarrier({
  email: 'a@b.in',
  password: 'p',
  webhookToken: TOKEN,
  pickupLocation: 'Home',
  baseUrl: 'http://127.0.0.1:1',
});

/** Their documented sample body (apidocs.shiprocket.in, Webhooks), scans in their order. */
const SAMPLE = {
  awb: '19041424751540',
  courier_name: 'Delhivery Surface',
  current_status: 'IN TRANSIT',
  current_status_id: 20,
  shipment_status: 'IN TRANSIT',
  shipment_status_id: 18,
  current_timestamp: '23 05 2023 11:43:52',
  order_id: '1373900_150876814',
  sr_order_id: 348456385,
  awb_assigned_date: '2023-05-19 11:59:16',
  pickup_scheduled_date: '2023-05-19 11:59:17',
  etd: '2023-05-23 15:40:19',
  scans: [
    {
      date: '2023-05-19 11:59:16',
      status: 'X-UCI',
      activity: 'Manifested - Manifest uploaded',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      'sr-status': '5',
      'sr-status-label': 'MANIFEST GENERATED',
    },
    {
      date: '2023-05-19 15:32:17',
      status: 'X-PPOM',
      activity: 'In Transit - Shipment picked up',
      location: 'Chomu_SamodRd_D (Rajasthan)',
      'sr-status': '42',
      'sr-status-label': 'PICKED UP',
    },
  ],
  is_return: 0,
  channel_id: 3422553,
  pod_status: 'OTP Based Delivery',
  pod: 'Not Available',
};

const raw = Buffer.from(JSON.stringify(SAMPLE));

describe('Shiprocket webhook', () => {
  it('accepts only the configured token in x-api-key', () => {
    expect(carrier.verifyWebhook({ 'x-api-key': TOKEN }, raw)).toBe(true);
    expect(carrier.verifyWebhook({ 'x-api-key': [TOKEN] }, raw)).toBe(true);
    expect(carrier.verifyWebhook({ 'x-api-key': `${TOKEN}x` }, raw)).toBe(false);
    expect(carrier.verifyWebhook({ 'x-api-key': TOKEN.slice(0, -1) }, raw)).toBe(false);
    expect(carrier.verifyWebhook({ 'x-api-key': '' }, raw)).toBe(false);
    expect(carrier.verifyWebhook({}, raw)).toBe(false);
    expect(carrier.verifyWebhook({ authorization: `Bearer ${TOKEN}` }, raw)).toBe(false);
  });

  it('reads their sample: the pickup scan and the current status, oldest first, in India time', () => {
    const events = carrier.parseWebhook(SAMPLE);
    expect(events.map(({ eventId: _id, ...e }) => ({ ...e, at: e.at.toISOString() }))).toEqual([
      {
        awb: '19041424751540',
        type: 'PICKED_UP',
        at: '2023-05-19T10:02:17.000Z',
        location: 'Chomu_SamodRd_D (Rajasthan)',
        note: 'In Transit - Shipment picked up',
      },
      {
        awb: '19041424751540',
        type: 'IN_TRANSIT',
        at: '2023-05-23T06:13:52.000Z',
        location: '',
        note: 'IN TRANSIT',
      },
    ]);
    // The same body delivered again gives the same event ids (the shipments module deduplicates on them).
    expect(carrier.parseWebhook(structuredClone(SAMPLE)).map((e) => e.eventId)).toEqual(
      events.map((e) => e.eventId),
    );
  });

  it.each([
    ['OUT FOR DELIVERY', 17, 'OUT_FOR_DELIVERY'],
    ['DELIVERED', 7, 'DELIVERED'],
    ['UNDELIVERED', 21, 'DELIVERY_FAILED'],
    ['UNDELIVERED-2nd Attempt', 21, 'DELIVERY_FAILED'],
    ['LOST', 12, 'DELIVERY_FAILED'],
    ['RTO INITIATED', 9, 'RETURNED_TO_ORIGIN'],
    ['RTO IN TRANSIT', 46, 'RETURNED_TO_ORIGIN'],
    ['RTO DELIVERED', 10, 'RETURNED_TO_ORIGIN'],
    ['RTO_OFD', 41, 'RETURNED_TO_ORIGIN'],
    ['Return Delivered', 7, 'DELIVERED'],
  ])('maps %s (code %i) to %s', (status, code, type) => {
    const events = carrier.parseWebhook({
      ...SAMPLE,
      current_status: status,
      shipment_status: status,
      shipment_status_id: code,
      scans: [],
    });
    expect(events.map((e) => e.type)).toEqual([type]);
    expect(shiprocketEventType(undefined, code)).toBe(
      type === 'DELIVERED' && status.startsWith('Return') ? 'DELIVERED' : type,
    );
  });

  it('ignores statuses before pickup and statuses it does not know, and never throws', () => {
    for (const status of [
      'AWB ASSIGNED',
      'PICKUP SCHEDULED',
      'OUT FOR PICKUP',
      'MANIFEST GENERATED',
      'SOMETHING NEW',
    ])
      expect(
        carrier.parseWebhook({
          ...SAMPLE,
          current_status: status,
          shipment_status: status,
          shipment_status_id: 99,
          scans: [],
        }),
      ).toEqual([]);
    for (const body of [
      null,
      'text',
      42,
      [],
      {},
      { awb: '' },
      { awb: '1', scans: 'x' },
      { awb: '1', current_status: 'DELIVERED' },
    ])
      expect(carrier.parseWebhook(body)).toEqual([]);
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(Array.isArray(carrier.parseWebhook(body))).toBe(true);
      }),
    );
  });

  it('every mapped status is one of the shop’s event types', () => {
    for (const type of Object.values(SHIPROCKET_STATUS_MAP)) expect(SHIPMENT_EVENT_TYPES).toContain(type);
  });
});
