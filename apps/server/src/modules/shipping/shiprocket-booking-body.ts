import type { BookingRequest, CarrierAddress } from './carrier';
import { paiseToRupees } from './shiprocket-money';

type Json = Record<string, unknown>;

/** 'YYYY-MM-DD HH:mm' in India time, as their order_date asks. */
export function shiprocketDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

function splitName(name: string): { first: string; last: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** A person and address under one of Shiprocket's prefixes (billing_, shipping_, pickup_). */
function party(prefix: string, a: CarrierAddress): Json {
  const { first, last } = splitName(a.name);
  return {
    [`${prefix}_customer_name`]: first,
    [`${prefix}_last_name`]: last,
    [`${prefix}_address`]: a.street,
    [`${prefix}_city`]: a.city,
    [`${prefix}_state`]: a.state,
    [`${prefix}_country`]: a.country,
    [`${prefix}_pincode`]: a.pin,
    [`${prefix}_email`]: a.email,
    [`${prefix}_phone`]: a.phone,
  };
}

/**
 * The body of orders/create/adhoc (FORWARD: from our pickup location to the buyer) or
 * orders/create/return (RETURN: from the buyer back to the shop). Amounts go in rupees: each line's
 * unit price, and the declared (invoice) value as sub_total with the difference as a discount.
 */
export function bookingBody(req: BookingRequest, pickupLocation: string, now: Date): Json {
  const linesPaise = req.lines.reduce((sum, l) => sum + l.units * l.unitPricePaise, 0);
  const common: Json = {
    order_id: req.reference,
    order_date: shiprocketDate(now),
    order_items: req.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      units: l.units,
      selling_price: paiseToRupees(l.unitPricePaise),
      hsn: l.hsn,
    })),
    payment_method: 'Prepaid',
    total_discount: paiseToRupees(Math.max(0, linesPaise - req.declaredValuePaise)),
    sub_total: paiseToRupees(req.declaredValuePaise),
    length: req.lengthCm,
    breadth: req.breadthCm,
    height: req.heightCm,
    weight: req.weightGrams / 1000,
  };
  if (req.direction === 'RETURN')
    return { ...common, ...party('pickup', req.pickup), ...party('shipping', req.delivery) };
  return {
    ...common,
    pickup_location: pickupLocation,
    ...party('billing', req.delivery),
    shipping_is_billing: true,
  };
}
