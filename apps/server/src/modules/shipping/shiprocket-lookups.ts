import { AppError } from '../../lib/errors';
import { CarrierUnavailableError, type BookingRequest, type CarrierRate } from './carrier';
import type { ShiprocketHttp } from './shiprocket-http';
import { rupeesToPaise } from './shiprocket-money';

/** Reading Shiprocket's answers: rates from serviceability, an order already booked for a reference. */
export type Json = Record<string, unknown>;
export type RateOffer = CarrierRate & { recommended: boolean };

export const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
export const str = (v: unknown) =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
export const unexpected = (what: string) =>
  new CarrierUnavailableError(`Shiprocket gave an unexpected answer to ${what}`);

/** available_courier_companies as rates, cheapest first (Shiprocket's `rate` is rupees, with paise). */
export function ratesOf(answer: Json): RateOffer[] {
  const data = obj(answer.data);
  const recommended = str(data.recommended_courier_company_id);
  return list(data.available_courier_companies)
    .flatMap((c): RateOffer[] => {
      const courierId = str(c.courier_company_id);
      const rate = c.rate ?? c.freight_charge;
      const days = Number(c.estimated_delivery_days ?? c.etd_days);
      if (!courierId || (typeof rate !== 'number' && typeof rate !== 'string')) return [];
      let chargePaise: number;
      try {
        chargePaise = rupeesToPaise(rate);
      } catch {
        return [];
      }
      return [
        {
          courierId,
          courierName: str(c.courier_name) || `Courier ${courierId}`,
          chargePaise,
          etaDays: Number.isFinite(days) && days >= 0 ? Math.round(days) : 0,
          recommended: courierId === recommended,
        },
      ];
    })
    .sort((a, b) => a.chargePaise - b.chargePaise || a.etaDays - b.etaDays);
}

export const publicRate = ({ recommended: _r, ...rate }: RateOffer): CarrierRate => rate;

/** The courier a booking uses: the one asked for, else Shiprocket's recommendation, else the cheapest. */
export function chooseRate(rates: RateOffer[], courierId?: string): RateOffer {
  if (courierId) {
    const asked = rates.find((r) => r.courierId === courierId);
    if (!asked) throw new AppError('BAD_REQUEST', 'The chosen courier does not serve this route any more');
    return asked;
  }
  const chosen = rates.find((r) => r.recommended) ?? rates[0];
  if (!chosen) throw new AppError('BAD_REQUEST', 'No Shiprocket courier serves this route');
  return chosen;
}

/** An order Shiprocket already holds for this reference (a retried or repeated booking). */
export type Existing = { shipmentId: string; awb: string; courierName: string; cancelled: boolean };

export async function findExisting(http: ShiprocketHttp, req: BookingRequest): Promise<Existing | undefined> {
  const answer = await http.get('orders', { search: req.reference });
  let order = list(answer.data).find((o) => str(o.channel_order_id) === req.reference);
  if (!order && req.direction === 'RETURN') {
    // Return orders are listed apart, without a search; a retried reverse pickup is recent.
    for (let page = 1; page <= 5 && !order; page++) {
      const returns = list((await http.get('orders/processing/return', { page, per_page: 100 })).data);
      order = returns.find((o) => str(o.channel_order_id) === req.reference);
      if (returns.length < 100) break;
    }
  }
  if (!order) return undefined;
  const shipment = list(order.shipments)[0] ?? {};
  const shipmentId = str(shipment.id) || str(order.shipment_id);
  if (!shipmentId) return undefined;
  return {
    shipmentId,
    awb: str(shipment.awb),
    courierName: str(shipment.courier),
    cancelled: /CANCEL/i.test(str(order.status)),
  };
}

export const alreadyTaken = (e: unknown) =>
  e instanceof AppError && e.code === 'BAD_REQUEST' && /already/i.test(JSON.stringify(e.issues ?? e.message));
