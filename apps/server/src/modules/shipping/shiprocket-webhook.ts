import { timingSafeEqual, createHash } from 'node:crypto';
import type { CarrierEvent } from './carrier';
import {
  orderedUnique,
  parseShiprocketTime,
  scanEvent,
  shiprocketEventId,
  shiprocketEventType,
} from './shiprocket-statuses';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Shiprocket's webhook has no signature: it sends the token set in their panel in the x-api-key
 * header. Compared in constant time (over digests, so the length leaks nothing either).
 */
export function verifyShiprocketToken(expected: string, headers: Headers): boolean {
  const raw = headers['x-api-key'] ?? headers['X-Api-Key'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!expected || typeof given !== 'string' || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The events one webhook body reports: each mapped scan, and the current status when the scans do
 * not already end with it. A body of another shape gives [] (never throws).
 */
export function parseShiprocketWebhook(body: unknown): CarrierEvent[] {
  try {
    if (!isObject(body)) return [];
    const awb =
      typeof body.awb === 'string' ? body.awb.trim() : typeof body.awb === 'number' ? String(body.awb) : '';
    if (!awb) return [];
    const scans = Array.isArray(body.scans) ? body.scans.filter(isObject) : [];
    const events = orderedUnique(scans.map((s) => scanEvent(awb, s)).filter((e) => e !== undefined));
    const type =
      shiprocketEventType(body.current_status) ??
      shiprocketEventType(body.shipment_status, body.shipment_status_id);
    const at = parseShiprocketTime(body.current_timestamp);
    const last = events.at(-1);
    if (type && at && last?.type !== type) {
      const status = typeof body.current_status === 'string' ? body.current_status.trim() : '';
      events.push({
        eventId: shiprocketEventId(awb, type, at),
        awb,
        type,
        at,
        location: '',
        note: status.slice(0, 500),
      });
    }
    return orderedUnique(events);
  } catch {
    return [];
  }
}
