import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { BulkProductAction, CatalogueProduct as Product } from '@zevar/domain';
import { Spinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import {
  catalogueKeys,
  categoriesApi,
  metalsApi,
  productsApi,
  type AdminListQuery,
} from '../../../lib/catalogue-api';
import { TITLE } from '../../../lib/admin-messages';
import { failure } from '../../../lib/error-text';
import { useDebounced } from '../../../lib/use-debounced';
import { ProductTable, type SortState } from './ProductTable';
import { NO_FILTERS, ProductFilters, type ListFilters } from './ProductFilters';
import { ListPager } from './ListPager';
import { BulkActionsBar, bulkQuestion } from './BulkActionsBar';

export const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_SIZE = 30;

/** The list query: only the filters set, so the URL stays short and the cache key stable. */
function toListQuery(f: ListFilters, search: string, sort: SortState, page: number, size: number) {
  const q: AdminListQuery = { page, size, sort: sort.sort, direction: sort.direction };
  if (search) q.search = search;
  if (f.categoryId !== null) q.categoryId = f.categoryId;
  if (f.metalId !== null) q.metalId = f.metalId;
  if (f.purityId !== null) q.purityId = f.purityId;
  if (f.status) q.status = f.status;
  if (f.stock) q.stock = f.stock;
  if (f.plan) q.plan = f.plan;
  if (f.hallmarked !== null) q.hallmarked = f.hallmarked;
  return q;
}

/** What a bulk action did, said in one line (and the products it left alone, with why). */
function bulkOutcome(r: { changed: number[]; skipped: Array<{ name: string; reason: string }> }) {
  const parts = [`${r.changed.length} product${r.changed.length === 1 ? '' : 's'} updated.`];
  if (r.skipped.length)
    parts.push(`Left alone: ${r.skipped.map((s) => `${s.name} (${s.reason.toLowerCase()})`).join(', ')}.`);
  return parts.join(' ');
}

/**
 * Products list: server-side search (debounced), filters, sortable columns, page size and jump, and
 * bulk actions on the selected rows of the page.
 */
export function ProductList({
  onEdit,
  onArchive,
  onRestore,
  onStock,
  onChanged,
}: {
  onEdit: (p: Product) => void;
  onArchive: (p: Product) => void;
  onRestore: (p: Product) => void;
  onStock: (p: Product) => void;
  onChanged: () => Promise<unknown>;
}) {
  const dialog = useDialog();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS).trim();
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState>({ sort: 'id', direction: 'desc' });
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Map<number, number>>(new Map());
  useEffect(() => setPage(0), [search, filters, sort, size]);

  const categories = useQuery({ queryKey: catalogueKeys.categories, queryFn: categoriesApi.list });
  const metals = useQuery({ queryKey: catalogueKeys.metals, queryFn: metalsApi.list });
  const query = toListQuery(filters, search, sort, page, size);
  const list = useQuery({
    queryKey: [...catalogueKeys.products, 'admin', query],
    queryFn: ({ signal }) => productsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const bulk = useMutation({ mutationFn: productsApi.bulk });

  useEffect(() => {
    if (list.isError)
      void dialog.error(TITLE.error, search ? 'Failed to search products' : 'Failed to load products');
  }, [list.isError, search, dialog]);

  const data = list.data;
  // The selection is what is on screen: when other rows arrive (page, filter, sort or search changed),
  // the rows no longer shown leave it. Cleared when the query changed instead, a row ticked while the
  // previous rows were still shown was dropped (the debounced search settling after the tick), or
  // one ticked before the new rows arrived stayed selected off screen.
  const rows = data?.content;
  useEffect(() => {
    if (!rows) return;
    setSelected((current) => {
      const shown = new Set(rows.map((p) => p.id));
      if ([...current.keys()].every((id) => shown.has(id))) return current;
      return new Map([...current].filter(([id]) => shown.has(id)));
    });
  }, [rows]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const onSelect = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) {
        const p = data?.content.find((row) => row.id === id);
        if (on && p) next.set(id, p.version);
        else next.delete(id);
      }
      return next;
    });

  const applyBulk = async (action: BulkProductAction, categoryName?: string) => {
    const question = bulkQuestion(action, selected.size, categoryName);
    if (!(await dialog.confirm('Bulk Action', question, { confirmLabel: 'Apply' }))) return;
    const products = [...selected].map(([id, version]) => ({ id, version }));
    try {
      const result = await bulk.mutateAsync({ products, action });
      setSelected(new Map());
      // The outcome is said at once; the list refreshes behind the dialog.
      void onChanged();
      await dialog.success(TITLE.success, bulkOutcome(result));
    } catch (err) {
      void onChanged();
      await dialog.error(TITLE.error, failure('Failed to update products', err));
    }
  };

  return (
    <section aria-labelledby="products-title" className="space-y-4">
      <ProductFilters
        searchInput={searchInput}
        onSearch={setSearchInput}
        filters={filters}
        onChange={(f) => setFilters((current) => ({ ...current, ...f }))}
        categories={categories.data ?? []}
        metals={metals.data ?? []}
      />
      {selected.size > 0 && (
        <BulkActionsBar
          count={selected.size}
          categories={categories.data ?? []}
          busy={bulk.isPending}
          onApply={(action, name) => void applyBulk(action, name)}
          onClear={() => setSelected(new Map())}
        />
      )}

      {list.isPending ? (
        <div className="flex items-center gap-2 text-taupe">
          <Spinner label="Loading products..." /> Loading products...
        </div>
      ) : data && data.content.length === 0 ? (
        <EmptyProducts search={search} filters={filters} />
      ) : data ? (
        <>
          <p className="text-sm text-taupe" aria-live="polite">
            {data.totalElements} products{list.isFetching ? ' · Loading products...' : ''}
          </p>
          <ProductTable
            products={data.content}
            sort={sort}
            onSort={setSort}
            selected={selectedIds}
            onSelect={onSelect}
            onEdit={onEdit}
            onArchive={onArchive}
            onRestore={onRestore}
            onStock={onStock}
          />
          <ListPager
            page={data.number}
            totalPages={data.totalPages}
            size={size}
            onPage={setPage}
            onSize={setSize}
          />
        </>
      ) : null}
    </section>
  );
}

/** Back-office §8's empty states: a keyword search, else the filter the list used (§1's precedence). */
export const EMPTY_PRODUCTS = {
  category: 'No products available in this category',
  metal: 'No products available for this metal type',
  filtered: 'No products match these filters',
  none: 'No products available',
} as const;

function EmptyProducts({ search, filters }: { search: string; filters: ListFilters }) {
  if (search)
    return (
      <div className="card p-8 text-center">
        <h3 className="text-lg font-semibold">No Products Found</h3>
        <p className="mt-1 text-taupe">No products match your search criteria. Try different keywords.</p>
      </div>
    );
  const filtered = Object.values(filters).some((v) => v !== null && v !== '');
  const text = filters.categoryId
    ? EMPTY_PRODUCTS.category
    : filters.metalId
      ? EMPTY_PRODUCTS.metal
      : filtered
        ? EMPTY_PRODUCTS.filtered
        : EMPTY_PRODUCTS.none;
  return <p className="card p-8 text-center text-taupe">{text}</p>;
}
