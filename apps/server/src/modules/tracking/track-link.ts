import type { Config } from '../../env';

/** The tracking page of an order, with its number filled in, under the shop it was bought from. */
export function trackPageUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  order: { vendorSlug: string; orderNumber: string },
): string {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(order.vendorSlug)}/track?order=${encodeURIComponent(order.orderNumber)}`;
}
