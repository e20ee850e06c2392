import { api } from './api';
import { setBusinessTimeZone, shellNamesTimeZone } from './business-timezone';

/** Used when GET /api/config cannot be read. */
export const FALLBACK_VENDOR_SLUG = 'zevar';

/** The per-item and per-order caps (MAX_LINE_QUANTITY, MAX_ORDER_QUANTITY). */
export type OrderLimits = { perItem: number; perOrder: number };

type PublicConfig = {
  defaultVendorSlug: string;
  businessTimezone?: string;
  payments?: string;
  orderLimits?: OrderLimits;
};

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

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
  const orderLimits =
    positiveInt(v.maxLineQuantity) && positiveInt(v.maxOrderQuantity)
      ? { perItem: v.maxLineQuantity, perOrder: v.maxOrderQuantity }
      : undefined;
  const payments = typeof v.payments === 'string' ? v.payments : undefined;
  return { defaultVendorSlug: slug, businessTimezone: zone, payments, orderLimits };
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

let limitsRead: Promise<OrderLimits | null> | null = null;

/**
 * The order caps from GET /api/config, read once; null when it cannot be read. Quietly: they are a
 * hint to the shopper, the server still enforces them, and a failure is not cached.
 */
export function getOrderLimits(): Promise<OrderLimits | null> {
  limitsRead ??= api
    .get('/config')
    .then((v) => parsePublicConfig(v).orderLimits ?? null)
    .catch(() => {
      limitsRead = null;
      return null;
    });
  return limitsRead;
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
  limitsRead = null;
}
