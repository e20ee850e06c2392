import type { CatalogueProduct as Product } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { formatInr } from '../../../lib/format';

export const LOW_STOCK_BELOW = 10;

const categoryLabel = (p: Product) =>
  p.category.parentCategory ? `${p.category.parentCategory.name} - ${p.category.name}` : p.category.name;

/** The products table with the specification's columns ('Varient ID' spelt so). */
export function ProductTable({
  products,
  onEdit,
  onArchive,
  onRestore,
  onStock,
}: {
  products: Product[];
  onEdit: (p: Product) => void;
  onArchive: (p: Product) => void;
  onRestore: (p: Product) => void;
  onStock: (p: Product) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-sand bg-white">
      <table className="w-full min-w-[960px] text-left text-sm">
        <thead className="bg-cream text-xs tracking-wide text-taupe uppercase">
          <tr>
            {[
              'Image',
              'ID/SKU',
              'Varient ID',
              'Name',
              'Category',
              'Metal',
              'Price',
              'Stock',
              'Status',
              'Actions',
            ].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => {
            const low = p.stock < LOW_STOCK_BELOW;
            return (
              <tr key={p.id} className="border-t border-sand align-middle">
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
                  {p.status === 'archived' && (
                    <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-medium text-taupe">
                      Archived
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">{categoryLabel(p)}</td>
                <td className="px-3 py-2">{p.metal?.name ?? '—'}</td>
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
