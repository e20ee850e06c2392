import {
  PLANS,
  PLAN_LABELS,
  type Category,
  type Metal,
  type Plan,
  type ProductStatus,
  type StockFilter,
} from '@zevar/domain';

/** The list's filters as the screen holds them (null: any). */
export type ListFilters = {
  search: string;
  categoryId: number | null;
  metalId: number | null;
  purityId: number | null;
  status: ProductStatus | null;
  stock: StockFilter | null;
  plan: Plan | null;
  hallmarked: boolean | null;
};

export const NO_FILTERS: ListFilters = {
  search: '',
  categoryId: null,
  metalId: null,
  purityId: null,
  status: null,
  stock: null,
  plan: null,
  hallmarked: null,
};

const STATUS_OPTIONS: Array<[ProductStatus, string]> = [
  ['active', 'Active'],
  ['draft', 'Draft'],
  ['archived', 'Archived'],
];
const STOCK_OPTIONS: Array<[StockFilter, string]> = [
  ['in', 'In stock'],
  ['low', 'Low stock'],
  ['out', 'Out of stock'],
];

function Choice<T extends string>({
  label,
  all,
  value,
  options,
  onChange,
}: {
  label: string;
  all: string;
  value: T | null;
  options: Array<[T, string]>;
  onChange: (v: T | null) => void;
}) {
  return (
    <select
      className="input"
      aria-label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value ? (e.target.value as T) : null)}
    >
      <option value="">{all}</option>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );
}

const num = (v: string | null) => (v ? Number(v) : null);

/** Search and every filter of the admin product list; the purity choice follows the chosen metal. */
export function ProductFilters({
  searchInput,
  onSearch,
  filters,
  onChange,
  categories,
  metals,
}: {
  searchInput: string;
  onSearch: (text: string) => void;
  filters: ListFilters;
  onChange: (f: Partial<ListFilters>) => void;
  categories: Category[];
  metals: Metal[];
}) {
  const purities =
    metals.find((m) => m.id === filters.metalId)?.purities ?? metals.flatMap((m) => m.purities);
  const metalName = (id: number) => metals.find((m) => m.purities.some((p) => p.id === id))?.name ?? '';
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <input
        type="search"
        className="input sm:col-span-2"
        placeholder="Search products..."
        aria-label="Search products"
        value={searchInput}
        onChange={(e) => onSearch(e.target.value)}
      />
      <Choice
        label="Filter by category"
        all="All Categories"
        value={filters.categoryId === null ? null : String(filters.categoryId)}
        options={categories.map((c) => [
          String(c.id),
          c.parentCategory ? `${c.parentCategory.name} - ${c.name}` : c.name,
        ])}
        onChange={(v) => onChange({ categoryId: num(v) })}
      />
      <Choice
        label="Filter by metal"
        all="All Metals"
        value={filters.metalId === null ? null : String(filters.metalId)}
        options={metals.map((m) => [String(m.id), m.name])}
        onChange={(v) => onChange({ metalId: num(v), purityId: null })}
      />
      <Choice
        label="Filter by purity"
        all="All Purities"
        value={filters.purityId === null ? null : String(filters.purityId)}
        options={purities.map((p) => [
          String(p.id),
          filters.metalId ? p.name : `${metalName(p.id)} ${p.name}`.trim(),
        ])}
        onChange={(v) => onChange({ purityId: num(v) })}
      />
      <Choice
        label="Filter by status"
        all="All Statuses"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ status })}
      />
      <Choice
        label="Filter by stock"
        all="Any Stock"
        value={filters.stock}
        options={STOCK_OPTIONS}
        onChange={(stock) => onChange({ stock })}
      />
      <Choice
        label="Filter by plan"
        all="All Plans"
        value={filters.plan}
        options={PLANS.map((p) => [p, PLAN_LABELS[p]])}
        onChange={(plan) => onChange({ plan })}
      />
      <Choice
        label="Filter by hallmark"
        all="Hallmarked or not"
        value={filters.hallmarked === null ? null : filters.hallmarked ? 'yes' : 'no'}
        options={[
          ['yes', 'BIS hallmarked'],
          ['no', 'Not hallmarked'],
        ]}
        onChange={(v) => onChange({ hallmarked: v === null ? null : v === 'yes' })}
      />
    </div>
  );
}
