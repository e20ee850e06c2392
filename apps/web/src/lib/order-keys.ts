import { STORAGE_KEYS, readItem, writeItem } from './storage';

/**
 * The keys of orders this browser placed (initiate-order answers one per order; the server keeps only
 * its hash). A key opens its order's address and tax documents (docs/decisions/0033), so it is kept
 * after payment, unlike the waiting order. The newest 50 are kept.
 */
const MAX_KEPT = 50;

type Stored = Array<{ orderId: string; key: string }>;

function stored(): Stored {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.orderKeys) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (e): e is Stored[number] =>
            typeof e === 'object' &&
            e !== null &&
            typeof (e as Stored[number]).orderId === 'string' &&
            typeof (e as Stored[number]).key === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function rememberOrderKey(orderId: string, key: string): void {
  const rest = stored().filter((e) => e.orderId !== orderId);
  writeItem(STORAGE_KEYS.orderKeys, JSON.stringify([...rest, { orderId, key }].slice(-MAX_KEPT)));
}

export function orderKeyOf(orderId: string): string | null {
  return stored().find((e) => e.orderId === orderId)?.key ?? null;
}

/**
 * What proves this browser may see the order: its key, or the signed link it was opened with (from
 * the order's mail: `expires` and `signature` in the page's address). Null when it has neither.
 */
export type OrderProof = { key: string } | { expires: string; signature: string };

export function orderProof(orderId: string, params: URLSearchParams): OrderProof | null {
  const key = orderKeyOf(orderId);
  if (key) return { key };
  const expires = params.get('expires');
  const signature = params.get('signature');
  return expires && signature ? { expires, signature } : null;
}

/** The request options that carry a proof: the key as a header, a signed link as its query. */
export function proofRequest(proof: OrderProof | null): {
  headers?: Record<string, string>;
  query?: Record<string, string>;
} {
  if (!proof) return {};
  return 'key' in proof
    ? { headers: { 'x-order-key': proof.key } }
    : { query: { expires: proof.expires, signature: proof.signature } };
}
