import {
  DELIVERY_TEXT,
  deliveryDate,
  formatDeliveryDate,
  zonedIsoDate,
  type DeliveryEstimate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { shopPinCode } from './pickup-pin.read-model';

/** What the estimate asks the courier about: a typical jewellery parcel (the box, not the piece). */
const PARCEL_GRAMS = 500;

type CarrierAnswer = { serviceable: boolean; etaDays: number };

export type DeliveryDeps = Pick<AppContext, 'db' | 'config' | 'now' | 'cache' | 'log' | 'carrier'>;

const unavailable = () => new AppError('UNAVAILABLE', DELIVERY_TEXT.unavailable);

/**
 * 'Delivery by <date>' before buying (issue 22 item 6): the courier's serviceability of the route
 * from the shop's PIN code (or SHIP_FROM_PIN) to the buyer's, kept for DELIVERY_ESTIMATE_CACHE_MINUTES
 * per route, plus DISPATCH_DAYS working days, counted from today in the business timezone.
 */
export function createDeliveryEstimates(deps: DeliveryDeps) {
  const { config } = deps;
  const ttlMs = config.DELIVERY_ESTIMATE_CACHE_MINUTES * 60_000;

  const originOf = async (vendorSlug: string | undefined) =>
    (vendorSlug
      ? await deps.cache.value(`pickup-pin:${vendorSlug}`, ['shops'], () => shopPinCode(deps.db, vendorSlug))
      : null) ?? config.shipFromPin;

  /** The courier's answer for the route, from the cache or (once for concurrent asks) from the courier. */
  async function route(origin: string, pin: string): Promise<CarrierAnswer> {
    const carrier = deps.carrier;
    if (!carrier) throw unavailable();
    const cached = await deps.cache.answer(`serviceability:${origin}:${pin}`, async () => {
      const answer = await carrier.serviceability({
        pickupPin: origin,
        deliveryPin: pin,
        weightGrams: PARCEL_GRAMS,
        declaredValuePaise: 0,
      });
      const body: CarrierAnswer = answer.serviceable
        ? { serviceable: true, etaDays: answer.rates[0]?.etaDays ?? 0 }
        : { serviceable: false, etaDays: 0 };
      return { body: JSON.stringify(body), tags: [], ttlMs };
    });
    return JSON.parse(cached.body.toString('utf8')) as CarrierAnswer;
  }

  async function estimate(pin: string, vendorSlug?: string): Promise<DeliveryEstimate> {
    let answer: CarrierAnswer;
    try {
      answer = await route(await originOf(vendorSlug), pin);
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log.warn({ err }, 'the courier did not answer a serviceability check');
      throw unavailable();
    }
    if (!answer.serviceable)
      return { pin, serviceable: false, deliveryBy: null, message: DELIVERY_TEXT.unserviceable(pin) };
    const today = zonedIsoDate(deps.now(), config.BUSINESS_TIMEZONE);
    const by = deliveryDate(today, config.DISPATCH_DAYS, answer.etaDays);
    return {
      pin,
      serviceable: true,
      deliveryBy: by,
      message: DELIVERY_TEXT.deliveryBy(formatDeliveryDate(by)),
    };
  }

  return {
    estimate,
    /** Days the courier takes to the PIN code from the shop, or null when it does not serve it or cannot be asked. */
    async transitDays(pin: string, vendorSlug?: string): Promise<number | null> {
      try {
        const answer = await route(await originOf(vendorSlug), pin);
        return answer.serviceable ? answer.etaDays : null;
      } catch (err) {
        if (!(err instanceof AppError))
          deps.log.warn({ err }, 'the courier did not answer a serviceability check');
        return null;
      }
    },
    /**
     * Refuses an order to a PIN code the courier does not serve, before any payment. When the courier
     * cannot be asked just now the order goes ahead: an outage must not stop sales, and the fulfilment
     * desk books (or refunds) as it would anyway.
     */
    async checkServiceable(pin: string, vendorSlug: string): Promise<void> {
      const answer = await estimate(pin, vendorSlug).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'UNAVAILABLE') return null;
        throw err;
      });
      if (answer && !answer.serviceable)
        throw new AppError('VALIDATION', answer.message, [
          { path: 'shippingAddress.postalCode', message: answer.message },
        ]);
    },
  };
}
export type DeliveryEstimates = ReturnType<typeof createDeliveryEstimates>;
