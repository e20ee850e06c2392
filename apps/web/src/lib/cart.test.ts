// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { addOnce, addToCart, cartCount, clearCart, getCart, removeFromCart, updateQuantity } from './cart';
import { CART_CHANGED_EVENT, STORAGE_KEYS } from './storage';

beforeEach(() => localStorage.clear());

describe('cart in local storage', () => {
  it('adding a product already present increases its quantity; the product page adds only once', () => {
    addToCart(1, 1);
    addToCart(1, 2);
    expect(getCart()).toEqual([{ productId: 1, quantity: 3 }]);
    expect(addOnce(1, 5)).toBe(false);
    expect(addOnce(2, 1)).toBe(true);
    expect(cartCount()).toBe(2);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)).toHaveLength(2);
  });

  it('update keeps the quantity between 1 and the stock; remove and clear work', () => {
    addToCart(1, 1, 5);
    updateQuantity(1, 9, 5);
    expect(getCart()[0]!.quantity).toBe(5);
    updateQuantity(1, 0, 5);
    expect(getCart()[0]!.quantity).toBe(1);
    removeFromCart(1);
    expect(getCart()).toEqual([]);
    addToCart(3);
    clearCart();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it("announces every change with the 'cart-changed' event", () => {
    const listener = vi.fn();
    window.addEventListener(CART_CHANGED_EVENT, listener);
    addToCart(1);
    updateQuantity(1, 2);
    removeFromCart(1);
    clearCart();
    window.removeEventListener(CART_CHANGED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('drops malformed stored lines', () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 1, quantity: 2 },
        { productId: 'x' },
        null,
        { productId: 2, quantity: -1 },
      ]),
    );
    expect(getCart()).toEqual([{ productId: 1, quantity: 2 }]);
    localStorage.setItem(STORAGE_KEYS.cart, '{oops');
    expect(getCart()).toEqual([]);
  });

  it('any sequence of operations leaves unique lines with quantities between 1 and the stock', () => {
    const op = fc.record({
      kind: fc.constantFrom('add', 'once', 'update', 'remove'),
      id: fc.integer({ min: 1, max: 4 }),
      qty: fc.integer({ min: -3, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        localStorage.clear();
        const stock = 10;
        for (const o of ops) {
          if (o.kind === 'add') addToCart(o.id, Math.max(1, o.qty), stock);
          if (o.kind === 'once') addOnce(o.id, Math.max(1, o.qty), stock);
          if (o.kind === 'update') updateQuantity(o.id, o.qty, stock);
          if (o.kind === 'remove') removeFromCart(o.id);
        }
        const lines = getCart();
        expect(new Set(lines.map((l) => l.productId)).size).toBe(lines.length);
        for (const l of lines) {
          expect(l.quantity).toBeGreaterThanOrEqual(1);
          expect(l.quantity).toBeLessThanOrEqual(stock);
        }
      }),
    );
  });
});
