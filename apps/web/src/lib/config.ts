import { z } from 'zod';
import { api } from './api';

/** Used when GET /api/config cannot be read. */
export const FALLBACK_VENDOR_SLUG = 'zevar';

const configSchema = z.object({ defaultVendorSlug: z.string().trim().min(1) });

let cached: Promise<string> | null = null;

/** The default storefront slug from GET /api/config; 'zevar' when that fails (failures are not cached). */
export function getDefaultVendorSlug(): Promise<string> {
  if (!cached) {
    const attempt = api
      .get('/config', { schema: configSchema })
      .then((config) => config.defaultVendorSlug)
      .catch((err: unknown) => {
        console.error('Could not read /api/config', err);
        cached = null;
        return FALLBACK_VENDOR_SLUG;
      });
    cached = attempt;
  }
  return cached;
}

/** Tests start from a clean cache. */
export function resetConfigCache(): void {
  cached = null;
}
