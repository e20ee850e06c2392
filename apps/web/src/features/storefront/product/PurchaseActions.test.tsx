// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@zevar/domain';
import { getCart, getStoredCheckoutId } from '../../../lib/cart';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { resetConfigCache } from '../../../lib/config';
import { PurchaseActions } from './PurchaseActions';

const product = {
  id: 7,
  sku: 'ZV-7',
  name: 'Gold Jhumkas',
  slug: 'gold-jhumkas',
  price: 1500,
  stock: 4,
  images: ['jhumka.webp'],
} as Product;

const routes = [
  { path: '/:vendorSlug/product/:name', element: <PurchaseActions product={product} shop="zevar" /> },
  { path: '/:vendorSlug/checkout/:checkoutId', element: <h1>Checkout page</h1> },
  { path: '/:vendorSlug/cart', element: <h1>Cart page</h1> },
];

beforeEach(() => {
  localStorage.clear();
  resetConfigCache();
});

describe('product page: Buy Now', () => {
  it('creates a checkout of this product and quantity for the shop and opens it, leaving the cart alone', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ checkoutId: 'c-42' }, 201));
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/checkout'))!;
    expect(url).toBe('/api/checkout?vendorSlug=zevar');
    expect(JSON.parse(String(init.body))).toEqual([
      { productSku: 'ZV-7', quantity: 2, price: 1500, name: 'Gold Jhumkas', image: 'jhumka.webp' },
    ]);
    expect(getStoredCheckoutId()).toBe('c-42');
    expect(getCart()).toEqual([]);
  });

  it("a failure shows 'Failed to proceed to checkout. Please try again.' and stays on the product", async () => {
    mockFetch(() => jsonResponse({ code: 'CONFLICT', message: 'Only 1 of Gold Jhumkas left in stock' }, 409));
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Failed to proceed to checkout. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('Add to Cart still adds the line once and turns into Go to Cart', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getCart()).toEqual([{ productId: 7, quantity: 1, seenPrice: 1500 }]);
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/zevar/cart');
  });
});

describe('product page: order limits', () => {
  it('tells the per-item and per-order caps before the address is typed, and blocks a quantity above the per-item cap', async () => {
    mockFetch((url) =>
      url === '/api/config'
        ? jsonResponse({ defaultVendorSlug: 'zevar', maxLineQuantity: 2, maxOrderQuantity: 30 })
        : jsonResponse({}, 404),
    );
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    expect(
      await screen.findByText('At most 2 pieces of one item and 30 pieces in one order.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can order at most 2 pieces of one item');
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });
});

describe('product page: Add to Cart', () => {
  it('keeps the keyboard where it was: Go to Cart, which takes its place, has the focus', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Add to Cart' }).focus();
    await user.keyboard('{Enter}');
    expect(getCart()).toEqual([{ productId: 7, quantity: 1, seenPrice: 1500 }]);
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toHaveFocus();
  });

  it('says Go to Cart when the product is in the cart already, and follows the cart of another tab', async () => {
    mockFetch(() => jsonResponse({}, 404));
    localStorage.setItem('cart_items', JSON.stringify([{ productId: 7, quantity: 2 }]));
    renderRoutes(routes, '/zevar/product/gold-jhumkas');
    expect(screen.getByRole('link', { name: 'Go to Cart' })).toBeInTheDocument();
    localStorage.setItem('cart_items', '[]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart_items' }));
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    // Nothing was pressed: the focus stays where it was.
    expect(document.activeElement).toBe(document.body);
  });
});
