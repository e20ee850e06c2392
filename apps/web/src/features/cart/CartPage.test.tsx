import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCart } from '../../lib/cart';
import { STORAGE_KEYS } from '../../lib/storage';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import CartPage from './CartPage';

const routes = [
  { path: '/:vendorSlug/cart', element: <CartPage /> },
  { path: '/:vendorSlug/checkout/:checkoutId', element: <h1>Checkout page</h1> },
  { path: '/:vendorSlug', element: <h1>Vendor home</h1> },
  { path: '/', element: <h1>Root</h1> },
];

const line = (productId: number, quantity: number, stock: number, price = 1000) => ({
  productId,
  available: true,
  name: `Ring ${productId}`,
  slug: `ring-${productId}`,
  sku: `SKU-${productId}`,
  image: null,
  price,
  originalPrice: price + 200,
  stock,
  quantity,
  lineTotal: price * quantity,
});

function serve(plan: 'PREMIUM' | null = 'PREMIUM') {
  return mockFetch((url, init) => {
    if (url.includes('/vendor-plan/'))
      return plan
        ? new Response(plan, { status: 200 })
        : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404);
    if (url.includes('/cart/quote')) {
      const lines = JSON.parse(String(init.body)) as Array<{ productId: number; quantity: number }>;
      const quoted = lines.map((l) => line(l.productId, l.quantity, l.productId === 1 ? 3 : 10));
      return jsonResponse({ lines: quoted, subtotal: quoted.reduce((s, l) => s + l.lineTotal, 0) });
    }
    if (url.includes('/api/checkout')) return jsonResponse({ checkoutId: 'c-1' }, 201);
    return jsonResponse({}, 404);
  });
}

beforeEach(() => localStorage.clear());

describe('cart page', () => {
  it("an empty cart shows 'Your cart is empty' with a link home", async () => {
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/zevar');
  });

  it("lists server-priced lines with 'Only N left!' under 5, Free shipping and the total", async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
      ]),
    );
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByText('Ring 1')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left!')).toBeInTheDocument();
    expect(screen.getAllByText(/Only \d+ left!/)).toHaveLength(1);
    expect(screen.getByText('SKU: SKU-1')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹3,000.00');
  });

  it("going above the stock shows 'Stock Limit' and keeps the quantity at the stock", async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 3 }]));
    serve();
    renderRoutes(routes, '/zevar/cart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByRole('dialog', { name: 'Stock Limit' })).toHaveTextContent(
      'Maximum available quantity is 3',
    );
    expect(getCart()).toEqual([{ productId: 1, quantity: 3 }]);
  });

  it('remove drops the line; Proceed to Checkout creates a checkout and opens it', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 1 },
      ]),
    );
    const fetchMock = serve();
    renderRoutes(routes, '/zevar/cart');
    const user = userEvent.setup();
    await screen.findByText('Ring 1');
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    expect(getCart()).toEqual([{ productId: 2, quantity: 1 }]);
    await screen.findByTestId('cart-total');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/checkout'));
    expect(JSON.parse(String(call![1].body))).toEqual([
      { productSku: 'SKU-2', quantity: 1, price: 1000, name: 'Ring 2', image: null },
    ]);
  });

  it('a shop without a plan redirects home', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 1 }]));
    serve(null);
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByRole('heading', { name: 'Root' })).toBeInTheDocument();
  });
});
