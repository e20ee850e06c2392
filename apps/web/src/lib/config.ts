import { z } from 'zod';
import { api } from './api';
import { setBusinessTimeZone, shellNamesTimeZone } from './business-timezone';

/** Used when GET /api/config cannot be read. */
export const FALLBACK_VENDOR_SLUG = 'zevar';

const configSchema = z.object({
  defaultVendorSlug: z.string().trim().min(1),
  businessTimezone: z.string().optional(),
});
type PublicConfig = z.infer<typeof configSchema>;

let cached: Promise<PublicConfig | null> | null = null;

/** GET /api/config, read once; null when it fails (failures are not cached). */
function readConfig(): Promise<PublicConfig | null> {
  if (!cached) {
    const attempt = api
      .get('/config', { schema: configSchema })
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
