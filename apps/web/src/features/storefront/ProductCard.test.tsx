// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { productSchema, STOREFRONT_MESSAGES, toProductListItem, type StockBand } from '@zevar/domain';
import { catalogueProduct } from '../../test/fixtures';
import { ProductCard } from './ProductCard';

const withStock = (stock: number) => toProductListItem(productSchema.parse(catalogueProduct({ stock })));

function renderCard(stock: number, onAddToCart = vi.fn()) {
  const product = withStock(stock);
  render(
    <MemoryRouter>
      <ProductCard product={product} shop="acme" onAddToCart={onAddToCart} />
    </MemoryRouter>,
  );
  return { product, onAddToCart };
}

describe('a product card from a list answer (a stock band, decision 0081)', () => {
  it.each<[number, StockBand]>([
    [0, 'out_of_stock'],
    [3, 'few_left'],
    [12, 'in_stock'],
  ])('with stock %i shows the band %s', (stock, band) => {
    const { product, onAddToCart } = renderCard(stock);
    expect(product.stockBand).toBe(band);
    const out = band === 'out_of_stock';
    expect(screen.queryByText(STOREFRONT_MESSAGES.outOfStock) !== null).toBe(out);
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect((add as HTMLButtonElement).disabled).toBe(out);
    fireEvent.click(add);
    expect(onAddToCart).toHaveBeenCalledTimes(out ? 0 : 1);
  });
});
