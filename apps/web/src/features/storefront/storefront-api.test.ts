// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { productListItemSchema, productSchema, toProductListItem, type Category } from '@zevar/domain';
import { catalogueProduct } from '../../test/fixtures';
import { embedInPage, jsonResponse, mockFetch, signIn } from '../../test/utils';
import { embeddedShapes } from './embedded-shapes';
import { embedded, storefrontApi } from './storefront-api';

const product = productSchema.parse(catalogueProduct({ id: 5, name: 'Ruby Ring', slug: 'ruby-ring' }));
const listed = productListItemSchema.parse(toProductListItem(product));
const category: Category = {
  id: 1,
  name: 'Rings',
  slug: 'rings',
  image: null,
  banner: 'rings.webp',
  parentCategory: null,
  vendorPlan: 'BASIC',
  subCategoryCount: 0,
};

describe('storefront reads', () => {
  it('parse what the server answers with the full response schema (loaded on first use)', async () => {
    mockFetch(() => jsonResponse(product));
    await expect(storefrontApi.product('acme', 'ruby-ring')).resolves.toEqual(product);
  });

  it('refuse an answer of the wrong shape instead of rendering it', async () => {
    mockFetch(() => jsonResponse({ ...product, price: 'free' }));
    await expect(storefrontApi.product('acme', 'ruby-ring')).rejects.toThrow(/price/);
  });

  it('show no offers when the coupon list does not parse', async () => {
    mockFetch(() => jsonResponse([{ code: 42 }]));
    await expect(storefrontApi.coupons()).resolves.toEqual([]);
  });

  it('take the plan in any case, as the plan schema does', async () => {
    mockFetch(() => jsonResponse(' premium '));
    await expect(storefrontApi.plan('acme')).resolves.toBe('PREMIUM');
  });
});

describe('answers embedded in the page', () => {
  it('are used for the first render when they have the shape the page renders', () => {
    const done = embedInPage({
      '/api/products/name/ruby-ring?vendorSlug=acme': product,
      '/api/category/name/rings?vendorSlug=acme': category,
      '/api/user/vendor-plan/acme': 'BASIC',
    });
    try {
      expect(embedded('product', 'acme', 'ruby-ring')).toEqual(product);
      expect(embedded('categoryByName', 'acme', 'rings')).toEqual(category);
      expect(embedded('plan', 'acme')).toBe('BASIC');
    } finally {
      done();
    }
  });

  it('are used for a signed-in vendor or admin too, whose reads carry no token', async () => {
    signIn('VENDOR');
    const url = '/api/products/name/ruby-ring?vendorSlug=acme';
    const done = embedInPage({ [url]: product });
    try {
      // The first render (initialData) has the page's answer, as the server's markup did.
      expect(embedded('product', 'acme', 'ruby-ring')).toEqual(product);
      const fetchMock = mockFetch(() => jsonResponse(product));
      await expect(storefrontApi.product('acme', 'ruby-ring')).resolves.toEqual(product);
      expect(fetchMock).not.toHaveBeenCalled();
      // Later reads go to the server, still without the token: the answer is the same for everyone.
      await storefrontApi.product('acme', 'ruby-ring');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const init = fetchMock.mock.calls[0]![1] as RequestInit;
      expect(init.headers).not.toHaveProperty('Authorization');
    } finally {
      done();
    }
  });

  it('are left out when broken, so the page asks the server instead of crashing', () => {
    const done = embedInPage({
      '/api/products/name/ruby-ring?vendorSlug=acme': { ...product, images: null },
      '/api/category/name/rings?vendorSlug=acme': { ...category, name: 7 },
      '/api/user/vendor-plan/acme': 'GOLDEN',
      '/api/products/trending?vendorSlug=acme&size=8': { content: [{ id: 1 }], number: 0 },
    });
    try {
      expect(embedded('product', 'acme', 'ruby-ring')).toBeUndefined();
      expect(embedded('categoryByName', 'acme', 'rings')).toBeUndefined();
      expect(embedded('plan', 'acme')).toBeUndefined();
      expect(embedded('trending', 'acme')).toBeUndefined();
    } finally {
      done();
    }
  });

  it('accept every answer the response schemas accept (the light checks are no stricter)', () => {
    const paged = { content: [listed], totalPages: 1, totalElements: 1, size: 8, number: 0 };
    expect(embeddedShapes.product(product)).toBe(product);
    expect(embeddedShapes.products([listed])).toEqual([listed]);
    expect(embeddedShapes.pagedProducts(paged)).toBe(paged);
    expect(
      embeddedShapes.categories([category, { ...category, id: 2, parentCategory: { id: 1, name: 'Rings' } }]),
    ).toHaveLength(2);
  });
});

describe('list answers (decision 0081)', () => {
  it('carry a stock band and no exact stock or sales count; a list of exact stocks is refused', async () => {
    expect(listed).toMatchObject({ stockBand: 'few_left' });
    expect(listed).not.toHaveProperty('stock');
    expect(listed).not.toHaveProperty('salesCount');
    mockFetch(() => jsonResponse([listed]));
    await expect(storefrontApi.specialOffers('acme')).resolves.toEqual([listed]);
    const { stockBand: _band, ...exact } = { ...listed, stock: 4 };
    mockFetch(() => jsonResponse([exact]));
    await expect(storefrontApi.specialOffers('acme')).rejects.toThrow(/stockBand/);
    expect(embeddedShapes.products([exact])).toBeUndefined();
    expect(embeddedShapes.products([{ ...listed, stockBand: 'plenty' }])).toBeUndefined();
  });
});
