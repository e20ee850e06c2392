// The server's document-link signature (apps/server/src/lib/signed-links.ts), for making a genuine
// link with an expiry already past: only someone holding the server's secret can.
import { createHmac, hkdfSync } from 'node:crypto';

export function createLinkSignature(secret, orderId, expires) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'zevar order document links', 32));
  return createHmac('sha256', key).update(`v1|${orderId.toLowerCase()}|${expires}`).digest('base64url');
}
