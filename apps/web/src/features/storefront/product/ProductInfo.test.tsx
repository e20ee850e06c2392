// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@zevar/domain';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { ProductInfo } from './ProductInfo';

const product = (stock: number, extra: object = {}) =>
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
    productType: 'MRP',
    hallmarked: false,
    priceBreakup: {
      metal: null,
      making: null,
      stones: null,
      taxableValue: 881.17,
      gst: { ratePercent: 3, value: 26.43 },
      total: 907.6,
    },
    ...extra,
  }) as unknown as Product;

const necklace = {
  productType: 'GOLD',
  price: 79_118.83,
  hallmarked: true,
  metal: null,
  priceBreakup: {
    metal: { name: 'Gold', purity: '22K', ratePerGram: 6412, netWeightGrams: 10, value: 64_120 },
    making: { kind: 'PERCENT', value: 7694.4, rate: 12 },
    stones: { description: '0.30 ct VS diamond', value: 5000 },
    taxableValue: 76_814.4,
    gst: { ratePercent: 3, value: 2304.43 },
    total: 79_118.83,
  },
};

function open(stock: number, extra: object = {}) {
  mockFetch(() => jsonResponse({}, 404));
  renderRoutes(
    [
      {
        path: '/:vendorSlug/product/:name',
        element: <ProductInfo product={product(stock, extra)} shop="zevar" coupons={[]} />,
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

describe('product page: price breakup', () => {
  it("shows the 'Price Breakup' under the price, line by line, and the hallmark", () => {
    open(2, necklace);
    const table = screen.getByRole('region', { name: 'Price Breakup' });
    const rows = Array.from(table.querySelectorAll('tr')).map((r) => r.textContent);
    expect(rows).toEqual([
      'Gold 22K₹6,412.00/g × 10.000 g₹64,120.00',
      'Making charges12% of metal value₹7,694.40',
      'Stone charges0.30 ct VS diamond₹5,000.00',
      'Taxable value₹76,814.40',
      'GST (3%)₹2,304.43',
      'Total₹79,118.83',
    ]);
    expect(screen.getByTestId('hallmark')).toHaveTextContent('BIS Hallmarked · HUID');
  });

  it('a per-gram making charge shows its rate and the weight it is charged on', () => {
    open(2, {
      ...necklace,
      priceBreakup: { ...necklace.priceBreakup, making: { kind: 'PER_GRAM', value: 5200, rate: 520 } },
    });
    const table = screen.getByRole('region', { name: 'Price Breakup' });
    expect(table).toHaveTextContent('Making charges₹520.00/g × 10.000 g₹5,200.00');
  });

  it('an MRP piece shows its GST-inclusive price split into taxable value and GST, without a hallmark', () => {
    open(2);
    const table = screen.getByRole('region', { name: 'Price Breakup' });
    expect(table).toHaveTextContent('Taxable value₹881.17');
    expect(table).toHaveTextContent('Total₹907.60');
    expect(screen.queryByTestId('hallmark')).not.toBeInTheDocument();
  });
});

describe('product page: natural or lab-grown', () => {
  it('says natural or lab-grown under the name and in the breakup', () => {
    open(2, {
      gem: { kind: 'DIAMOND', origin: 'LAB_GROWN', certificate: null },
      priceBreakup: { ...necklace.priceBreakup, stone: { kind: 'DIAMOND', origin: 'LAB_GROWN' } },
    });
    expect(screen.getByTestId('stone-origin')).toHaveTextContent('Lab-grown diamond');
    expect(screen.getByRole('region', { name: 'Price Breakup' })).toHaveTextContent('Lab-grown diamond');
  });

  it('a piece without stones says neither', () => {
    open(2);
    expect(screen.queryByTestId('stone-origin')).not.toBeInTheDocument();
    expect(screen.queryByText(/Lab-grown|Natural/)).not.toBeInTheDocument();
  });
});
