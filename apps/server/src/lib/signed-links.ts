import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to one order's documents, for mail (decision 0033): an HMAC-SHA256 over
 * the order id and the expiry, keyed by a key derived from the server secret (JWT_SECRET) for this one
 * use, so a link can neither be made for another order nor outlive its expiry. Rotating JWT_SECRET
 * ends every link, as it ends every session.
 */
export type SignedLink = { expires: number; signature: string };

const VERSION = 'v1';

export function createLinkSigner(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'zevar order document links', 32));
  const mac = (orderId: string, expires: number) =>
    createHmac('sha256', key).update(`${VERSION}|${orderId}|${expires}`).digest('base64url');
  return {
    /** A signature for the order valid until `expiresAt` (whole seconds since the epoch). */
    sign(orderId: string, expiresAt: Date): SignedLink {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return { expires, signature: mac(orderId.toLowerCase(), expires) };
    },
    /** Whether the link is genuine for this order and not expired at `now`. */
    verify(orderId: string, link: SignedLink, now: Date): boolean {
      if (!Number.isSafeInteger(link.expires) || link.expires * 1000 <= now.getTime()) return false;
      const given = Buffer.from(link.signature, 'base64url');
      const wanted = Buffer.from(mac(orderId.toLowerCase(), link.expires), 'base64url');
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
