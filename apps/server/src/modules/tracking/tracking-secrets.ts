import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The keyed hashes and tokens of buyer tracking (issue 22 item 5), each with a key derived from the
 * server secret (JWT_SECRET) for this one use: a stolen database gives no code, and a token can be
 * made neither for another order nor past its expiry. Rotating JWT_SECRET ends every token.
 */
export function createTrackingSecrets(secret: string) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, '', info, 32));
  const codeKey = derive('zevar tracking codes');
  const tokenKey = derive('zevar tracking tokens');
  const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };
  return {
    hashCode: (orderId: string, code: string) => mac(codeKey, `${orderId}|${code}`),
    sameHash: same,
    /** A token opening the order's tracking view until `expiresAt`. */
    token(orderId: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${orderId}.${expires}.${mac(tokenKey, `v1|${orderId}|${expires}`)}`;
    },
    /** The order a genuine, unexpired token opens, or null. */
    orderOfToken(token: string, now: Date): string | null {
      const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!m) return null;
      const [, orderId, expires, signature] = m as unknown as [string, string, string, string];
      if (Number(expires) * 1000 <= now.getTime()) return null;
      return same(signature, mac(tokenKey, `v1|${orderId}|${expires}`)) ? orderId : null;
    },
  };
}
