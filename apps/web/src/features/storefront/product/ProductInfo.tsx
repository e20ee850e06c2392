import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { isTrending, stoneLabel, STOREFRONT_MESSAGES, type Coupon, type Product } from '@zevar/domain';
import { formatInr } from '../../../lib/format';
import { productPath } from '../paths';
import { PriceBreakupTable } from '../../../components/PriceBreakupTable';
import { PurchaseActions } from './PurchaseActions';

/** The rate chart is loaded only on a metal-priced product's page. */
const RateChart = lazy(() => import('../../../components/RateChart'));
// The offers sit below the buy buttons: their code (the coupon list, Apply and its checks) loads just
// after the page's own, and only when the shop has a live coupon; on a server-rendered page their
// markup is there from the start and is hydrated when the code comes.
const Offers = lazy(() => import('./Offers').then((m) => ({ default: m.Offers })));

function Variants({ product, shop }: { product: Product; shop: string }) {
  if (product.linkedVariants.length === 0) return null;
  const label = (value: string | null, name: string) => value || name;
  return (
    <section aria-labelledby="available-variants" className="space-y-2">
      <h2 id="available-variants" className="font-sans text-base font-semibold tracking-normal">
        Available Variants{product.variantType ? ` (${product.variantType})` : ''}
      </h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <span
            aria-current="page"
            className="flex flex-col rounded-lg border-2 border-gold-600 bg-gold-50 px-3 py-2 text-sm"
          >
            <span className="font-medium">{label(product.variantValue, product.name)}</span>
            <span className="text-xs text-taupe">{formatInr(product.price)}</span>
          </span>
        </li>
        {product.linkedVariants.map((v) => (
          <li key={v.id}>
            <Link
              to={productPath(shop, v.slug)}
              className="flex flex-col rounded-lg border border-sand px-3 py-2 text-sm hover:border-gold-500"
            >
              <span className="font-medium">{label(v.variantValue, v.name)}</span>
              <span className="text-xs text-taupe">{formatInr(v.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Facts({ product }: { product: Product }) {
  const parent = product.category.parentCategory;
  const rows: Array<[string, string]> = [
    ['SKU', product.sku],
    ['Category', parent ? `${parent.name} - ${product.category.name}` : product.category.name],
    ['Stock', `${product.stock} available`],
    ['Shipping', 'shipped within 3-5 days'],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium">{k}</dt>
          <dd className="text-taupe">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Right column of the product page: badge, name, tagline, variants, price, purchase, offers, facts. */
export function ProductInfo({
  product,
  shop,
  coupons,
}: {
  product: Product;
  shop: string;
  coupons: Coupon[];
}) {
  const hasDiscount = product.originalPrice !== null && product.discountPercent > 0;
  const [quantity, setQuantity] = useState(product.stock > 0 ? 1 : 0);
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        {isTrending(product) && <span className="eyebrow rounded bg-gold-100 px-2 py-0.5">Trending</span>}
        <h1 className="text-3xl sm:text-4xl">{product.name || STOREFRONT_MESSAGES.unnamedProduct}</h1>
        {product.tagline && <p className="text-taupe">{product.tagline}</p>}
        {product.gem && (
          <p className="text-sm font-semibold text-gold-800" data-testid="stone-origin">
            {stoneLabel(product.gem.kind, product.gem.origin)}
          </p>
        )}
      </div>
      <Variants product={product} shop={shop} />
      <div className="flex flex-wrap items-baseline gap-3" data-testid="product-price">
        <span className="text-2xl font-semibold">{formatInr(product.price)}</span>
        {hasDiscount && (
          <>
            <s className="text-taupe">
              <span className="sr-only">Original price </span>
              {formatInr(product.originalPrice!)}
            </s>
            <span className="font-medium text-emerald-700">{product.discountPercent}% off</span>
          </>
        )}
        {product.stock < 1 && (
          <span className="rounded bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-700" role="status">
            {STOREFRONT_MESSAGES.outOfStock}
          </span>
        )}
      </div>
      {product.hallmarked && (
        <p className="text-sm font-medium text-emerald-800" data-testid="hallmark">
          <span aria-hidden="true">✓ </span>BIS Hallmarked · HUID
        </p>
      )}
      <PriceBreakupTable breakup={product.priceBreakup} />
      {product.metal && product.purity && product.productType !== 'MRP' && (
        <Suspense fallback={null}>
          <RateChart
            metalId={product.metal.id}
            purity={product.purity.name}
            label={`${product.metal.name} ${product.purity.name}`}
          />
        </Suspense>
      )}
      <PurchaseActions product={product} shop={shop} onQuantityChange={setQuantity} />
      {coupons.some((c) => !c.expired) && (
        <Suspense fallback={null}>
          <Offers coupons={coupons} basket={{ quantity, unitPrice: product.price }} />
        </Suspense>
      )}
      {product.description && (
        <p className="text-sm leading-relaxed whitespace-pre-line">{product.description}</p>
      )}
      <Facts product={product} />
    </div>
  );
}
