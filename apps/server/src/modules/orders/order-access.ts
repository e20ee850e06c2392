import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { createLinkSigner, type SignedLink } from '../../lib/signed-links';
import { ORDER_KEY_HEADER } from '../../plugins/auth';
import { orderById } from './order-reads';

/**
 * Who may read an order's personal parts (address, phone, tax documents) (decision 0033): the buyer,
 * whose browser holds the order key initiate-order answered (only its SHA-256 is stored, as
 * `cancel_key_hash`), whoever opens a signed, unexpired link from the order's mail, and admins with
 * MANAGE_ORDERS (checked by the route's guard). The order id alone is not enough: it is listed to the
 * shop's vendor and to every admin who may view orders.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hashOrderKey = (key: string) => createHash('sha256').update(key).digest('hex');

export type OrderProof = { key: string | null; link: SignedLink | null };

/** The order key header and the signed-link query (`expires`, `signature`) of a request. */
export function orderProofOf(request: FastifyRequest): OrderProof {
  const header = request.headers[ORDER_KEY_HEADER];
  const key = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
  const q = request.query as { expires?: unknown; signature?: unknown } | undefined;
  // A signature without a usable expiry is still a (refused) link, never "no proof".
  const link =
    typeof q?.signature === 'string'
      ? { expires: typeof q.expires === 'number' ? q.expires : Number.NaN, signature: q.signature }
      : null;
  return { key, link };
}

const sameHash = (a: string, b: string | null) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b ?? '', 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

type Deps = { db: DbOrTx; config: Pick<AppContext['config'], 'JWT_SECRET'>; now: () => Date };

/** What the proof proves for this order: 'holder', 'none' (no proof given) or 'refused' (wrong or expired). */
export async function orderHolding(
  deps: Deps,
  orderId: string,
  proof: OrderProof,
): Promise<'holder' | 'none' | 'refused' | 'unknown-order'> {
  if (!UUID.test(orderId)) return 'unknown-order';
  const order = await orderById(deps.db, orderId);
  if (!order) return 'unknown-order';
  if (!proof.key && !proof.link) return 'none';
  if (proof.key && sameHash(hashOrderKey(proof.key), order.cancelKeyHash)) return 'holder';
  if (proof.link && createLinkSigner(deps.config.JWT_SECRET).verify(order.id, proof.link, deps.now()))
    return 'holder';
  return 'refused';
}

/**
 * Passes the buyer (key or signed link) and the order manager (the route's guard let a request
 * without a proof through only for an admin with MANAGE_ORDERS); refuses everyone else.
 */
export async function assertMayReadOrderDocuments(
  deps: Deps,
  request: FastifyRequest,
  orderId: string,
  what: string,
): Promise<void> {
  const proof = orderProofOf(request);
  const holding = await orderHolding(deps, orderId, proof);
  // No proof: only a request the guard checked (an admin with the permission) comes this far.
  if (holding === 'none' && !request.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  if (holding === 'unknown-order') throw notFound(what);
  if (holding === 'refused') {
    throw proof.link && !proof.key
      ? new AppError(
          'FORBIDDEN',
          'This link has expired or is not valid. Open the order from your latest email.',
        )
      : forbidden('This order key does not belong to this order');
  }
}

/** Signed links to an order's page and invoice, valid for DOCUMENT_LINK_DAYS, for its mail. */
export function signedOrderLinks(
  config: Pick<AppContext['config'], 'JWT_SECRET' | 'PUBLIC_URL' | 'PORT' | 'DOCUMENT_LINK_DAYS'>,
  order: { id: string; vendorSlug: string },
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + config.DOCUMENT_LINK_DAYS * 24 * 3600 * 1000);
  const { expires, signature } = createLinkSigner(config.JWT_SECRET).sign(order.id, expiresAt);
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const proof = `expires=${expires}&signature=${encodeURIComponent(signature)}`;
  const id = encodeURIComponent(order.id);
  return {
    expiresAt,
    orderUrl: `${base}/${encodeURIComponent(order.vendorSlug)}/payment-status?orderId=${id}&${proof}`,
    invoiceUrl: `${base}/api/orders/byId/${id}/invoice?${proof}`,
  };
}
