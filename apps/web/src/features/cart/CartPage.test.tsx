// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCart } from '../../lib/cart';
import { STORAGE_KEYS } from '../../lib/storage';
import { resetConfigCache } from '../../lib/config';
import { jsonResponse, mockFetch, renderRoutes } from '../../test/utils';
import CartPage from './CartPage';

const routes = [
  { path: '/:vendorSlug/cart', element: <CartPage /> },
  { path: '/:vendorSlug/checkout/:checkoutId', element: <h1>Checkout page</h1> },
  { path: '/:vendorSlug', element: <h1>Vendor home</h1> },
  { path: '/', element: <h1>Root</h1> },
];

const line = (
  productId: number,
  quantity: number,
  stock: number,
  price = 1000,
  previousPrice: number | null = null,
) => ({
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
  previousPrice,
});

/** Today's unit price by product id (a test moves it as a rate change would). */
let todayPrice: (productId: number) => number = () => 1000;

/** Stock by product id: 1 has 3 left, 9 is sold out, the rest have 10. */
const stockOf = (productId: number) => (productId === 1 ? 3 : productId === 9 ? 0 : 10);

function serve(plan: 'PREMIUM' | null = 'PREMIUM', checkout?: () => Response) {
  return mockFetch((url, init) => {
    if (url === '/api/config')
      return jsonResponse({ defaultVendorSlug: 'zevar', maxLineQuantity: 10, maxOrderQuantity: 12 });
    if (url.includes('/vendor-plan/'))
      return plan
        ? new Response(plan, { status: 200 })
        : jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404);
    if (url.includes('/cart/quote')) {
      const lines = JSON.parse(init.body as string) as Array<{
        productId: number;
        quantity: number;
        seenPrice?: number;
      }>;
      // Like the server: kept at the stock left; out-of-stock lines are not in the subtotal; a seen
      // price other than today's is answered as the previous price.
      const quoted = lines.map((l) => {
        const stock = stockOf(l.productId);
        const price = todayPrice(l.productId);
        const previous =
          stock >= 1 && l.seenPrice !== undefined && l.seenPrice !== price ? l.seenPrice : null;
        return line(
          l.productId,
          stock >= 1 ? Math.min(l.quantity, stock) : l.quantity,
          stock,
          price,
          previous,
        );
      });
      const counted = quoted.filter((l) => l.stock >= 1);
      const subtotal = counted.reduce((s, l) => s + l.lineTotal, 0);
      const total = Math.ceil(Math.round(subtotal * 100) / 100);
      const priceChange = counted.reduce(
        (s, l) => s + (l.previousPrice === null ? 0 : (l.price - l.previousPrice) * l.quantity),
        0,
      );
      return jsonResponse({
        lines: quoted,
        priceChange,
        subtotal,
        roundOff: Math.round((total - subtotal) * 100) / 100,
        total,
      });
    }
    if (url.includes('/api/checkout'))
      return checkout ? checkout() : jsonResponse({ checkoutId: 'c-1' }, 201);
    return jsonResponse({}, 404);
  });
}

beforeEach(() => {
  localStorage.clear();
  resetConfigCache();
  todayPrice = () => 1000;
});

