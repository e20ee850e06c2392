import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampQuantity, isTrending, LOW_STOCK_BELOW, stockBand, trendingScore } from './storefront';
import { categoryProductsQuery, reviewInputSchema } from './storefront-queries';

describe('storefront rules', () => {
  it("bands stock for public lists: none is out of stock, under the spec's low-stock mark few left", () => {
    expect([-1, 0, 1, 4, 5, 1000].map(stockBand)).toEqual([
      'out_of_stock',
      'out_of_stock',
      'few_left',
      'few_left',
      'in_stock',
      'in_stock',
    ]);
    // A list shows a product as buyable exactly when the product page would.
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000 }), (n) => {
        expect(stockBand(n) === 'out_of_stock').toBe(n < 1);
        expect(stockBand(n) === 'few_left').toBe(n >= 1 && n < LOW_STOCK_BELOW);
      }),
    );
  });

  it('clamps a quantity: non-numbers and values below 1 become 1, above stock becomes stock', () => {
    expect(clampQuantity('abc', 5)).toEqual({ quantity: 1, clamped: false });
    expect(clampQuantity(0, 5)).toEqual({ quantity: 1, clamped: false });
    expect(clampQuantity('-3', 5)).toEqual({ quantity: 1, clamped: false });
    expect(clampQuantity('4', 5)).toEqual({ quantity: 4, clamped: false });
    expect(clampQuantity(9, 5)).toEqual({ quantity: 5, clamped: true });
    expect(clampQuantity(1, 0)).toEqual({ quantity: 0, clamped: true });
  });

  it('treats marked products, or 30 sales with 50 views, as trending and scores 0.7 x sales + 0.3 x views', () => {
    expect(isTrending({ trending: true, salesCount: 0, views: 0 })).toBe(true);
    expect(isTrending({ trending: false, salesCount: 30, views: 50 })).toBe(true);
    expect(isTrending({ trending: false, salesCount: 29, views: 500 })).toBe(false);
    expect(trendingScore({ salesCount: 10, views: 100 })).toBeCloseTo(37);
  });

  it('defaults the category page to 15 per page and refuses unknown sorts', () => {
    expect(categoryProductsQuery.parse({})).toMatchObject({ page: 0, size: 15, sort: 'default' });
    expect(categoryProductsQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });

  it('requires a name, a comment and a 1-5 rating on a review, with at most five photos', () => {
    const ok = { productId: 1, name: 'Meera', rating: 5, comment: 'Lovely' };
    expect(reviewInputSchema.parse(ok).photos).toEqual([]);
    expect(reviewInputSchema.safeParse({ ...ok, name: ' ' }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ ...ok, rating: 6 }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ ...ok, photos: ['a', 'b', 'c', 'd', 'e', 'f'] }).success).toBe(
      false,
    );
  });
});
