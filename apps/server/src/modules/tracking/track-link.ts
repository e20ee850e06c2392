import type { Config } from '../../env';

/** The tracking page of an order, with its number filled in, under the shop it was bought from. */
const baseOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

export function trackPageUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  order: { vendorSlug: string; orderNumber: string },
): string {
  const base = baseOf(config);
  return `${base}/${encodeURIComponent(order.vendorSlug)}/track?order=${encodeURIComponent(order.orderNumber)}`;
}

/**
 * The carrier's tracking link as a buyer can open it. A real carrier's is absolute (its own site);
 * the sandbox carrier's is our own tracking page (`/track?order=…&awb=…`), made absolute for a mail
 * and put under the shop the order was bought from. None: our tracking page with the order filled in.
 */
export function carrierTrackingUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  order: { vendorSlug: string; orderNumber: string },
  trackingUrl: string | null,
  opts: { absolute: boolean },
): string {
  if (!trackingUrl) return trackPageUrl(config, order);
  if (!trackingUrl.startsWith('/')) return trackingUrl;
  const path = `/${encodeURIComponent(order.vendorSlug)}${trackingUrl}`;
  return opts.absolute ? `${baseOf(config)}${path}` : path;
}
