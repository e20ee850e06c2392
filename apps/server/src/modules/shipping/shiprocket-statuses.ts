import { createHash } from 'node:crypto';
import type { ShipmentEventType } from '@zevar/domain';
import type { CarrierEvent } from './carrier';

/**
 * Shiprocket's shipment statuses mapped onto the shop's event types (decision 0038 has the table with
 * reasons). A status is matched by its label (current_status, shipment_status, a scan's
 * sr-status-label), written in capitals with single spaces; a scan without a label is matched by its
 * sr-status code. A status not listed is ignored: it is kept in the carrier's own timeline, never an
 * error. Statuses before pickup (AWB assigned, label and manifest generated, pickup scheduled or
 * queued, out for pickup, pickup errors) are ignored too: the shop records BOOKED itself when it books.
 */
export const SHIPROCKET_STATUS_MAP: Readonly<Record<string, ShipmentEventType>> = {
  'PICKED UP': 'PICKED_UP',
  'HANDOVER TO COURIER': 'PICKED_UP',
  SHIPPED: 'IN_TRANSIT',
  'IN TRANSIT': 'IN_TRANSIT',
  'REACHED AT DESTINATION HUB': 'IN_TRANSIT',
  'REACHED AT DESTINATION': 'IN_TRANSIT',
  MISROUTED: 'IN_TRANSIT',
  DELAYED: 'IN_TRANSIT',
  'REACHED WAREHOUSE': 'IN_TRANSIT',
  'IN FLIGHT': 'IN_TRANSIT',
  'OUT FOR DELIVERY': 'OUT_FOR_DELIVERY',
  DELIVERED: 'DELIVERED',
  UNDELIVERED: 'DELIVERY_FAILED',
  'PARTIAL DELIVERED': 'DELIVERY_FAILED',
  'ISSUE RELATED TO THE RECIPIENT': 'DELIVERY_FAILED',
  LOST: 'DELIVERY_FAILED',
  DAMAGED: 'DELIVERY_FAILED',
  DESTROYED: 'DELIVERY_FAILED',
  UNTRACEABLE: 'DELIVERY_FAILED',
  'RTO INITIATED': 'RETURNED_TO_ORIGIN',
  'RTO IN TRANSIT': 'RETURNED_TO_ORIGIN',
  'RTO NDR': 'RETURNED_TO_ORIGIN',
  'RTO OFD': 'RETURNED_TO_ORIGIN',
  'RTO OUT FOR DELIVERY': 'RETURNED_TO_ORIGIN',
  'RTO DELIVERED': 'RETURNED_TO_ORIGIN',
  'RTO ACKNOWLEDGED': 'RETURNED_TO_ORIGIN',
};

/** Shiprocket's numeric shipment status codes (sr-status, shipment_status_id) for the same statuses. */
export const SHIPROCKET_STATUS_CODES: Readonly<Record<number, string>> = {
  6: 'SHIPPED',
  7: 'DELIVERED',
  9: 'RTO INITIATED',
  10: 'RTO DELIVERED',
  12: 'LOST',
  14: 'RTO ACKNOWLEDGED',
  17: 'OUT FOR DELIVERY',
  18: 'IN TRANSIT',
  21: 'UNDELIVERED',
  22: 'DELAYED',
  23: 'PARTIAL DELIVERED',
  24: 'DESTROYED',
  25: 'DAMAGED',
  38: 'REACHED AT DESTINATION HUB',
  39: 'MISROUTED',
  40: 'RTO NDR',
  41: 'RTO OFD',
  42: 'PICKED UP',
  46: 'RTO IN TRANSIT',
  48: 'REACHED WAREHOUSE',
  50: 'IN FLIGHT',
  51: 'HANDOVER TO COURIER',
  76: 'UNTRACEABLE',
  77: 'ISSUE RELATED TO THE RECIPIENT',
};

const normalise = (label: string) => label.toUpperCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();

/** The event type of a Shiprocket status label (or, failing that, code); undefined: ignore it. */
export function shiprocketEventType(label: unknown, code?: unknown): ShipmentEventType | undefined {
  if (typeof label === 'string' && label.trim()) {
    let key = normalise(label);
    // A reverse pickup's statuses read 'RETURN PICKED UP', 'RETURN DELIVERED' (to the shop).
    if (key.startsWith('RETURN ')) key = key.slice('RETURN '.length);
    // Couriers number their attempts: 'UNDELIVERED 1ST ATTEMPT'.
    if (key.startsWith('UNDELIVERED')) key = 'UNDELIVERED';
    const type = SHIPROCKET_STATUS_MAP[key];
    if (type) return type;
  }
  const n =
    typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : NaN;
  const byCode = SHIPROCKET_STATUS_CODES[n];
  return byCode ? SHIPROCKET_STATUS_MAP[byCode] : undefined;
}

/**
 * Shiprocket writes times in India time without a zone: '2022-07-19 11:37:00' (scans, tracking) or
 * '23 05 2023 11:43:52' (the webhook's current_timestamp). Undefined when it is neither.
 */
export function parseShiprocketTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(v);
  let parts: string[] | undefined;
  if (m) parts = [m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6] ?? '00'];
  else if ((m = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v)))
    parts = [m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6] ?? '00'];
  if (!parts) return undefined;
  const [y, mo, d, h, mi, s] = parts;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+05:30`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Stable across the webhook and tracking, so the same scan from both is one event. */
export function shiprocketEventId(awb: string, type: ShipmentEventType, at: Date): string {
  const digest = createHash('sha256').update(`${awb}|${type}|${at.toISOString()}`).digest('hex');
  return `shiprocket:${digest.slice(0, 32)}`;
}

type Scan = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** One scan (webhook `scans[]`, tracking `shipment_track_activities[]`) as an event, or undefined. */
export function scanEvent(awb: string, scan: Scan): CarrierEvent | undefined {
  const label = text(scan['sr-status-label']);
  const type = shiprocketEventType(label && label !== 'NA' ? label : undefined, scan['sr-status']);
  const at = parseShiprocketTime(scan.date);
  if (!type || !at) return undefined;
  const location = text(scan.location);
  return {
    eventId: shiprocketEventId(awb, type, at),
    awb,
    type,
    at,
    location: location === 'NA' ? '' : location.slice(0, 200),
    note: (text(scan.activity) || label).slice(0, 500),
  };
}

/** Events oldest first, one per id. */
export function orderedUnique(events: CarrierEvent[]): CarrierEvent[] {
  const seen = new Set<string>();
  return events
    .filter((e) => !seen.has(e.eventId) && seen.add(e.eventId))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
