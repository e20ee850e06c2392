// No zod here: the web app's first load imports this (VendorScope), and a module it reaches carries
// every schema it defines into the entry chunk (see apps/web/vite.config.ts).

/**
 * First path segments the web app and the server use for their own pages and files. A vendor slug
 * must not be one of them, or the vendor's shop would be unreachable (the fixed route wins).
 */
export const RESERVED_SLUGS = [
  'admin',
  'vendor',
  'login',
  'forgot-password',
  'reset-password',
  'accept-invite',
  'home',
  'cart',
  'checkout',
  'payment-status',
  'track',
  'category',
  'product',
  'contact',
  'privacy-policy',
  'shipping-policy',
  'return-policy',
  'terms-and-conditions',
  'api',
  'sandbox',
  'uploads',
  'assets',
] as const;

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug.trim().toLowerCase());
}
