import { api } from './api';
import { setBusinessTimeZone, shellNamesTimeZone } from './business-timezone';

/** Used when GET /api/config cannot be read. */
export const FALLBACK_VENDOR_SLUG = 'zevar';

type PublicConfig = { defaultVendorSlug: string; businessTimezone?: string; payments?: string };

/**
 * GET /api/config's answer, checked by hand: zod stays off a shopper's first load (every page reads
 * this before its first paint).
 */
export function parsePublicConfig(value: unknown): PublicConfig {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const slug = typeof v.defaultVendorSlug === 'string' ? v.defaultVendorSlug.trim() : '';
  if (!slug) throw new Error('GET /api/config: defaultVendorSlug is missing');
  const zone = v.businessTimezone;
  if (zone !== undefined && typeof zone !== 'string')
    throw new Error('GET /api/config: businessTimezone is not text');
  const payments = typeof v.payments === 'string' ? v.payments : undefined;
  return { defaultVendorSlug: slug, businessTimezone: zone, payments };
}

let cached: Promise<PublicConfig | null> | null = null;

/** GET /api/config, read once; null when it fails (failures are not cached). */
function readConfig(): Promise<PublicConfig | null> {
  if (!cached) {
    const attempt = api
      .get('/config')
      .then(parsePublicConfig)
      .then((config) => {
        setBusinessTimeZone(config.businessTimezone);
        return config;
      })
      .catch((err: unknown) => {
        console.error('Could not read /api/config', err);
        cached = null;
        return null;
      });
    cached = attempt;
  }
  return cached;
}

/** The default storefront slug from GET /api/config; 'zevar' when that fails. */
export async function getDefaultVendorSlug(): Promise<string> {
  return (await readConfig())?.defaultVendorSlug ?? FALLBACK_VENDOR_SLUG;
}

/** Whether the shop runs the payment sandbox (a demo: no money is taken). */
export async function isDemoShop(): Promise<boolean> {
  return (await readConfig())?.payments === 'sandbox';
}

/**
 * Resolves once the business timezone is known: at once when the page's shell named it, else after
 * GET /api/config (the default zone stays when that fails).
 */
export async function loadBusinessTimeZone(): Promise<void> {
  if (shellNamesTimeZone()) return;
  await readConfig();
}

/** Tests start from a clean cache. */
export function resetConfigCache(): void {
  cached = null;
}
