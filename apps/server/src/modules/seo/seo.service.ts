import {
  CATEGORY_PAGE_SIZE,
  CATEGORY_BANNER_SIZES,
  HERO_IMAGE_SIZES,
  PRODUCT_IMAGE_SIZES,
  storedImageSrcSet,
  storedImageUrl,
  type CarouselItem,
  type Category,
  type PublicVendor,
  type Product,
  type Quote,
  QUOTE_CODE_PATTERN,
  formatInr,
  formatZonedDate,
} from '@zevar/domain';
import type { Config } from '../../env';
import type { PageRender, PageRenderer } from '../../plugins/web-app';
import { parseStorefrontPath } from './storefront-path';
import { escapeHtml, renderHeadTags, type HeadData } from './head-tags';

/** The shop a page belongs to: its name and the face its plan lets it show (decision 0062). */
type Shop = { slug: string; name: string; logo: string | null; banner: string | null; about: string | null };

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
      siteName: shop.name,
      logo: imageUrl(shop.logo),
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
      siteName: shop.name,
      logo: imageUrl(shop.logo),
      type: 'website',
    };
  }

  function shopHead(shop: Shop, pathname: string): HeadData {
    return {
      title: `${shop.name} | Jewellery`,
      description: (shop.about ?? `${shop.name}: gold, silver and fashion jewellery, delivered across India.`)
        .replace(/\s+/g, ' ')
        .slice(0, 300),
      canonical: absolute(pathname),
      // A share of the shop shows its banner, else its logo (none set: no picture, as before).
      image: imageUrl(shop.banner ?? shop.logo),
      siteName: shop.name,
      logo: imageUrl(shop.logo),
      type: 'website',
    };
  }

  /**
   * A quote link's preview (WhatsApp reads og:title, og:description and og:image): the pieces, the
   * price and until when it holds; the first piece's photo.
   */
  function quoteHead(quote: Quote, pathname: string, logo: string | null): HeadData {
    const pieces = quote.lines.map((l) => (l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name)).join(', ');
    const until = formatZonedDate(new Date(quote.validUntil), deps.config.BUSINESS_TIMEZONE, 'dateTime');
    const price = formatInr(quote.total);
    const description =
      quote.status === 'expired'
        ? `${pieces}. This quote has expired: see today’s price at ${quote.shopName}.`
        : `${pieces}: ${price}${quote.discount > 0 ? ` (${formatInr(quote.discount)} off)` : ''}, price held until ${until}.`;
    return {
      title:
        quote.status === 'expired'
          ? `Your quote from ${quote.shopName} has expired`
          : `Your quote from ${quote.shopName}: ${price}`,
      description: description.slice(0, 300),
      canonical: absolute(pathname),
      image: imageUrl(quote.lines[0]?.image),
      siteName: quote.shopName,
      logo: imageUrl(logo),
      type: 'website',
    };
  }

  const enc = encodeURIComponent;

  return async (pathname, get): Promise<PageRender | null> => {
    const quoteMatch = /^\/q\/([^/]+)\/?$/.exec(pathname);
    if (quoteMatch) {
      const code = quoteMatch[1]!;
      if (!QUOTE_CODE_PATTERN.test(code)) return { status: 404, head: null };
      const res = await get(`/api/quotes/${code}`);
      if (res.status === 404) return { status: 404, head: null };
      if (res.status !== 200) return null;
      const quote = JSON.parse(res.body) as Quote;
      const vendorRes = await get(`/api/vendors/slug/${enc(quote.vendorSlug)}`);
      const logo = vendorRes.status === 200 ? (JSON.parse(vendorRes.body) as PublicVendor).face.logo : null;
      return { status: 200, head: renderHeadTags(quoteHead(quote, pathname, logo)) };
    }
    const target = parseStorefrontPath(pathname, deps.config.DEFAULT_VENDOR_SLUG);
    if (!target) return null;
    const vendorUrl = `/api/vendors/slug/${enc(target.vendorSlug)}`;
    const planUrl = `/api/user/vendor-plan/${enc(target.vendorSlug)}`;
    const [vendorRes, planRes] = await Promise.all([get(vendorUrl), get(planUrl)]);
    if (vendorRes.status !== 200 || planRes.status !== 200) return null;
    const vendor = JSON.parse(vendorRes.body) as PublicVendor;
    const shop: Shop = {
      slug: vendor.slug,
      name: vendor.bussinessName || vendor.name,
      logo: vendor.face.logo,
      banner: vendor.face.banner,
      about: vendor.face.about,
    };
    // The shop's answer goes with every page: its header and home show the shop face from the start.
    const prefetched: Record<string, unknown> = { [planUrl]: planRes.body, [vendorUrl]: vendor };
    const shopQuery = `vendorSlug=${enc(target.vendorSlug)}`;
    /** The answers the page asks for next, embedded when they are there (failures: the page fetches). */
    const prefetch = async (urls: string[]) => {
      const answers = await Promise.all(urls.map(async (u) => [u, await get(u)] as const));
      for (const [u, r] of answers) if (r.status === 200) prefetched[u] = JSON.parse(r.body) as unknown;
    };
    if (target.kind === 'shop') {
      const plan = planRes.body;
      const carouselUrl = `/api/carousels/images/${plan}`;
      await prefetch([
        `/api/category/plan/${plan}`,
        carouselUrl,
        `/api/products/trending?${shopQuery}&size=8`,
        `/api/products/sale?${shopQuery}&size=12`,
        `/api/products/special-offers?${shopQuery}`,
        // Today's rates: the home page shows them near the top.
        '/api/metal-rates',
      ]);
      const hero = (prefetched[carouselUrl] as CarouselItem[] | undefined)?.[0]?.imageUrl;
      const head = renderHeadTags(shopHead(shop, pathname)) + preloadImage(hero, HERO_IMAGE_SIZES);
      return { status: 200, head, prefetched, page: 'shop' };
    }
    const url =
      target.kind === 'product'
        ? `/api/products/name/${enc(target.name)}?${shopQuery}`
        : `/api/category/name/${enc(target.name)}?${shopQuery}`;
    const res = await get(url);
    // Unknown or hidden product/category: the shell with 404 (the page itself shows the not-found state).
    if (res.status === 404) return { status: 404, head: null, prefetched, page: target.kind };
    if (res.status !== 200) return null;
    const data = JSON.parse(res.body) as unknown;
    prefetched[url] = data;
    if (target.kind === 'product') {
      const product = data as Product;
      await prefetch([`/api/reviews/product/${product.id}`, '/api/coupon-codes']);
      const head =
        renderHeadTags(productHead(shop, product, pathname)) +
        preloadImage(product.images[0], PRODUCT_IMAGE_SIZES);
      return { status: 200, head, prefetched, page: 'product' };
    }
    const category = data as Category;
    await prefetch([
      // All the plan's categories: the page lists this one's subcategories above the products.
      `/api/category/plan/${planRes.body}`,
      `/api/products/category/${category.id}?${shopQuery}&page=0&size=${CATEGORY_PAGE_SIZE}&sort=default`,
    ]);
    const head =
      renderHeadTags(categoryHead(shop, category, pathname)) +
      preloadImage(category.banner, CATEGORY_BANNER_SIZES);
    return { status: 200, head, prefetched, page: 'category' };
  };
}

/** Starts the page's largest image (LCP) with the HTML, with the same srcset the <img> will use. */
function preloadImage(name: string | null | undefined, sizes: string): string {
  const url = storedImageUrl(name);
  if (!url) return '';
  const srcset = storedImageSrcSet(name);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `\n<link rel="preload" as="image" href="${escapeHtml(url)}"${responsive} fetchpriority="high">`;
}
