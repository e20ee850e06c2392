import { useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cartQuoteSchema, planSchema, type CartQuoteLine } from '@zevar/domain';
import { api } from '../../lib/api';
import { getCart, type CartLine } from '../../lib/cart';
import { CART_CHANGED_EVENT, STORAGE_KEYS, notifyCartChanged, readItem, writeItem } from '../../lib/storage';

function subscribe(onChange: () => void) {
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored cart lines, following every change (this tab and others). */
export function useCartLines(): CartLine[] {
  const raw = useSyncExternalStore(
    subscribe,
    () => readItem(STORAGE_KEYS.cart) ?? '',
    () => '',
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- raw is the snapshot getCart parses
  return useMemo(() => getCart(), [raw]);
}

/** Prices come from the server for this shop, never from local storage. */
export function useCartQuote(slug: string, lines: CartLine[]) {
  return useQuery({
    queryKey: ['cart-quote', slug, lines],
    queryFn: () => api.post('/cart/quote', lines, { query: { vendorSlug: slug }, schema: cartQuoteSchema }),
    enabled: lines.length > 0,
    placeholderData: (previous) => previous,
  });
}

export function useShopPlanCheck(slug: string) {
  return useQuery({
    queryKey: ['shop-plan', slug],
    queryFn: () => api.get(`/user/vendor-plan/${encodeURIComponent(slug)}`).then((v) => planSchema.parse(v)),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Remembers the quoted unit prices as the ones the shopper has seen: every line's when they acknowledge
 * the new prices, else only lines that had none yet (a cart from before prices were remembered).
 */
export function rememberSeenPrices(quoted: CartQuoteLine[], all: boolean): void {
  const price = new Map(quoted.filter((q) => q.available).map((q) => [q.productId, q.price]));
  const stored = getCart();
  const next = stored.map((l) =>
    (all || l.seenPrice === undefined) && price.has(l.productId)
      ? { ...l, seenPrice: price.get(l.productId) }
      : l,
  );
  if (next.every((l, i) => l.seenPrice === stored[i]?.seenPrice)) return;
  writeItem(STORAGE_KEYS.cart, JSON.stringify(next));
  notifyCartChanged();
}
