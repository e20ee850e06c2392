import { isReservedSlug } from '@zevar/domain';

export type StorefrontTarget =
  | { kind: 'shop'; vendorSlug: string }
  | { kind: 'product'; vendorSlug: string; name: string }
  | { kind: 'category'; vendorSlug: string; name: string };

/** First path segments that are app pages, never vendor slugs. */
const RESERVED = new Set([
  'api',
  'assets',
  'login',
  'cart',
  'checkout',
  'payment-status',
  'contact',
  'privacy-policy',
  'shipping-policy',
  'return-policy',
  'terms-and-conditions',
  'admin',
  'vendor',
  'home',
  'favicon.ico',
  'robots.txt',
]);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment).trim();
    return value && value.length <= 200 ? value : null;
  } catch {
    return null;
  }
}

/**
 * Which shared storefront page a path shows: /{slug}, /{slug}/home, /{slug}/product/{name},
 * /{slug}/category/{name}, and /product/{name} or /category/{name} on the default storefront.
 */
export function parseStorefrontPath(pathname: string, defaultSlug: string): StorefrontTarget | null {
  const parts = pathname.split('/').filter(Boolean);
  const first = parts[0];
  if (!first) return null;
  if ((first === 'product' || first === 'category') && parts.length === 2) {
    const name = decode(parts[1]!);
    return name ? { kind: first, vendorSlug: defaultSlug, name } : null;
  }
  const slug = first.toLowerCase();
  if (RESERVED.has(slug) || isReservedSlug(slug) || !SLUG.test(slug)) return null;
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'home'))
    return { kind: 'shop', vendorSlug: slug };
  const kind = parts[1];
  if (parts.length === 3 && (kind === 'product' || kind === 'category')) {
    const name = decode(parts[2]!);
    return name ? { kind, vendorSlug: slug, name } : null;
  }
  return null;
}
