import { useSyncExternalStore } from 'react';
import { isInCart } from './cart';
import {
  AUTH_CHANGED_EVENT,
  CART_CHANGED_EVENT,
  VENDOR_SLUG_CHANGED_EVENT,
  getCartCount,
  getStoredVendorSlug,
  getUserType,
  isAuthenticated,
} from './storage';

/** Subscribes to a same-tab custom event and to the cross-tab storage event. */
function subscribeTo(eventName: string) {
  return (onChange: () => void) => {
    window.addEventListener(eventName, onChange);
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener(eventName, onChange);
      window.removeEventListener('storage', onChange);
    };
  };
}

const subscribeCart = subscribeTo(CART_CHANGED_EVENT);
const subscribeAuth = subscribeTo(AUTH_CHANGED_EVENT);
const subscribeVendorSlug = subscribeTo(VENDOR_SLUG_CHANGED_EVENT);

/** Number of lines in the stored cart; follows 'cart-changed' and other tabs. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeCart, getCartCount, () => 0);
}

/**
 * Whether the stored cart holds this product; follows 'cart-changed' and other tabs. False in the
 * server's markup and while hydrating it (the browser's cart is not known there), then the truth.
 */
export function useInCart(productId: number): boolean {
  return useSyncExternalStore(
    subscribeCart,
    () => isInCart(productId),
    () => false,
  );
}

const ignoreChanges = () => () => {};
const none = () => null;

/**
 * The stored current-vendor-slug, kept up to date. Not `wanted` (the URL names the shop): null and
 * not followed, so storing the slug does not re-render the page just after it was hydrated.
 */
export function useStoredVendorSlug(wanted = true): string | null {
  return useSyncExternalStore(
    wanted ? subscribeVendorSlug : ignoreChanges,
    wanted ? getStoredVendorSlug : none,
    none,
  );
}

/** Whether a token is stored, and the stored user type ('' when none). */
export function useAuthState(): { authenticated: boolean; userType: string } {
  const authenticated = useSyncExternalStore(subscribeAuth, isAuthenticated, () => false);
  const userType = useSyncExternalStore(
    subscribeAuth,
    () => getUserType() ?? '',
    () => '',
  );
  return { authenticated, userType };
}
