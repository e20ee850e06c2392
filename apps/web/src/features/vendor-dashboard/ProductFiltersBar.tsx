import type { Category } from '@zevar/domain';
import {
  PRICE_BAND_OPTIONS,
  SORT_OPTIONS,
  type PriceBand,
  type ProductFilters,
  type ProductSort,
} from './vendor-products';

/** Parents first, each followed by its children (indented). */
function categoryOptions(categories: readonly Category[]) {
  const parents = categories.filter((c) => c.parentCategory === null);
  return parents.flatMap((parent) => [
    { id: parent.id, label: parent.name },
    ...categories
      .filter((c) => c.parentCategory?.id === parent.id)
      .map((child) => ({ id: child.id, label: `\u00a0\u00a0— ${child.name}` })),
  ]);
}

export function ProductFiltersBar({
  filters,
  categories,
  onChange,
  onReset,
}: {
  filters: ProductFilters;
  categories: readonly Category[];
  onChange: (next: Partial<ProductFilters>) => void;
  onReset: () => void;
}) {
  return (
    <div className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5">
      <input
        type="search"
        className="input lg:col-span-2"
        aria-label="Search products"
        placeholder="Search products..."
        value={filters.search}
        onChange={(e) => onChange({ search: e.target.value })}
      />
      <select
        className="input"
        aria-label="Category"
        value={filters.categoryId}
        onChange={(e) => onChange({ categoryId: e.target.value })}
      >
        <option value="">All Categories</option>
        {categoryOptions(categories).map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.label}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label="Price range"
        value={filters.priceBand}
        onChange={(e) => onChange({ priceBand: e.target.value as PriceBand | '' })}
      >
        <option value="">All Prices</option>
        {PRICE_BAND_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label="Sort by"
        value={filters.sort}
        onChange={(e) => onChange({ sort: e.target.value as ProductSort | '' })}
      >
        <option value="">Sort by</option>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn-outline sm:col-span-2 lg:col-span-5 lg:justify-self-end"
        onClick={onReset}
      >
        Reset Filters
      </button>
    </div>
  );
}
