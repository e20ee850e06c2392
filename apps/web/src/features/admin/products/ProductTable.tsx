import {
  ADMIN_LOW_STOCK_BELOW,
  type AdminProductSort,
  type CatalogueProduct as Product,
} from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { formatInr } from '../../../lib/format';

const LOW_STOCK_BELOW = ADMIN_LOW_STOCK_BELOW;

const categoryLabel = (p: Product) =>
  p.category.parentCategory ? `${p.category.parentCategory.name} - ${p.category.name}` : p.category.name;

export type SortState = { sort: AdminProductSort; direction: 'asc' | 'desc' };

/** The columns ('Varient ID' spelt as the specification does) and the sort each header toggles. */
const COLUMNS: Array<{ label: string; sort?: AdminProductSort }> = [
  { label: 'Image' },
  { label: 'ID/SKU', sort: 'id' },
  { label: 'Varient ID' },
  { label: 'Name', sort: 'name' },
  { label: 'Category' },
  { label: 'Metal' },
  { label: 'Price', sort: 'price' },
  { label: 'Stock', sort: 'stock' },
  { label: 'Status' },
  { label: 'Actions' },
];

const STATUS_BADGE = {
  draft: { text: 'Draft', className: 'bg-amber-50 text-amber-900' },
  archived: { text: 'Archived', className: 'bg-sand text-taupe' },
} as const;

/** The next sort when a header is clicked: the same column flips, another starts A-Z for text, high first for numbers. */
function nextSort(current: SortState, column: AdminProductSort): SortState {
  if (current.sort === column)
    return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { sort: column, direction: column === 'name' || column === 'sku' ? 'asc' : 'desc' };
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: AdminProductSort;
  sort: SortState;
  onSort: (s: SortState) => void;
}) {
  const active = sort.sort === column;
  const arrow = active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕';
  return (
    <th
      scope="col"
      className="px-3 py-2 font-semibold"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-ink"
        onClick={() => onSort(nextSort(sort, column))}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-ink' : 'text-taupe/60'}>
          {arrow}
        </span>
      </button>
    </th>
  );
}

/** The products table: sortable headers, a checkbox per row and one for the page. */
export function ProductTable({
  products,
  sort,
  onSort,
  selected,
  onSelect,
  onEdit,
  onArchive,
  onRestore,
  onStock,
}: {
  products: Product[];
  sort: SortState;
  onSort: (s: SortState) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onEdit: (p: Product) => void;
  onArchive: (p: Product) => void;
  onRestore: (p: Product) => void;
  onStock: (p: Product) => void;
}) {
  const allOnPage = products.length > 0 && products.every((p) => selected.has(p.id));
  return (
    <div className="overflow-x-auto rounded-lg border border-sand bg-white">
      <table className="w-full min-w-[1000px] text-left text-sm">
        <thead className="bg-cream text-xs tracking-wide text-taupe uppercase">
          <tr>
            <th scope="col" className="w-8 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all products on this page"
                checked={allOnPage}
                onChange={(e) =>
                  onSelect(
                    products.map((p) => p.id),
                    e.target.checked,
                  )
                }
              />
            </th>
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortHeader key={c.label} label={c.label} column={c.sort} sort={sort} onSort={onSort} />
              ) : (
                <th key={c.label} scope="col" className="px-3 py-2 font-semibold">
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => {
            const low = p.stock < LOW_STOCK_BELOW;
            const badge = p.status === 'active' ? null : STATUS_BADGE[p.status];
            return (
              <tr
                key={p.id}
                className={`border-t border-sand align-middle ${selected.has(p.id) ? 'bg-cream/60' : ''}`}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${p.name}`}
                    checked={selected.has(p.id)}
                    onChange={(e) => onSelect([p.id], e.target.checked)}
                  />
                </td>
                <td className="px-3 py-2">
                  <ImageWithFallback
                    src={p.images[0]}
                    alt={p.name}
                    className="size-12 rounded object-cover"
                  />
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium">#{p.id}</div>
                  <div className="text-xs text-taupe">{p.sku}</div>
                </td>
                <td className="px-3 py-2 text-xs">{p.variantGroupId ?? '—'}</td>
                <td className="px-3 py-2 font-medium">
                  {p.name}
                  {badge && (
                    <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}>
                      {badge.text}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">{categoryLabel(p)}</td>
                <td className="px-3 py-2">
                  {p.metal?.name ?? '—'}
                  {p.purity && <span className="text-xs text-taupe"> {p.purity.name}</span>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatInr(p.price)}</td>
                <td className="px-3 py-2">
                  <span
                    className={low ? 'rounded bg-red-50 px-2 py-0.5 font-semibold text-red-700' : ''}
                    title={low ? 'Low stock' : undefined}
                  >
                    {p.stock}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${p.stock > 0 ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
                  >
                    {p.stock > 0 ? 'In Stock' : 'Out of Stock'}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={`Edit ${p.name}`}
                    onClick={() => onEdit(p)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={`Adjust stock of ${p.name}`}
                    onClick={() => onStock(p)}
                  >
                    Stock
                  </button>
                  {p.status === 'draft' && (
                    <button
                      type="button"
                      className="btn-ghost px-2"
                      aria-label={`Publish ${p.name}`}
                      onClick={() => onRestore(p)}
                    >
                      Publish
                    </button>
                  )}
                  {p.status === 'archived' ? (
                    <button
                      type="button"
                      className="btn-ghost px-2"
                      aria-label={`Restore ${p.name}`}
                      onClick={() => onRestore(p)}
                    >
                      Restore
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn-ghost px-2 text-red-700"
                      aria-label={`Archive ${p.name}`}
                      onClick={() => onArchive(p)}
                    >
                      Archive
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
