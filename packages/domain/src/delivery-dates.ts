// No zod here: the product page's delivery box and checkout import these rules and texts, and a
// module the storefront's first load reaches must not carry schemas (see apps/web/vite.config.ts).

/** Texts of the delivery date shown before buying (issue 22 item 6). */
export const DELIVERY_TEXT = {
  heading: 'Check delivery date',
  pinLabel: 'Delivery PIN code',
  check: 'Check',
  change: 'Change',
  checking: 'Checking…',
  deliveryBy: (date: string) => `Delivery by ${date}`,
  unserviceable: (pin: string) =>
    `Sorry, we do not deliver to PIN code ${pin} yet. Please use another delivery address.`,
  unavailable: 'We could not check delivery to this PIN code just now. Please try again in a moment.',
} as const;

/** A PIN code's form: six digits, the first not 0 (India Post's zones are 1 to 9). */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

const DAY_MS = 24 * 60 * 60_000;
const parse = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isSunday = (ms: number) => new Date(ms).getUTCDay() === 0;

/**
 * The day a parcel ordered on `today` (yyyy-mm-dd in the business timezone) should arrive: packed and
 * handed over within `dispatchDays` working days (Monday to Saturday, as couriers in India collect),
 * then `transitDays` days with the courier (its own estimate, counted in calendar days), moved past a
 * Sunday, when couriers do not deliver. Dispatch never happens on a Sunday, even with 0 days.
 */
export function deliveryDate(today: string, dispatchDays: number, transitDays: number): string {
  let day = parse(today);
  if (isSunday(day)) day += DAY_MS;
  for (let left = dispatchDays; left > 0;) {
    day += DAY_MS;
    if (!isSunday(day)) left -= 1;
  }
  day += Math.max(0, transitDays) * DAY_MS;
  if (isSunday(day)) day += DAY_MS;
  return iso(day);
}

/** A delivery date (yyyy-mm-dd) as the shop writes it: 'Mon, 30 Nov'. */
export function formatDeliveryDate(isoDate: string): string {
  deliveryDateFormat ??= new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return deliveryDateFormat.format(new Date(parse(isoDate)));
}
/** Made on first use and kept: building an `Intl.DateTimeFormat` costs far more than formatting. */
let deliveryDateFormat: Intl.DateTimeFormat | undefined;
