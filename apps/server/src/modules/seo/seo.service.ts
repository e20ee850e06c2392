import type { Category, PublicVendor, Product } from '@zevar/domain';
import type { Config } from '../../env';
import type { PageRender, PageRenderer } from '../../plugins/web-app';
import { parseStorefrontPath } from './storefront-path';
import { renderHeadTags, type HeadData } from './head-tags';

type Shop = { slug: string; name: string };

/**
 * Shared storefront pages (product, category, vendor home) rendered from the app's own public
 * answers (through `get`, so from the same cache the API serves): head tags, the answers the page
 * asks for first (embedded, keyed by the exact URL the web app requests), and 404 when the product
 * or category does not exist for that shop.
 */
export function createStorefrontPages(deps: { config: Config }): PageRenderer {
  const base = (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, '');
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

  const enc = encodeURIComponent;

  return async (pathname, get): Promise<PageRender | null> => {
    const target = parseStorefrontPath(pathname, deps.config.DEFAULT_VENDOR_SLUG);
    if (!target) return null;
    const vendorUrl = `/api/vendors/slug/${enc(target.vendorSlug)}`;
    const planUrl = `/api/user/vendor-plan/${enc(target.vendorSlug)}`;
    const [vendorRes, planRes] = await Promise.all([get(vendorUrl), get(planUrl)]);
    if (vendorRes.status !== 200 || planRes.status !== 200) return null;
    const vendor = JSON.parse(vendorRes.body) as PublicVendor;
    const shop: Shop = { slug: vendor.slug, name: vendor.bussinessName || vendor.name };
    const prefetched: Record<string, unknown> = { [planUrl]: planRes.body };
    if (target.kind === 'shop')
      return { status: 200, head: renderHeadTags(shopHead(shop, pathname)), prefetched };
    const url =
      target.kind === 'product'
        ? `/api/products/name/${enc(target.name)}?vendorSlug=${enc(target.vendorSlug)}`
        : `/api/category/name/${enc(target.name)}?vendorSlug=${enc(target.vendorSlug)}`;
    const res = await get(url);
    // Unknown or hidden product/category: the shell with 404 (the page itself shows the not-found state).
    if (res.status === 404) return { status: 404, head: null, prefetched };
    if (res.status !== 200) return null;
    const data = JSON.parse(res.body) as unknown;
    prefetched[url] = data;
    const head =
      target.kind === 'product'
        ? productHead(shop, data as Product, pathname)
        : categoryHead(shop, data as Category, pathname);
    return { status: 200, head: renderHeadTags(head), prefetched };
  };
}
