import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_PAGE_SIZE, type Category } from '@zevar/domain';
import {
  embedInPage,
  expectConsoleError,
  jsonResponse,
  mockFetch,
  notFound,
  renderRoutes,
} from '../../test/utils';
import CategoryPage from './CategoryPage';
import { childrenOf } from './category/children-of';

const category = (id: number, name: string, parentId: number | null): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  image: null,
  banner: null,
  parentCategory: parentId === null ? null : { id: parentId, name: 'Parent' },
  vendorPlan: 'BASIC',
  subCategoryCount: 0,
});

const all = [
  category(1, 'Rings', null),
  category(2, 'Necklaces', null),
  category(11, 'Solitaire', 1),
  category(21, 'Chokers', 2),
];

const emptyPage = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 10 };

function setup(known: boolean) {
  mockFetch((url) => {
    if (url.includes('/user/vendor-plan/')) return jsonResponse('BASIC');
    if (url.includes('/category/plan/')) return jsonResponse(all);
    if (url.includes('/category/name/')) return known ? jsonResponse(all[0]) : notFound();
    if (url.includes('/products')) return jsonResponse(emptyPage);
    return notFound();
  });
  return renderRoutes(
    [
      { path: '/:vendorSlug', element: <h1>Vendor home</h1> },
      { path: '/:vendorSlug/category/:categoryName', element: <CategoryPage /> },
    ],
    known ? '/acme/category/rings' : '/acme/category/no-such-cat',
  );
}

describe('category page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an unknown or out-of-plan category to the shop home instead of a made-up page', async () => {
    expectConsoleError('Failed to load category');
    const { router } = setup(false);
    expect(await screen.findByRole('heading', { name: 'Vendor home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/acme');
    expect(screen.queryByText('Explore Subcategories')).not.toBeInTheDocument();
  });

  it('lists only the children of the current category under Explore Subcategories', async () => {
    setup(true);
    expect(await screen.findByRole('heading', { name: 'Rings', level: 1 })).toBeInTheDocument();
    const grid = await screen.findByRole('region', { name: 'Explore Subcategories' });
    expect(grid).toHaveTextContent('Solitaire');
    expect(grid).not.toHaveTextContent('Chokers');
    expect(grid).not.toHaveTextContent('Necklaces');
  });

  it('renders the whole page on its first render from the answers embedded in the HTML, so nothing shifts later', () => {
    const done = embedInPage({
      '/api/user/vendor-plan/acme': 'BASIC',
      '/api/category/name/rings?vendorSlug=acme': all[0],
      '/api/category/plan/BASIC': all,
      [`/api/products/category/1?vendorSlug=acme&page=0&size=${CATEGORY_PAGE_SIZE}&sort=default`]: emptyPage,
    });
    // The server never answers: whatever shows came from the page itself.
    mockFetch(() => new Promise<Response>(() => undefined));
    try {
      renderRoutes(
        [{ path: '/:vendorSlug/category/:categoryName', element: <CategoryPage /> }],
        '/acme/category/rings',
      );
      expect(screen.getByRole('heading', { name: 'Rings', level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Explore Subcategories' })).toHaveTextContent('Solitaire');
      expect(screen.getByRole('heading', { name: 'Available Products' })).toBeInTheDocument();
    } finally {
      done();
    }
  });

  it('finds no subcategories while the category is unknown', () => {
    expect(childrenOf(all, undefined)).toEqual([]);
    expect(childrenOf(all, 2).map((c) => c.name)).toEqual(['Chokers']);
  });
});
