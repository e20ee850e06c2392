import type { Config } from '../../env';
import { createReferralCookies } from '../../lib/referral-cookie';
import { isBuyerAgent, type ViewCounter } from '../analytics';
import { parseStorefrontPath } from './storefront-path';
import { clientNetworkOf } from '../../lib/client-network';
import type { OnceStore } from '../../lib/shared-limits';

const HOUR_MS = 3_600_000;

/**
 * What a storefront page's HTML does besides showing the page, whoever asked (the page itself may
 * come from the cache):
 * - Credits a reseller (docs/decisions/0059): a reseller's shop (home or category) and product links
 *   set the referral cookie. The platform's own shop credits nobody, so visiting it never takes a
 *   reseller's credit away; nor does a link naming a shop that does not exist (no cookie is set, so
 *   an earlier reseller's stays). A quote link credits its reseller when the page opens it
 *   (POST /api/quotes/:code/open).
 * - Counts a view of the shop (docs/decisions/0061) for its home and category pages opened from
 *   outside the app (a link, a reload). A product page's view is counted by the page's own view call
 *   (POST /api/products/:id/views), a quote's by its open call, so no page is counted twice. Link
 *   previewers and crawlers are not counted; nor is a shop that does not exist (made-up slugs would
 *   take the counter's bounded keys), and one network counts one view of a shop an hour (a reload loop
 *   cannot inflate a reseller's views, or sink its conversion rate).
 */
export function storefrontPageVisit(
  config: Config,
  now: () => Date,
  /** The active shop behind a slug (cached by the caller), or undefined. */
  findShop: (slug: string) => Promise<unknown>,
  views?: { counter: ViewCounter; once: OnceStore },
) {
  const cookies = createReferralCookies(config.JWT_SECRET, config.ATTRIBUTION_WINDOW_DAYS);
  const secure = (config.PUBLIC_URL ?? '').startsWith('https:');
  /** The Set-Cookie the page's HTML carries, if any. `clientAddress` is `request.ip`. */
  return async (
    pathname: string,
    userAgent?: string,
    clientAddress?: string,
  ): Promise<string | undefined> => {
    const target = parseStorefrontPath(pathname, config.DEFAULT_VENDOR_SLUG);
    if (!target) return undefined;
    const counts = views && target.kind !== 'product' && clientAddress && isBuyerAgent(userAgent);
    const isDefault = target.vendorSlug === config.DEFAULT_VENDOR_SLUG;
    if (!counts && isDefault) return undefined;
    if (!(await findShop(target.vendorSlug))) return undefined;
    if (
      counts &&
      (await views.once.claim(`shop-view:${clientNetworkOf(clientAddress)}:${target.vendorSlug}`, HOUR_MS))
    )
      views.counter.count({ vendorSlug: target.vendorSlug, kind: 'shop' }, now());
    if (isDefault) return undefined;
    return cookies.header(target.vendorSlug, target.kind === 'product' ? 'product' : 'shop', now(), secure);
  };
}
