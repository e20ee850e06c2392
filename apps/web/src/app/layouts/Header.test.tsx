import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, notifyCartChanged } from '../../lib/storage';
import { renderRoutes, signIn } from '../../test/utils';
import { HEADER_SCROLL_THRESHOLD, Header } from './Header';

function renderHeader() {
  return renderRoutes([{ path: '/:vendorSlug', element: <Header /> }], '/asha');
}

describe('storefront header', () => {
  it('shows the vendor brand, links and Login / Register', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'asha' })).toHaveAttribute('href', '/asha');
    expect(screen.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/asha/cart');
  });

  it('counts cart lines and follows the cart-changed and storage events', () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ productId: 1, quantity: 3 }]));
    renderHeader();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();

    localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify([
        { productId: 1, quantity: 3 },
        { productId: 2, quantity: 1 },
      ]),
    );
    act(() => notifyCartChanged());
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();

    localStorage.removeItem(STORAGE_KEYS.cart);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    });
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('takes the scrolled look past 70 px and keeps it until well back under, without changing its height', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    const unscrolledClasses = header.className;
    const scrollTo = (y: number) =>
      act(() => {
        window.scrollY = y;
        fireEvent.scroll(window);
      });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(HEADER_SCROLL_THRESHOLD + 1);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    // Resting just under the threshold (where a shrinking header used to push the page) changes nothing.
    for (const y of [HEADER_SCROLL_THRESHOLD, HEADER_SCROLL_THRESHOLD - 10, HEADER_SCROLL_THRESHOLD + 1]) {
      scrollTo(y);
      expect(header).toHaveAttribute('data-scrolled', 'true');
    }
    // No class that sets the layout height (padding, height, text size) differs between the two looks.
    const sizing = (classes: string) =>
      classes.split(/\s+/).filter((c) => /^(p[ytb]?|h|min-h|text-(xs|sm|base|lg|\d?xl))-/.test(c));
    expect(sizing(header.className)).toEqual(sizing(unscrolledClasses));
    const logo = screen.getAllByRole('link')[0]!;
    expect(logo.className).not.toMatch(/\btext-xl\b/);
    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('offers the dashboard instead of Login / Register when signed in', () => {
    signIn('VENDOR');
    renderHeader();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/vendor/dashboard');
  });
});
