import { AppError, conflict } from '../../lib/errors';
import {
  type BookedRef,
  type Booking,
  type BookingRequest,
  type Carrier,
  type Serviceability,
  type ServiceabilityQuery,
} from './carrier';
import {
  createShiprocketHttp,
  type FetchImpl,
  type ShiprocketConfig,
  type ShiprocketHttp,
} from './shiprocket-http';
import { paiseToWholeRupeesUp } from './shiprocket-money';
import { orderedUnique, parseShiprocketTime, scanEvent } from './shiprocket-statuses';
import { parseShiprocketWebhook, verifyShiprocketToken } from './shiprocket-webhook';
import { bookingBody } from './shiprocket-booking-body';

export type { ShiprocketConfig } from './shiprocket-http';
export const SHIPROCKET_TRACKING_URL = 'https://shiprocket.co/tracking/';

import {
  alreadyTaken,
  chooseRate,
  findExisting,
  list,
  obj,
  publicRate,
  ratesOf,
  str,
  unexpected,
  type Existing,
  type RateOffer,
  type Json,
} from './shiprocket-lookups';

/** The variables SHIPPING=shiprocket needs, from the parsed configuration (env.ts checks they are set). */
export function shiprocketConfigFrom(env: {
  SHIPROCKET_EMAIL?: string;
  SHIPROCKET_PASSWORD?: string;
  SHIPROCKET_WEBHOOK_TOKEN?: string;
  SHIPROCKET_PICKUP_LOCATION?: string;
  SHIPROCKET_BASE_URL: string;
}): ShiprocketConfig {
  const { SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_WEBHOOK_TOKEN, SHIPROCKET_PICKUP_LOCATION } = env;
  if (!SHIPROCKET_EMAIL || !SHIPROCKET_PASSWORD || !SHIPROCKET_WEBHOOK_TOKEN || !SHIPROCKET_PICKUP_LOCATION)
    throw new Error(
      'SHIPPING=shiprocket needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_WEBHOOK_TOKEN and SHIPROCKET_PICKUP_LOCATION',
    );
  return {
    email: SHIPROCKET_EMAIL,
    password: SHIPROCKET_PASSWORD,
    webhookToken: SHIPROCKET_WEBHOOK_TOKEN,
    pickupLocation: SHIPROCKET_PICKUP_LOCATION,
    baseUrl: env.SHIPROCKET_BASE_URL,
  };
}

