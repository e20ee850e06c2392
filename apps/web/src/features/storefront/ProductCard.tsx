import { Link } from 'react-router';
import { STOREFRONT_MESSAGES, type ProductListItem } from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { Price } from '../../components/Price';
import { productPath } from './paths';

export interface ProductCardProps {
  /** As a list shows it: a stock band, not the count (decision 0081). */
  product: ProductListItem;
  shop: string;
  /** Home page: add (or increase) and go to the cart. */
  onAddToCart?: (product: ProductListItem) => void;
  fractionDigits?: number;
}

/** Product tile: image, name, price with discount, 'Out of Stock' label, optional add-to-cart. */
export function ProductCard({ product, shop, onAddToCart, fractionDigits = 2 }: ProductCardProps) {
  const outOfStock = product.stockBand === 'out_of_stock';
  const name = product.name || STOREFRONT_MESSAGES.unnamedProduct;
  return (
    <article className="card group flex h-full flex-col overflow-hidden" data-testid="product-card">
      <Link
        to={productPath(shop, product.slug)}
        className="relative block aspect-square overflow-hidden bg-cream"
      >
        <ImageWithFallback
          src={product.images[0]}
          alt={name}
          sizes="(min-width: 1024px) 25vw, 50vw"
          width={640}
          height={640}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {outOfStock && (
          <span className="absolute top-2 left-2 rounded bg-ink/85 px-2 py-0.5 text-xs font-semibold text-ivory">
            {STOREFRONT_MESSAGES.outOfStock}
          </span>
        )}
        {product.discountPercent > 0 && (
          <span className="absolute top-2 right-2 rounded bg-gold-700 px-2 py-0.5 text-xs font-semibold text-white">
            {product.discountPercent}% off
          </span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-sans text-sm font-medium tracking-normal">
          <Link to={productPath(shop, product.slug)} className="hover:text-gold-800">
            {name}
          </Link>
        </h3>
        <Price
          amount={product.price}
          original={product.originalPrice}
          fractionDigits={fractionDigits}
          className="text-sm"
        />
        {onAddToCart && (
          <button
            type="button"
            className="btn-outline mt-auto w-full py-1.5 text-xs"
            disabled={outOfStock}
            onClick={() => onAddToCart(product)}
          >
            Add to Cart
          </button>
        )}
      </div>
    </article>
  );
}
