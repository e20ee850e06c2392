import type { Config } from '../../env';
import { createReferralCookies } from '../../lib/referral-cookie';
import { parseStorefrontPath } from './storefront-path';

/**
 * Which pages credit a reseller (docs/decisions/0059): a reseller's shop (home or category) and
 * product links. The platform's own shop credits nobody, so visiting it never takes a reseller's
 * credit away; a quote link credits its reseller when the page opens it (POST /api/quotes/:code/open).
 */
export function referralCookieForPage(config: Config, now: () => Date) {
  const cookies = createReferralCookies(config.JWT_SECRET, config.ATTRIBUTION_WINDOW_DAYS);
  const secure = (config.PUBLIC_URL ?? '').startsWith('https:');
  return (pathname: string): string | undefined => {
    const target = parseStorefrontPath(pathname, config.DEFAULT_VENDOR_SLUG);
    if (!target || target.vendorSlug === config.DEFAULT_VENDOR_SLUG) return undefined;
    return cookies.header(target.vendorSlug, target.kind === 'product' ? 'product' : 'shop', now(), secure);
  };
}
