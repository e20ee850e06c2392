import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  SANDBOX_NEXT_STEPS,
  safeString,
  shipmentEventTypeSchema,
  type ShipmentEventType,
} from '@zevar/domain';
import type { Db } from '../../db/client';
import { sandboxShipments, type SandboxShipmentEvent } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type {
  BookedRef,
  Booking,
  BookingRequest,
  Carrier,
  CarrierEvent,
  CarrierRate,
  Serviceability,
  ServiceabilityQuery,
} from './carrier';
import { renderLabelPdf, renderManifestPdf } from './shipment-pdfs';

/**
 * The offline sandbox carrier (SHIPPING=sandbox, the default), documented in
 * docs/decisions/0037-shipments-and-carriers.md. Deterministic:
 *
 * - Serviceability: a PIN code is 6 digits not starting with 0. PINs starting with 9 (the Army
 *   Postal Service) and PINs ending in 99 are not served; every other PIN is.
 * - Zones: same first three digits (one sorting district) LOCAL, same first digit (one postal region)
 *   REGIONAL, else NATIONAL; deliveries to Jammu & Kashmir, Ladakh and the North East (PINs starting
 *   18, 19, 78, 79) are REMOTE.
 * - Two couriers: Sandbox Surface and Sandbox Express. Charge = base + per started 500 g + 0.2 % of
 *   the declared value (insurance), by zone; ETA in days by zone (Express a day or two sooner).
 * - Booking assigns AWB `ZVS` + 10 digits, idempotent by reference (a second booking of the same
 *   reference returns the first). Events are advanced by `advance` (an admin or a test) along
 *   BOOKED → PICKED_UP → IN_TRANSIT → OUT_FOR_DELIVERY → DELIVERED, with DELIVERY_FAILED and
 *   RETURNED_TO_ORIGIN; each advance answers the webhook body the sandbox then posts to
 *   /api/webhooks/carrier with its token in `x-api-key`, as Shiprocket does.
 */

export const SANDBOX_CARRIER_NAME = 'Zevar Sandbox Carrier';

type Zone = 'LOCAL' | 'REGIONAL' | 'NATIONAL' | 'REMOTE';
const ZONE_RATES: Record<
  Zone,
  { basePaise: number; per500Paise: number; surfaceDays: number; expressDays: number }
> = {
  LOCAL: { basePaise: 4_000, per500Paise: 2_000, surfaceDays: 2, expressDays: 1 },
  REGIONAL: { basePaise: 5_500, per500Paise: 3_000, surfaceDays: 3, expressDays: 2 },
  NATIONAL: { basePaise: 7_000, per500Paise: 4_500, surfaceDays: 5, expressDays: 3 },
  REMOTE: { basePaise: 9_000, per500Paise: 6_000, surfaceDays: 7, expressDays: 5 },
};
const COURIERS = [
  { id: 'sandbox-surface', name: 'Sandbox Surface', factor: 1, express: false },
  { id: 'sandbox-express', name: 'Sandbox Express', factor: 1.6, express: true },
] as const;

export function isServedPin(pin: string): boolean {
  return /^[1-9][0-9]{5}$/.test(pin) && !pin.startsWith('9') && !pin.endsWith('99');
}

function zoneOf(from: string, to: string): Zone {
  if (/^(18|19|78|79)/.test(to)) return 'REMOTE';
  if (from.slice(0, 3) === to.slice(0, 3)) return 'LOCAL';
  if (from[0] === to[0]) return 'REGIONAL';
  return 'NATIONAL';
}

/** The sandbox's rates for a route, cheapest first ([] when either end is not served). */
export function sandboxRates(q: ServiceabilityQuery): CarrierRate[] {
  if (!isServedPin(q.pickupPin) || !isServedPin(q.deliveryPin)) return [];
  const zone = ZONE_RATES[zoneOf(q.pickupPin, q.deliveryPin)];
  const slabs = Math.max(1, Math.ceil(q.weightGrams / 500));
  const insurance = Math.round(q.declaredValuePaise * 0.002);
  return COURIERS.map((c) => ({
    courierId: c.id,
    courierName: c.name,
    chargePaise: Math.round((zone.basePaise + slabs * zone.per500Paise) * c.factor) + insurance,
    etaDays: c.express ? zone.expressDays : zone.surfaceDays,
  })).sort((a, b) => a.chargePaise - b.chargePaise);
}

/** Which step may follow which at the sandbox (what a courier's scans would allow). */
const NEXT = SANDBOX_NEXT_STEPS;
const DEFAULT_NOTES: Record<ShipmentEventType, string> = {
  BOOKED: 'Shipment booked',
  PICKED_UP: 'Picked up from the shop',
  IN_TRANSIT: 'In transit at the sorting hub',
  OUT_FOR_DELIVERY: 'Out for delivery',
  DELIVERED: 'Delivered',
  DELIVERY_FAILED: 'Delivery attempted: the buyer was not available',
  RETURNED_TO_ORIGIN: 'Returned to the shop',
};

