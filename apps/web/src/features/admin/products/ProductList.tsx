import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogueProduct as Product } from '@zevar/domain';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { catalogueKeys, categoriesApi, fetchProducts, metalsApi } from '../../../lib/catalogue-api';
import { TITLE } from '../../../lib/admin-messages';
import { ProductTable } from './ProductTable';
import { useDebounced } from '../../../lib/use-debounced';

export const SEARCH_DEBOUNCE_MS = 300;

/** Products list: server-side search (debounced), category and metal filters, pages of 30. */
export function ProductList({
  onEdit,
  onArchive,
  onRestore,
  onStock,
}: {
  onEdit: (p: Product) => void;
  onArchive: (p: Product) => void;
  onRestore: (p: Product) => void;
  onStock: (p: Product) => void;
}) {
  const dialog = useDialog();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS).trim();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [metalId, setMetalId] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [search, categoryId, metalId]);

  const categories = useQuery({ queryKey: catalogueKeys.categories, queryFn: categoriesApi.list });
  const metals = useQuery({ queryKey: catalogueKeys.metals, queryFn: metalsApi.list });
  const query = { page, search, categoryId, metalId };
  const list = useQuery({
    queryKey: [...catalogueKeys.products, query],
    queryFn: ({ signal }) => fetchProducts(query, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (list.isError)
      void dialog.error(TITLE.error, search ? 'Failed to search products' : 'Failed to load products');
  }, [list.isError, search, dialog]);

  const data = list.data;
  return (
    <section aria-labelledby="products-title" className="space-y-4">
      <h2 id="products-title" className="text-xl font-semibold">
        Products
      </h2>
      <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr]">
        <input
          type="search"
          className="input"
          placeholder="Search products..."
          aria-label="Search products"
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
        />
        <select
          className="input"
          aria-label="Filter by category"
          value={categoryId ?? ''}
          onChange={(e) => setCategoryId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">All Categories</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.parentCategory ? `${c.parentCategory.name} - ${c.name}` : c.name}
            </option>
          ))}
        </select>
        <select
          className="input"
          aria-label="Filter by metal"
          value={metalId ?? ''}
          onChange={(e) => setMetalId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">All Metals</option>
          {metals.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </div>

      {list.isPending ? (
        <div className="flex items-center gap-2 text-taupe">
          <Spinner label="Loading products..." /> Loading products...
        </div>
      ) : data && data.content.length === 0 ? (
        <EmptyProducts query={query} />
      ) : data ? (
        <>
          <p className="text-sm text-taupe" aria-live="polite">
            {data.totalElements} products{list.isFetching ? ' · Loading products...' : ''}
          </p>
          <ProductTable
            products={data.content}
            onEdit={onEdit}
            onArchive={onArchive}
            onRestore={onRestore}
            onStock={onStock}
          />
          <Pagination page={data.number} totalPages={data.totalPages} onPageChange={setPage} />
        </>
      ) : null}
    </section>
  );
}

/** Back-office §8's empty states: a keyword search, else the filter the list call used (§1's precedence). */
export const EMPTY_PRODUCTS = {
  category: 'No products available in this category',
  metal: 'No products available for this metal type',
  none: 'No products available',
} as const;

function EmptyProducts({
  query,
}: {
  query: { search: string; categoryId: number | null; metalId: number | null };
}) {
  if (query.search)
    return (
      <div className="card p-8 text-center">
        <h3 className="text-lg font-semibold">No Products Found</h3>
        <p className="mt-1 text-taupe">No products match your search criteria. Try different keywords.</p>
      </div>
    );
  const text = query.categoryId
    ? EMPTY_PRODUCTS.category
    : query.metalId
      ? EMPTY_PRODUCTS.metal
      : EMPTY_PRODUCTS.none;
  return <p className="card p-8 text-center text-taupe">{text}</p>;
}
