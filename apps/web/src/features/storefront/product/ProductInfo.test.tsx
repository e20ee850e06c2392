import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@zevar/domain';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ProductInfo } from './ProductInfo';

const product = (stock: number) =>
  ({
    id: 7,
    sku: 'ZV-7',
    name: 'Gold Jhumkas',
    slug: 'gold-jhumkas',
    tagline: null,
    description: null,
    price: 907.6,
    originalPrice: null,
    discountPercent: 0,
    stock,
    images: [],
    linkedVariants: [],
    variantType: null,
    variantValue: null,
    salesCount: 0,
    category: { id: 1, name: 'Earrings', parentCategory: null },
  }) as unknown as Product;

function open(stock: number) {
  mockFetch(() => jsonResponse({}, 404));
  renderRoutes(
    [
      {
        path: '/:vendorSlug/product/:name',
        element: <ProductInfo product={product(stock)} shop="zevar" coupons={[]} />,
      },
    ],
    '/zevar/product/gold-jhumkas',
  );
}

beforeEach(() => localStorage.clear());

describe('product page: stock', () => {
  it("a product with no stock says 'Out of Stock' next to its price, and cannot be bought", () => {
    open(0);
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹907.60Out of Stock');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it("a product in stock does not say 'Out of Stock' and shows its price to the paisa", () => {
    open(4);
    expect(screen.getByTestId('product-price')).toHaveTextContent('₹907.60');
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});
