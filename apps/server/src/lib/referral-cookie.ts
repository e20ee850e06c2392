import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ATTRIBUTION_SOURCES, type AttributionSource } from '@zevar/domain';

/**
 * The first-party cookie that remembers which reseller's link a buyer arrived through
 * (docs/decisions/0059): `<slug>.<source>.<seconds>.<mac>`, HMAC-SHA256 keyed by a key derived from
 * JWT_SECRET for this one use, so it can be neither forged nor aged back; set by the server
 * (HttpOnly, SameSite=Lax), read only by the server when an order is placed. No third party sees it.
 * Two fixed-format values need no cookie library: the value has no character needing escapes.
 */
export const REFERRAL_COOKIE = 'zv_ref';

export type Referral = { vendorSlug: string; source: AttributionSource; at: Date };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function createReferralCookies(secret: string, windowDays: number) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'zevar referral cookie', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url').slice(0, 22);
  const maxAgeSeconds = windowDays * 24 * 60 * 60;

  /** The Set-Cookie header crediting `vendorSlug` from `now`. */
  function header(vendorSlug: string, source: AttributionSource, now: Date, secure: boolean): string {
    const body = `${vendorSlug}.${source}.${Math.floor(now.getTime() / 1000)}`;
    const flags = `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    return `${REFERRAL_COOKIE}=${body}.${mac(body)}; ${flags}`;
  }

  /** The genuine referral in a Cookie header, within the window at `now`, or null. */
  function read(cookieHeader: string | undefined, now: Date): Referral | null {
    if (!cookieHeader || cookieHeader.length > 8192) return null;
    const value = cookieHeader
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${REFERRAL_COOKIE}=`))
      ?.slice(REFERRAL_COOKIE.length + 1);
    const parts = value?.split('.');
    if (!parts || parts.length !== 4) return null;
    const [slug, source, seconds, given] = parts as [string, string, string, string];
    const wanted = mac(`${slug}.${source}.${seconds}`);
    const a = Buffer.from(given);
    const b = Buffer.from(wanted);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    if (!SLUG.test(slug) || !(ATTRIBUTION_SOURCES as readonly string[]).includes(source)) return null;
    const at = Number(seconds) * 1000;
    if (!Number.isSafeInteger(at) || at > now.getTime() + 60_000) return null;
    if (now.getTime() - at > maxAgeSeconds * 1000) return null;
    return { vendorSlug: slug, source: source as AttributionSource, at: new Date(at) };
  }

  return { header, read };
}
