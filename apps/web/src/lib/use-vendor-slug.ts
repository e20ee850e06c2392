import { useParams } from 'react-router';
import { FALLBACK_VENDOR_SLUG } from './config';
import { useStoredVendorSlug } from './use-stored';

/**
 * The shop being browsed: the route's :vendorSlug when the URL has one, otherwise the stored
 * current-vendor-slug. The storefront layout stores the configured default before rendering pages
 * when neither exists, so the last fallback only shows outside that layout.
 */
export function useVendorSlug(): string {
  const { vendorSlug } = useParams();
  const stored = useStoredVendorSlug(!vendorSlug);
  return vendorSlug ?? stored ?? FALLBACK_VENDOR_SLUG;
}
