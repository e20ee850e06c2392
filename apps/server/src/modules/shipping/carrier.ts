import type { ShipmentEventType } from '@zevar/domain';

/**
 * What the shop needs from a courier aggregator (issue 22). The offline sandbox carrier (default)
 * and the Shiprocket client implement it, chosen once by SHIPPING=sandbox|shiprocket, the way
 * PaymentGateway is. Amounts are integer paise, weights grams, sizes centimetres.
 */

/** A pickup or delivery address as a carrier needs it. */
export type CarrierAddress = {
  name: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  /** The state's name from the spec's list (indian-states.ts). */
  state: string;
  pin: string;
  country: string;
};

export type ServiceabilityQuery = {
  pickupPin: string;
  deliveryPin: string;
  weightGrams: number;
  declaredValuePaise: number;
};

/** One courier's offer for a route. */
export type CarrierRate = {
  courierId: string;
  courierName: string;
  chargePaise: number;
  /** Days from pickup to delivery the courier estimates. */
  etaDays: number;
};

/** Whether a route is served; rates cheapest first when it is. */
export type Serviceability = { serviceable: false } | { serviceable: true; rates: CarrierRate[] };

export type BookingRequest = {
  /** Our shipment id: the idempotency key. Booking the same reference twice returns the first booking. */
  reference: string;
  orderNumber: string;
  /** FORWARD to the buyer; RETURN is a reverse pickup from the buyer back to the shop. */
  direction: 'FORWARD' | 'RETURN';
  pickup: CarrierAddress;
  delivery: CarrierAddress;
  lines: { sku: string; name: string; units: number; unitPricePaise: number; hsn: string }[];
  declaredValuePaise: number;
  insured: boolean;
  /** Delivery only against the one-time code the buyer was sent. */
  otpDelivery: boolean;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** A courier chosen from serviceability's rates; the carrier picks when absent. */
  courierId?: string;
};

export type Booking = {
  /** The carrier's own id for the shipment (Shiprocket: shipment_id). */
  carrierShipmentId: string;
  awb: string;
  courierName: string;
  trackingUrl: string;
  chargePaise: number;
};

/** Identifies a booked shipment to the carrier. */
export type BookedRef = { carrierShipmentId: string; awb: string };

/** One movement of a parcel, from a webhook or from asking the carrier. */
export type CarrierEvent = {
  /** Unique per event at the carrier (for deduplication); derived from awb, type and time when the carrier has none. */
  eventId: string;
  awb: string;
  type: ShipmentEventType;
  at: Date;
  location: string;
  /** The carrier's own words for the event, shown in the timeline. */
  note: string;
  /** The parcel's weight as the courier found it (grams), when the carrier reports one (delivery). */
  weightGrams?: number;
};

/** The carrier could not be reached or answered with a server error: retry later, nothing is lost. */
export class CarrierUnavailableError extends Error {
  constructor(message = 'The carrier cannot be reached') {
    super(message);
    this.name = 'CarrierUnavailableError';
  }
}

export interface Carrier {
  readonly mode: 'sandbox' | 'shiprocket';
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Books the shipment and assigns its AWB; idempotent by `reference`. */
  book(request: BookingRequest): Promise<Booking>;
  /** The shipping label as PDF bytes. */
  label(shipment: BookedRef): Promise<Buffer>;
  /** The pickup manifest for these shipments as PDF bytes. */
  manifest(shipments: BookedRef[]): Promise<Buffer>;
  /** Asks the courier to collect these shipments; returns when it will. */
  schedulePickup(shipments: BookedRef[]): Promise<{ pickupAt: Date }>;
  /** Cancels a booking not yet picked up. */
  cancel(shipment: BookedRef): Promise<void>;
  /** Every event of a parcel so far, oldest first (for reconciliation when webhooks are missed). */
  track(awb: string): Promise<CarrierEvent[]>;
  /** Checks a webhook's credential (Shiprocket: the x-api-key token) in constant time. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): boolean;
  /** The events a webhook body reports; [] for a body it does not recognise (never throws). */
  parseWebhook(body: unknown): CarrierEvent[];
}
