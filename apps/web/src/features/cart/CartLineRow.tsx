import { Link } from 'react-router';
import { LOW_STOCK_BELOW, PAYMENT_TEXT, type CartQuoteLine } from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { formatInr } from '../../lib/format';
import { QuantityBox } from '../../components/QuantityBox';

export interface CartLineRowProps {
  line: CartQuoteLine;
  slug: string;
  /** The quantity the shopper chose (the stored cart): the quote answers after it changes. */
  quantity: number;
  /** A quantity already clamped to 1..stock by the quantity box (which says 'Stock Limit'). */
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** One cart line: image, name, SKU, prices, quantity controls, low-stock notice, remove, line total. */
export function CartLineRow({ line, slug, quantity, onQuantity, onRemove }: CartLineRowProps) {
  if (!line.available) {
    return (
      <li className="card flex items-center justify-between gap-4 p-4">
        <p className="text-sm text-taupe">This item is no longer available in this shop.</p>
        <button type="button" className="btn-ghost text-red-700" onClick={onRemove}>
          Remove
        </button>
      </li>
    );
  }
  const outOfStock = line.stock < 1;
  return (
    <li
      className={`card flex gap-3 p-3 sm:gap-4 sm:p-4 ${outOfStock ? 'ring-2 ring-red-300' : ''}`}
      data-testid="cart-line"
      data-out-of-stock={outOfStock || undefined}
    >
      <Link to={`/${encodeURIComponent(slug)}/product/${encodeURIComponent(line.slug)}`} className="shrink-0">
        <ImageWithFallback
          src={line.image}
          alt={line.name}
          className="size-20 rounded-lg object-cover sm:size-24"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="truncate font-medium text-ink">{line.name}</h2>
          <p className="text-xs text-taupe">SKU: {line.sku}</p>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{formatInr(line.price)}</span>
            {line.originalPrice !== null && line.originalPrice > line.price && (
              <s className="text-sm text-taupe">{formatInr(line.originalPrice)}</s>
            )}
          </p>
          {line.stock > 0 && line.stock < LOW_STOCK_BELOW && (
            <p className="text-xs font-medium text-red-700">{PAYMENT_TEXT.lowStock(line.stock)}</p>
          )}
          {outOfStock && <p className="text-xs font-medium text-red-700">Out of Stock</p>}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:flex-col sm:items-end">
          <QuantityBox
            value={quantity}
            stock={line.stock}
            onChange={onQuantity}
            label={`Quantity of ${line.name}`}
            size="sm"
          />
          {!outOfStock && (
            <p className="font-semibold" aria-label="Line total">
              {formatInr(line.lineTotal)}
            </p>
          )}
          <button type="button" className="text-sm text-red-700 hover:underline" onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