/** Shiprocket's client behind the shop's Carrier interface (decision 0038). */
export function createShiprocketCarrier(config: ShiprocketConfig, fetchImpl: FetchImpl = fetch): Carrier {
  const http = createShiprocketHttp(config, fetchImpl);

  async function rates(q: ServiceabilityQuery & { isReturn?: boolean }): Promise<RateOffer[]> {
    let answer: Json;
    try {
      answer = await http.get('courier/serviceability', {
        pickup_postcode: q.pickupPin,
        delivery_postcode: q.deliveryPin,
        weight: q.weightGrams / 1000,
        cod: 0,
        declared_value: paiseToWholeRupeesUp(q.declaredValuePaise),
        is_return: q.isReturn ? 1 : undefined,
      });
    } catch (e) {
      // They answer an unknown or unserved PIN code with 404.
      if (e instanceof AppError && e.code === 'NOT_FOUND') return [];
      throw e;
    }
    if (Number(answer.status) === 404) return [];
    if (!Array.isArray(obj(answer.data).available_courier_companies))
      throw unexpected('the serviceability check');
    return ratesOf(answer);
  }

  async function create(req: BookingRequest): Promise<Existing> {
    const path = req.direction === 'RETURN' ? 'orders/create/return' : 'orders/create/adhoc';
    try {
      const created = await http.post(path, bookingBody(req, config.pickupLocation, new Date()));
      const shipmentId = str(created.shipment_id);
      if (shipmentId)
        return {
          shipmentId,
          awb: str(created.awb_code),
          courierName: str(created.courier_name),
          cancelled: false,
        };
      // Without a shipment id the order id was taken (their duplicate answer): fetch the first order.
    } catch (e) {
      if (!alreadyTaken(e)) throw e;
    }
    const existing = await findExisting(http, req);
    if (!existing) throw unexpected('creating the order');
    return existing;
  }

  async function assign(shipmentId: string, courierId: string) {
    const answer = await http.post('courier/assign/awb', {
      shipment_id: Number(shipmentId),
      courier_id: Number(courierId),
    });
    const data = obj(obj(answer.response).data);
    const awb = str(data.awb_code);
    if (Number(answer.awb_assign_status) !== 1 || !awb) {
      const why = str(data.awb_assign_error) || str(answer.message);
      throw new AppError(
        'BAD_REQUEST',
        why ? `Shiprocket assigned no AWB: ${why.slice(0, 300)}` : 'Shiprocket assigned no AWB',
      );
    }
    return { awb, courierName: str(data.courier_name) };
  }

  async function orderIdOf(shipmentId: string): Promise<string> {
    const id = str(obj((await http.get(`shipments/${encodeURIComponent(shipmentId)}`)).data).order_id);
    if (!id) throw unexpected('a shipment lookup');
    return id;
  }

  return {
    mode: 'shiprocket',

    async serviceability(q): Promise<Serviceability> {
      const offers = await rates(q);
      return offers.length ? { serviceable: true, rates: offers.map(publicRate) } : { serviceable: false };
    },

    async book(req): Promise<Booking> {
      const isReturn = req.direction === 'RETURN';
      const offers = await rates({
        pickupPin: req.pickup.pin,
        deliveryPin: req.delivery.pin,
        weightGrams: req.weightGrams,
        declaredValuePaise: req.declaredValuePaise,
        isReturn,
      });
      let shipment = await findExisting(http, req);
      if (shipment?.cancelled)
        throw conflict('This shipment was cancelled at Shiprocket; book it again as a new shipment');
      shipment ??= await create(req);
      let { awb, courierName } = shipment;
      let chargePaise: number;
      if (awb) {
        // Booked before (a retry): its AWB is reused; the charge is the courier's current rate.
        const named = offers.find((r) => r.courierName === courierName) ?? offers[0];
        chargePaise = named?.chargePaise ?? 0;
      } else {
        const rate = chooseRate(offers, req.courierId);
        ({ awb, courierName } = await assign(shipment.shipmentId, rate.courierId));
        courierName ||= rate.courierName;
        chargePaise = rate.chargePaise;
      }
      return {
        carrierShipmentId: shipment.shipmentId,
        awb,
        courierName,
        trackingUrl: `${SHIPROCKET_TRACKING_URL}${encodeURIComponent(awb)}`,
        chargePaise,
      };
    },

    async label(ref) {
      const answer = await http.post('courier/generate/label', {
        shipment_id: [Number(ref.carrierShipmentId)],
      });
      const url = str(answer.label_url);
      if (Number(answer.label_created) !== 1 || !url)
        throw new AppError(
          'BAD_REQUEST',
          `Shiprocket made no label: ${str(answer.response) || 'no reason given'}`,
        );
      return http.download(url);
    },

    async manifest(refs) {
      const ids = refs.map((r) => Number(r.carrierShipmentId));
      let url: string;
      try {
        url = str((await http.post('manifests/generate', { shipment_id: ids })).manifest_url);
      } catch (e) {
        // A manifest is generated once per shipment; printing it again goes by their order ids.
        if (!alreadyTaken(e)) throw e;
        const orderIds = await Promise.all(refs.map((r) => orderIdOf(r.carrierShipmentId)));
        url = str((await http.post('manifests/print', { order_ids: orderIds.map(Number) })).manifest_url);
      }
      if (!url) throw new AppError('BAD_REQUEST', 'Shiprocket made no manifest: request the pickup first');
      return http.download(url);
    },

    async schedulePickup(refs) {
      let latest: Date | undefined;
      // Their pickup request takes one shipment at a time.
      for (const ref of refs) {
        const at = await requestPickup(http, ref);
        if (!latest || at > latest) latest = at;
      }
      if (!latest) throw new AppError('BAD_REQUEST', 'No shipments to collect');
      return { pickupAt: latest };
    },

    async cancel(ref) {
      await http.post('orders/cancel/shipment/awbs', { awbs: [ref.awb] });
    },

    async track(awb) {
      const answer = await http.get(`courier/track/awb/${encodeURIComponent(awb)}`);
      const data = obj(answer.tracking_data);
      const events = list(data.shipment_track_activities).map((s) => scanEvent(awb, s));
      return orderedUnique(events.filter((e) => e !== undefined));
    },

    verifyWebhook: (headers) => verifyShiprocketToken(config.webhookToken, headers),
    parseWebhook: parseShiprocketWebhook,
  };
}

/** One pickup request; a repeated one (already queued) answers with the date found on the order. */
async function requestPickup(http: ShiprocketHttp, ref: BookedRef): Promise<Date> {
  try {
    const answer = await http.post('courier/generate/pickup', {
      shipment_id: [Number(ref.carrierShipmentId)],
    });
    const at = parseShiprocketTime(obj(answer.response).pickup_scheduled_date);
    if (Number(answer.pickup_status) !== 1 || !at) throw unexpected('the pickup request');
    return at;
  } catch (e) {
    if (!alreadyTaken(e)) throw e;
    const orders = list((await http.get('orders', { search: ref.awb })).data);
    const shipment = orders
      .flatMap((o) => list(o.shipments))
      .find((s) => str(s.id) === ref.carrierShipmentId || str(s.awb) === ref.awb);
    const at = parseShiprocketTime(shipment?.pickup_scheduled_date);
    if (!at) throw unexpected('the pickup request');
    return at;
  }
}
