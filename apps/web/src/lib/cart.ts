import { STORAGE_KEYS, notifyCartChanged, readItem, removeItem, writeItem } from './storage';

/**
 * A cart line as the specification stores it under cart_items (product id and quantity), with the unit
 * price the shopper last saw for it: the server tells the cart when today's price differs (issue 20).
 */
export type CartLine = { productId: number; quantity: number; seenPrice?: number };

const isLine = (l: unknown): l is CartLine =>
  typeof l === 'object' &&
  l !== null &&
  Number.isInteger((l as CartLine).productId) &&
  (l as CartLine).productId > 0 &&
  Number.isInteger((l as CartLine).quantity) &&
  (l as CartLine).quantity > 0;

/** The stored cart; anything unreadable or malformed is dropped. */
export function getCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(readItem(STORAGE_KEYS.cart) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(isLine).map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          seenPrice: typeof l.seenPrice === 'number' && l.seenPrice >= 0 ? l.seenPrice : undefined,
        }))
      : [];
  } catch {
    return [];
  }
}

/** Every change is saved to local storage and announced with 'cart-changed' (the header count follows). */
function save(lines: CartLine[]): void {
  writeItem(STORAGE_KEYS.cart, JSON.stringify(lines));
  notifyCartChanged();
}

const capAt = (quantity: number, stock?: number) =>
  stock === undefined ? Math.max(1, quantity) : Math.max(1, Math.min(quantity, Math.max(1, stock)));

export function isInCart(productId: number): boolean {
  return getCart().some((l) => l.productId === productId);
}

/** Home page: adds a line, or increases its quantity when present (capped at stock when known). */
export function addToCart(productId: number, quantity = 1, stock?: number): void {
  const lines = getCart();
  const line = lines.find((l) => l.productId === productId);
  if (line) line.quantity = capAt(line.quantity + quantity, stock);
  else lines.push({ productId, quantity: capAt(quantity, stock) });
  save(lines);
}

/** Product page: adds only when the product is not already in the cart (at the price shown); true when it added. */
export function addOnce(productId: number, quantity = 1, stock?: number, seenPrice?: number): boolean {
  const lines = getCart();
  if (lines.some((l) => l.productId === productId)) return false;
  save([...lines, { productId, quantity: capAt(quantity, stock), seenPrice }]);
  return true;
}

/** Sets a line's quantity, kept between 1 and the stock. */
export function updateQuantity(productId: number, quantity: number, stock?: number): void {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  save(getCart().map((l) => (l.productId === productId ? { ...l, quantity: capAt(whole, stock) } : l)));
}

export function removeFromCart(productId: number): void {
  save(getCart().filter((l) => l.productId !== productId));
}

/**
 * The cart's key, made when first asked for and kept until the cart is emptied: every tab of this
 * browser sends the same key with its checkout, so one cart is paid once (issue 20).
 */
export function cartKey(): string | undefined {
  const stored = readItem(STORAGE_KEYS.cartKey);
  if (stored) return stored;
  if (typeof crypto === 'undefined' || typeof crypto.randomUUID !== 'function') return undefined;
  const key = crypto.randomUUID();
  writeItem(STORAGE_KEYS.cartKey, key);
  return key;
}

/** Empties the cart and deletes the stored copy (the next cart gets a new key). */
export function clearCart(): void {
  removeItem(STORAGE_KEYS.cart);
  removeItem(STORAGE_KEYS.cartKey);
  notifyCartChanged();
}

/** Number of lines (unique items). */
export function cartCount(): number {
  return getCart().length;
}

/* ---------- the stored checkout ---------- */

const CHECKOUT_KEY = 'checkout_id';

/** The checkout the shopper is in the middle of (spec: "the stored checkout"). */
export function getStoredCheckoutId(): string | null {
  return readItem(CHECKOUT_KEY);
}
export function storeCheckoutId(id: string): void {
  writeItem(CHECKOUT_KEY, id);
}
export function clearStoredCheckout(): void {
  removeItem(CHECKOUT_KEY);
}

/**
 * The answer to POST /api/checkout (cart and Buy Now), checked by hand: the product page that buys
 * with it is part of a shopper's first load, which carries no zod.
 */
export const checkoutIdSchema = {
  parse(value: unknown): { checkoutId: string } {
    const id =
      typeof value === 'object' && value !== null
        ? (value as { checkoutId?: unknown }).checkoutId
        : undefined;
    if (typeof id !== 'string' || id === '') throw new TypeError('The checkout answer has no checkoutId');
    return { checkoutId: id };
  },
};