/** The stored lines without the remembered prices. */
const stored = () => getCart().map(({ productId, quantity }) => ({ productId, quantity }));

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
    expect(stored()).toEqual([{ productId: 1, quantity: 3 }]);
  });

  it('clearing the quantity and typing 5 gives 5, not 15; above the stock is clamped on commit', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 2, quantity: 1 }]));
    serve();
    renderRoutes(routes, '/zevar/cart');
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(box);
    expect(box).toHaveValue('');
    await user.type(box, '5');
    await user.tab();
    expect(box).toHaveValue('5');
    await waitFor(() => expect(stored()).toEqual([{ productId: 2, quantity: 5 }]));
    await user.clear(box);
    await user.type(box, '12{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Stock Limit' })).toHaveTextContent(
      'Maximum available quantity is 10',
    );
    expect(stored()).toEqual([{ productId: 2, quantity: 10 }]);
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
    expect(stored()).toEqual([{ productId: 2, quantity: 1 }]);
    await screen.findByTestId('cart-total');
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/checkout'));
    expect(JSON.parse(String(call![1].body))).toEqual([
      { productSku: 'SKU-2', quantity: 1, price: 1000, name: 'Ring 2', image: null },
    ]);
  });

  it('a line asking for more than is left is shown and stored at the stock', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 7 }]));
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
    await waitFor(() => expect(stored()).toEqual([{ productId: 1, quantity: 3 }]));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹3,000.00');
  });

  it('an out-of-stock line is marked, left out of the subtotal and blocks Proceed to Checkout', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 2, quantity: 1 },
        { productId: 9, quantity: 2 },
      ]),
    );
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines[1]).toHaveAttribute('data-out-of-stock', 'true');
    expect(lines[0]).not.toHaveAttribute('data-out-of-stock');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('₹1,000.00');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Remove the out-of-stock items to proceed.');
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled());
  });

  it("a refused checkout shows the server's reason, and the generic text otherwise", async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 2, quantity: 1 }]));
    let answer = () => jsonResponse({ code: 'CONFLICT', message: 'Only 12 of Ring 2 left in stock' }, 409);
    serve('PREMIUM', () => answer());
    renderRoutes(routes, '/zevar/cart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Only 12 of Ring 2 left in stock');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Failed to proceed to checkout. Please try again.',
    );
  });

  it('a shop without a plan redirects home', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 1 }]));
    serve(null);
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByRole('heading', { name: 'Root' })).toBeInTheDocument();
  });

  it('tells the order caps, and a cart above the per-order cap says so and cannot proceed', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 2, quantity: 8 },
        { productId: 3, quantity: 4 },
      ]),
    );
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(
      await screen.findByText('At most 10 pieces of one item and 12 pieces in one order.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Increase quantity' })[1]!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your cart holds 13 pieces: one order can hold at most 12.',
    );
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('a price that changed since Add to Cart is named old → new with the total difference until acknowledged', async () => {
    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 2, quantity: 2, seenPrice: 900 },
        { productId: 3, quantity: 1, seenPrice: 1000 },
      ]),
    );
    const fetchMock = serve();
    renderRoutes(routes, '/zevar/cart');
    const notice = await screen.findByTestId('price-change-notice');
    const lines = screen.getAllByTestId('price-change-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Ring 2: ₹900.00 → ₹1,000.00 each');
    expect(notice).toHaveTextContent('Your total is ₹200.00 higher than before.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹3,000.00');

    // Proceeding without acknowledging carries the price seen, so the checkout tells the change too.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await screen.findByRole('heading', { name: 'Checkout page' });
    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/checkout'));
    expect(JSON.parse(String(call![1].body))).toMatchObject([
      { productSku: 'SKU-2', quantity: 2, price: 900 },
      { productSku: 'SKU-3', quantity: 1, price: 1000 },
    ]);
  });

  it('acknowledging remembers today’s prices as seen and the notice goes', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 2, quantity: 1, seenPrice: 1200 }]));
    serve();
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByTestId('price-change-total')).toHaveTextContent(
      'Your total is ₹200.00 lower than before.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK, I have seen the new prices' }));
    await waitFor(() => expect(screen.queryByTestId('price-change-notice')).not.toBeInTheDocument());
    expect(getCart()).toEqual([{ productId: 2, quantity: 1, seenPrice: 1000 }]);
  });

  it('a line stored without a seen price takes today’s, and a later change is told', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 2, quantity: 1 }]));
    serve();
    const first = renderRoutes(routes, '/zevar/cart');
    await waitFor(() => expect(getCart()).toEqual([{ productId: 2, quantity: 1, seenPrice: 1000 }]));
    expect(screen.queryByTestId('price-change-notice')).not.toBeInTheDocument();
    first.unmount();

    todayPrice = () => 1100;
    renderRoutes(routes, '/zevar/cart');
    expect(await screen.findByTestId('price-change-line')).toHaveTextContent(
      'Ring 2: ₹1,000.00 → ₹1,100.00 each',
    );
  });
});
