import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import {
  CATEGORY_BANNER_SIZES,
  CATEGORY_PAGE_SIZE,
  PRODUCT_SORTS,
  STOREFRONT_MESSAGES,
  type ProductSort,
} from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { PageSpinner, Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { childrenOf } from './category/children-of';
import { useInfiniteScroll } from './category/use-infinite-scroll';
import { categoryPath } from './paths';
import { ProductCard } from './ProductCard';
import { embedded, storefrontApi, useLoggedError } from './storefront-api';
import { ShopFallback } from './ShopFallback';
import { useShop } from './use-shop';
import { useDebounced } from '../../lib/use-debounced';

const SORT_LABELS: Record<ProductSort, string> = {
  default: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

/** Category page: sub-categories, then products with server-side search, filter, sort and infinite scroll. */
export default function CategoryPage() {
  const { categoryName = '' } = useParams();
  const shop = useShop();
  const { slug, plan } = shop;
  const [search, setSearch] = useState('');
  const [subCategoryId, setSubCategoryId] = useState<number | undefined>();
  const [sort, setSort] = useState<ProductSort>('default');
  const term = useDebounced(search.trim(), 300);

  const category = useQuery({
    queryKey: ['category-by-name', slug, categoryName],
    queryFn: () => storefrontApi.categoryByName(slug, categoryName),
    initialData: () => embedded('categoryByName', slug, categoryName),
    enabled: Boolean(plan),
    retry: false,
  });
  const all = useQuery({
    queryKey: ['categories', plan],
    queryFn: () => storefrontApi.categories(plan!),
    initialData: () => (plan ? embedded('categories', plan) : undefined),
    enabled: Boolean(plan),
  });
  const categoryId = category.data?.id;
  const products = useInfiniteQuery({
    queryKey: ['category-products', slug, categoryId, term, subCategoryId, sort],
    queryFn: ({ pageParam }) =>
      storefrontApi.categoryProducts(slug, categoryId!, {
        page: pageParam,
        size: CATEGORY_PAGE_SIZE,
        search: term,
        subCategoryId,
        sort,
      }),
    initialPageParam: 0,
    // The first page of the unfiltered list comes embedded in the page's HTML.
    initialData: () => {
      if (categoryId === undefined || term || subCategoryId !== undefined || sort !== 'default')
        return undefined;
      const page = { page: 0, size: CATEGORY_PAGE_SIZE, sort };
      const first = embedded('categoryProducts', slug, categoryId, page);
      return first && { pages: [first], pageParams: [0] };
    },
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
    enabled: categoryId !== undefined,
  });
  useLoggedError('category', category.error);
  useLoggedError('categories', all.error);
  useLoggedError('category products', products.error);
  const title = category.data?.name ?? categoryName;
  useDocumentTitle(title);

  const subcategories = useMemo(() => childrenOf(all.data, categoryId), [all.data, categoryId]);
  const items = products.data?.pages.flatMap((p) => p.content) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = products;
  const loadMore = useMemo(
    () => () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  useInfiniteScroll({
    enabled: Boolean(hasNextPage) && !isFetchingNextPage,
    loadMore,
    dependency: items.length,
  });

  if (!plan) return <ShopFallback shop={shop} />;
  if (category.isPending) return <PageSpinner />;
  // An unknown category, or one above the shop's plan: no made-up page, back to the shop's home.
  if (category.isError) return <Navigate to={`/${encodeURIComponent(slug)}`} replace />;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6">
      <header className="space-y-4">
        <h1 className="text-3xl capitalize sm:text-4xl">{title}</h1>
        {category.data?.banner && (
          <ImageWithFallback
            src={category.data.banner}
            alt={`${title} banner`}
            priority
            sizes={CATEGORY_BANNER_SIZES}
            className="aspect-[16/5] w-full rounded-xl object-cover"
          />
        )}
      </header>

      {subcategories.length > 0 && (
        <section aria-labelledby="explore-subcategories">
          <h2 id="explore-subcategories" className="mb-4 text-2xl">
            Explore Subcategories
          </h2>
          <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 lg:grid-cols-6">
            {subcategories.map((c) => (
              <li key={c.id}>
                <Link
                  to={categoryPath(slug, c.name)}
                  className="flex flex-col items-center gap-2 text-center text-sm hover:text-gold-800"
                >
                  <ImageWithFallback
                    src={c.image}
                    alt={c.name}
                    className="aspect-square w-full rounded-xl border border-sand object-cover"
                  />
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="available-products" className="space-y-4">
        <h2 id="available-products" className="text-2xl">
          Available Products
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <input
            type="search"
            className="input"
            placeholder="Search products"
            aria-label="Search products"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <select
            className="input"
            aria-label="Subcategory"
            value={subCategoryId ?? ''}
            onChange={(e) => setSubCategoryId(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">All Subcategories</option>
            {subcategories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            className="input"
            aria-label="Sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as ProductSort)}
          >
            {PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>

        {products.isPending && categoryId !== undefined ? (
          <PageSpinner />
        ) : items.length === 0 ? (
          <p className="py-10 text-center text-taupe">{STOREFRONT_MESSAGES.noProducts}</p>
        ) : (
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {items.map((p) => (
              <ProductCard key={p.id} product={p} shop={slug} />
            ))}
          </div>
        )}
        <div className="py-6 text-center text-sm text-taupe" aria-live="polite">
          {isFetchingNextPage ? (
            <span className="inline-flex items-center gap-2">
              <Spinner label={STOREFRONT_MESSAGES.loadingMore} /> {STOREFRONT_MESSAGES.loadingMore}
            </span>
          ) : items.length > 0 && !hasNextPage ? (
            STOREFRONT_MESSAGES.noMore
          ) : null}
        </div>
      </section>
    </div>
  );
}