/** The body the sandbox posts to the carrier webhook for one event. */
const webhookBodySchema = z.object({
  carrier: z.literal('sandbox'),
  awb: safeString().min(1).max(40),
  event_id: safeString().min(1).max(200),
  status: shipmentEventTypeSchema,
  at: z.iso.datetime({ offset: true }),
  location: safeString().max(200).default(''),
  note: safeString().max(500).default(''),
  weight_grams: z.number().int().positive().max(1_000_000).optional(),
});
export type SandboxWebhookBody = z.infer<typeof webhookBodySchema>;

type Options = {
  now: () => Date;
  /** Signs the token the sandbox's webhooks carry (RAZORPAY_WEBHOOK_SECRET or the one kept in DATA_DIR). */
  secret: string;
  timeZone: string;
};

const toCarrierEvent = (awb: string, e: SandboxShipmentEvent): CarrierEvent => ({
  eventId: e.eventId,
  awb,
  type: e.type,
  at: new Date(e.at),
  location: e.location,
  note: e.note,
  ...(e.weightGrams !== undefined ? { weightGrams: e.weightGrams } : {}),
});

export function createSandboxCarrier(db: Db, opts: Options) {
  const token = createHmac('sha256', opts.secret).update('zevar-sandbox-carrier-webhook').digest('hex');

  async function find(awb: string) {
    const [row] = await db.select().from(sandboxShipments).where(eq(sandboxShipments.awb, awb));
    if (!row) throw notFound('Sandbox shipment');
    return row;
  }
  const asBooking = (row: typeof sandboxShipments.$inferSelect): Booking => ({
    carrierShipmentId: row.id,
    awb: row.awb,
    courierName: row.courierName,
    // Our own tracking page stands for the sandbox courier's site: the order filled in, the AWB kept.
    trackingUrl: `/track?order=${encodeURIComponent(row.orderNumber)}&awb=${encodeURIComponent(row.awb)}`,
    chargePaise: row.chargePaise,
  });

  const carrier: Carrier = {
    mode: 'sandbox',
    async serviceability(q): Promise<Serviceability> {
      const rates = sandboxRates(q);
      return rates.length === 0 ? { serviceable: false } : { serviceable: true, rates };
    },
    async book(request: BookingRequest): Promise<Booking> {
      const [existing] = await db
        .select()
        .from(sandboxShipments)
        .where(eq(sandboxShipments.reference, request.reference));
      if (existing) return asBooking(existing);
      const rates = sandboxRates({
        pickupPin: request.pickup.pin,
        deliveryPin: request.delivery.pin,
        weightGrams: request.weightGrams,
        declaredValuePaise: request.declaredValuePaise,
      });
      const rate = request.courierId ? rates.find((r) => r.courierId === request.courierId) : rates[0];
      if (rates.length === 0)
        throw conflict(`The sandbox carrier does not deliver to PIN code ${request.delivery.pin}`);
      if (!rate) throw conflict(`The sandbox carrier has no courier ${request.courierId}`);
      const at = opts.now();
      const awb = `ZVS${String(randomInt(1_000_000_000, 9_999_999_999))}`;
      const id = `sbx_${awb.slice(3)}`;
      await db
        .insert(sandboxShipments)
        .values({
          id,
          reference: request.reference,
          awb,
          orderNumber: request.orderNumber,
          direction: request.direction,
          courierId: rate.courierId,
          courierName: rate.courierName,
          chargePaise: rate.chargePaise,
          pickupPin: request.pickup.pin,
          deliveryPin: request.delivery.pin,
          weightGrams: request.weightGrams,
          declaredValuePaise: request.declaredValuePaise,
          otpDelivery: request.otpDelivery,
          status: 'BOOKED',
          events: [
            {
              eventId: `${awb}:BOOKED:${at.toISOString()}`,
              type: 'BOOKED',
              at: at.toISOString(),
              location: request.pickup.city,
              note: `Booked with ${rate.courierName}`,
            },
          ],
          request: request as unknown as Record<string, unknown>,
          createdAt: at,
        })
        // Two bookings of one reference at once: the second finds the first's row.
        .onConflictDoNothing({ target: sandboxShipments.reference });
      const [row] = await db
        .select()
        .from(sandboxShipments)
        .where(eq(sandboxShipments.reference, request.reference));
      return asBooking(row!);
    },
    async label(ref: BookedRef) {
      const row = await find(ref.awb);
      const r = row.request as unknown as BookingRequest;
      return renderLabelPdf({
        carrierName: SANDBOX_CARRIER_NAME,
        courierName: row.courierName,
        awb: row.awb,
        orderNumber: row.orderNumber,
        pickup: r.pickup,
        delivery: r.delivery,
        weightGrams: row.weightGrams,
        dimensions: `${r.lengthCm} × ${r.breadthCm} × ${r.heightCm}`,
        declaredValuePaise: row.declaredValuePaise,
        insured: r.insured,
        otpDelivery: row.otpDelivery,
        bookedAt: row.createdAt,
        timeZone: opts.timeZone,
      });
    },
    async manifest(refs: BookedRef[]) {
      const rows =
        refs.length === 0
          ? []
          : await db
              .select()
              .from(sandboxShipments)
              .where(
                inArray(
                  sandboxShipments.awb,
                  refs.map((r) => r.awb),
                ),
              );
      const first = rows[0]?.request as unknown as BookingRequest | undefined;
      return renderManifestPdf({
        carrierName: SANDBOX_CARRIER_NAME,
        pickup: first?.pickup ?? {
          name: '',
          phone: '',
          email: '',
          street: '',
          city: '',
          state: '',
          pin: '',
          country: 'India',
        },
        rows: rows.map((r) => ({
          awb: r.awb,
          orderNumber: r.orderNumber,
          courierName: r.courierName,
          weightGrams: r.weightGrams,
          declaredValuePaise: r.declaredValuePaise,
          deliveryPin: r.deliveryPin,
        })),
        generatedAt: opts.now(),
        timeZone: opts.timeZone,
      });
    },
    /** The courier comes the next day at 11:00 in the business timezone's clock (IST: 05:30 UTC). */
    async schedulePickup(refs: BookedRef[]) {
      const now = opts.now();
      const pickupAt = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 5, 30),
      );
      for (const ref of refs) {
        const row = await find(ref.awb);
        if (row.status !== 'BOOKED') throw conflict(`Parcel ${ref.awb} is no longer waiting for pickup`);
        await db.update(sandboxShipments).set({ pickupAt }).where(eq(sandboxShipments.awb, ref.awb));
      }
      return { pickupAt };
    },
    async cancel(ref: BookedRef) {
      const row = await find(ref.awb);
      if (row.status === 'CANCELLED') return;
      if (row.status !== 'BOOKED')
        throw conflict(`Parcel ${ref.awb} is picked up already and cannot be cancelled`);
      await db.update(sandboxShipments).set({ status: 'CANCELLED' }).where(eq(sandboxShipments.awb, ref.awb));
    },
    async track(awb: string) {
      const row = await find(awb);
      return row.events.map((e) => toCarrierEvent(awb, e));
    },
    verifyWebhook(headers) {
      const given = headers['x-api-key'];
      if (typeof given !== 'string') return false;
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    parseWebhook(body: unknown): CarrierEvent[] {
      const parsed = webhookBodySchema.safeParse(body);
      if (!parsed.success) return [];
      const b = parsed.data;
      return [
        {
          eventId: b.event_id,
          awb: b.awb,
          type: b.status,
          at: new Date(b.at),
          location: b.location,
          note: b.note,
          ...(b.weight_grams !== undefined ? { weightGrams: b.weight_grams } : {}),
        },
      ];
    },
  };

  /**
   * The parcel's next step at the sandbox courier: checked against the steps a parcel can take,
   * recorded on the sandbox's side, and answered as the webhook body to post (with the token header).
   */
  async function advance(
    awb: string,
    step: { type: ShipmentEventType; location?: string; weightGrams?: number; note?: string },
  ): Promise<{ body: SandboxWebhookBody; headers: Record<string, string> }> {
    const row = await find(awb);
    if (!(NEXT[row.status] ?? []).includes(step.type))
      throw conflict(
        `The sandbox parcel is ${row.status}: it can go on to ${(NEXT[row.status] ?? []).join(', ') || 'nothing further'}`,
      );
    const at = opts.now();
    const event: SandboxShipmentEvent = {
      eventId: `${awb}:${step.type}:${at.toISOString()}`,
      type: step.type,
      at: at.toISOString(),
      location: step.location || (step.type === 'RETURNED_TO_ORIGIN' ? 'Origin' : `PIN ${row.deliveryPin}`),
      note: step.note ?? DEFAULT_NOTES[step.type],
      ...(step.type === 'DELIVERED' ? { weightGrams: step.weightGrams ?? row.weightGrams } : {}),
    };
    await db
      .update(sandboxShipments)
      .set({ status: step.type, events: [...row.events, event] })
      .where(eq(sandboxShipments.awb, awb));
    return {
      body: {
        carrier: 'sandbox',
        awb,
        event_id: event.eventId,
        status: event.type,
        at: event.at,
        location: event.location,
        note: event.note,
        ...(event.weightGrams !== undefined ? { weight_grams: event.weightGrams } : {}),
      },
      headers: { 'x-api-key': token },
    };
  }

  /** The sandbox parcel's state (the admin's buttons offer its next steps). */
  async function stateOf(awb: string): Promise<{ status: string; next: readonly ShipmentEventType[] }> {
    const row = await find(awb);
    return { status: row.status, next: NEXT[row.status] ?? [] };
  }

  return { carrier, advance, stateOf, webhookHeaders: { 'x-api-key': token } };
}
export type SandboxCarrier = ReturnType<typeof createSandboxCarrier>;
