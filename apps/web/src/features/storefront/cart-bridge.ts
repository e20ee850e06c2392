/* The storefront's cart operations live in lib/cart.ts (cart_items, 'cart-changed'). */
export { addOnce, addOrIncrease, isInCart } from '../../lib/cart';
