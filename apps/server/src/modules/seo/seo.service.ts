import type { Category, Product } from '@zevar/domain';
import type { Config } from '../../env';
import type { Db } from '../../db/client';
import type { HeadRenderer } from '../../plugins/web-app';
import { AppError } from '../../lib/errors';
import { createProductReads } from '../storefront/product-reads.service';
import { createCategoryReads } from '../storefront/category-reads.service';
import { createShopsService, type Shop } from '../users/shops.service';
import { parseStorefrontPath } from './storefront-path';
import { renderHeadTags, type HeadData } from './head-tags';

/** Server-rendered head tags for shared storefront pages: product, category and vendor home. */
export function createStorefrontHead(deps: { db: Db; config: Config }): HeadRenderer {
  const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, '');
  const products = createProductReads(deps.db);
  const categories = createCategoryReads(deps.db);
  // Shop lookup only needs the database; the rest of the context is unused by it.
  const shops = createShopsService({ db: deps.db } as Parameters<typeof createShopsService>[0]);
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`;
  const imageUrl = (name: string | null | undefined) =>
    name
      ? absolute(
          /^(https?:)?\/\//i.test(name) || name.startsWith('/')
            ? name
            : `/api/image/${encodeURIComponent(name)}`,
        )
      : null;

  function productHead(shop: Shop, product: Product, pathname: string): HeadData {
    const name = product.name || 'Unnamed Product';
    const description = (product.tagline || product.description || `${name} at ${shop.name}`).slice(0, 300);
    return {
      title: `${name} | ${shop.name}`,
      description,
      canonical: absolute(pathname),
      image: imageUrl(product.images[0]),
      type: 'product',
      price: product.price,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name,
        image: product.images.map((i) => imageUrl(i)).filter((u): u is string => Boolean(u)),
        description,
        sku: product.sku,
        offers: {
          '@type': 'Offer',
          price: product.price.toFixed(2),
          priceCurrency: 'INR',
          availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: absolute(pathname),
        },
      },
    };
  }

  function categoryHead(shop: Shop, category: Category, pathname: string): HeadData {
    return {
      title: `${category.name} | ${shop.name}`,
      description: `Shop ${category.name} jewellery at ${shop.name}.`,
      canonical: absolute(pathname),
      image: imageUrl(category.banner ?? category.image),
      type: 'website',
    };
  }

  function shopHead(shop: Shop, pathname: string): HeadData {
    return {
      title: `${shop.name} | Jewellery`,
      description: `${shop.name}: gold, silver and fashion jewellery, delivered across India.`,
      canonical: absolute(pathname),
      image: null,
      type: 'website',
    };
  }

  return async (pathname) => {
    const target = parseStorefrontPath(pathname, deps.config.DEFAULT_VENDOR_SLUG);
    if (!target) return null;
    try {
      const shop = await shops.findShop(target.vendorSlug);
      if (!shop) return null;
      if (target.kind === 'product')
        return renderHeadTags(productHead(shop, await products.byName(shop.plan, target.name), pathname));
      if (target.kind === 'category')
        return renderHeadTags(categoryHead(shop, await categories.byName(shop.plan, target.name), pathname));
      return renderHeadTags(shopHead(shop, pathname));
    } catch (err) {
      // Unknown or hidden product/category: the plain shell (the page itself shows the not-found state).
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  };
}
