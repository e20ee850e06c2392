import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../../app';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers } from '../../../test/catalogue-fixtures';
import { createCategory, createProduct, createVendor, uid, metalVersion } from '../../../test/factories';
import { prefetchedIn } from '../../../test/prefetched';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { createStorefrontPages } from './seo.service';
import { parseStorefrontPath } from './storefront-path';

/** The page's head tags, rendered from the test app's own answers (as the web-app plugin does). */
const headOf = (t: TestApp) => {
  const pages = createStorefrontPages({ config: t.config });
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };
  return async (path: string) => (await pages(path, get))?.head ?? null;
};

describe('storefront head tags', () => {
  let t: TestApp;
  let render: (path: string) => Promise<string | null>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in', DEFAULT_VENDOR_SLUG: 'zevar' } });
    render = headOf(t);
  });
  afterAll(async () => t.close());

  it('renders title, description, canonical, Open Graph and Product JSON-LD for a product, escaped', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC', businessName: 'Asha & Co' });
    const name = `Rose "Gold" <Ring> ${uid()}`;
    const p = await createProduct(t.db, {
      name,
      tagline: 'Shines </script><b>',
      images: ['abc.webp'],
      pricePaise: 1_234_50,
      stock: 3,
    });
    const head = await render(`/${vendor.slug}/product/${p.slug}`);
    expect(head).not.toBeNull();
    expect(head).toContain(`<title>Rose &quot;Gold&quot; &lt;Ring&gt;`);
    expect(head).toContain('| Asha &amp; Co</title>');
    expect(head).toContain(
      `<link rel="canonical" href="https://shop.example.in/${vendor.slug}/product/${p.slug}">`,
    );
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain('<meta property="og:image" content="https://shop.example.in/api/image/abc.webp">');
    expect(head).toContain('<meta property="product:price:amount" content="1234.50">');
    expect(head).toContain('<meta property="product:price:currency" content="INR">');
    expect(head).toContain('<meta name="description" content="Shines &lt;/script&gt;&lt;b&gt;">');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head!)?.[1];
    expect(json).not.toContain('</script>');
    const ld = JSON.parse(json!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'Product',
      name,
      sku: p.sku,
      image: ['https://shop.example.in/api/image/abc.webp'],
      offers: { price: '1234.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
  });

  it('gives no product head above the vendor tier, for unknown vendors or products', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'FREE' });
    const premium = await createProduct(t.db, { plan: 'PREMIUM' });
    expect(await render(`/${vendor.slug}/product/${premium.slug}`)).toBeNull();
    expect(await render(`/no-shop-${uid()}/product/${premium.slug}`)).toBeNull();
    expect(await render(`/${vendor.slug}/product/missing-${uid()}`)).toBeNull();
  });

  it('renders category, vendor home and default-vendor product heads', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'FREE', businessName: 'Default Shop' });
    const category = await createCategory(t.db, { name: `Anklets ${uid()}` });
    const cat = await render(`/${vendor.slug}/category/${encodeURIComponent(category.name.toLowerCase())}`);
    expect(cat).toContain(`<title>${category.name} | Default Shop</title>`);
    expect(await render(`/${vendor.slug}`)).toContain('<title>Default Shop | Jewellery</title>');
    expect(await render(`/${vendor.slug}/home`)).toContain('<link rel="canonical"');
    const def = await createTestApp({ env: { DEFAULT_VENDOR_SLUG: 'default-shop', PORT: '4321' } });
    try {
      await createVendor(def.app, def.db, { slug: 'default-shop', plan: 'FREE' });
      const p = await createProduct(def.db, { images: [] });
      const head = await headOf(def)(`/product/${p.slug}`);
      expect(head).toContain(`<link rel="canonical" href="http://localhost:4321/product/${p.slug}">`);
      expect(head).not.toContain('og:image');
    } finally {
      await def.close();
    }
  });

  it('leaves app pages and malformed paths alone', () => {
    for (const path of [
      '/',
      '/login',
      '/cart',
      '/admin/dashboard',
      '/contact',
      '/x/y/z/w',
      '/%E0%A4%A/product/x',
      '/Bad_Slug!',
    ]) {
      expect(parseStorefrontPath(path, 'zevar')).toBeNull();
    }
    expect(parseStorefrontPath('/product/a-b', 'zevar')).toEqual({
      kind: 'product',
      vendorSlug: 'zevar',
      name: 'a-b',
    });
  });
});

describe('server-rendered storefront pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><meta name="description" content="Generic"><title>Zevar</title></head><body><div id="root"></div></body></html>',
    );
    // The build's manifest: the small entry imports the app (main), which shares a chunk with the
    // product page; the product page has one of its own.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-E.js', isEntry: true, dynamicImports: ['_main-M.js'] },
        '_main-M.js': { file: 'assets/main-M.js', imports: ['index.html', '_shared-S.js'] },
        '_shared-S.js': { file: 'assets/shared-S.js' },
        '_price-Q.js': { file: 'assets/price-Q.js', imports: ['_shared-S.js'] },
        'src/features/storefront/ProductPage.tsx': {
          file: 'assets/ProductPage-P.js',
          imports: ['index.html', '_main-M.js', '_shared-S.js', '_price-Q.js'],
        },
        'src/features/storefront/VendorHomePage.tsx': {
          file: 'assets/VendorHomePage-H.js',
          imports: ['index.html', '_main-M.js'],
        },
      }),
    );
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => t.close());

  it("preloads the app and a page's route code with its HTML when the page is not rendered on the server", async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const p = await createProduct(t.db, { name: `Route Ring ${uid()}` });
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const product = await t.app.inject({ url: `/${vendor.slug}/product/${p.slug}` });
    expect(preloads(product.body)).toEqual([
      '/assets/main-M.js',
      '/assets/shared-S.js',
      '/assets/ProductPage-P.js',
      '/assets/price-Q.js',
    ]);
    const home = await t.app.inject({ url: `/${vendor.slug}` });
    expect(preloads(home.body)).toEqual([
      '/assets/main-M.js',
      '/assets/shared-S.js',
      '/assets/VendorHomePage-H.js',
    ]);
    // Not a storefront page: no route is known, the app is.
    expect(preloads((await t.app.inject({ url: '/login' })).body)).toEqual([
      '/assets/main-M.js',
      '/assets/shared-S.js',
    ]);
  });

  it("puts a product page's data into its HTML, as the answers the page asks for first", async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const image = `${'a'.repeat(32)}.webp`;
    const p = await createProduct(t.db, {
      name: `Peacock Jhumka ${uid()}`,
      pricePaise: 2_345_00,
      images: [image],
    });
    const res = await t.app.inject({ url: `/${vendor.slug}/product/${p.slug}` });
    expect(res.statusCode).toBe(200);
    const prefetched = prefetchedIn(res.body);
    const api = `/api/products/name/${p.slug}?vendorSlug=${vendor.slug}`;
    expect(prefetched[api]).toEqual((await t.app.inject({ url: api })).json());
    expect(prefetched[api]).toMatchObject({ id: p.id, name: p.name, price: 2345 });
    expect(prefetched[`/api/user/vendor-plan/${vendor.slug}`]).toBe('BASIC');
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="/api/image/${image}" imagesrcset="/api/image/${image}?w=320 320w,`,
    );
    expect(prefetched[`/api/reviews/product/${p.id}`]).toEqual([]);
  });

  it("puts a shop home page's first answers, today's metal rates included, into its HTML", async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const res = await t.app.inject({ url: `/${vendor.slug}` });
    expect(res.statusCode).toBe(200);
    const prefetched = prefetchedIn(res.body);
    expect(prefetched['/api/metal-rates']).toEqual((await t.app.inject({ url: '/api/metal-rates' })).json());
    expect(prefetched[`/api/products/trending?vendorSlug=${vendor.slug}&size=8`]).toMatchObject({
      number: 0,
    });
    expect(prefetched['/api/category/plan/BASIC']).toBeInstanceOf(Array);
  });

  it("puts today's metal rates into the home page's HTML, and a rate change shows in the next page", async () => {
    const who = await createCallers(t.app, t.db);
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    // The metal is created through the API, so it has its purity and rate as the admin's would.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/metals',
      headers: who.superAdmin,
      payload: { name: `Alloy ${uid()}`, price: 7000 },
    });
    expect(created.statusCode).toBe(201);
    const alloy = created.json() as { id: number; name: string };
    type Rate = { metalId: number; purity: string; ratePerGram: number };
    const ratesInHome = async () => {
      const res = await t.app.inject({ url: `/${vendor.slug}` });
      expect(res.statusCode).toBe(200);
      const prefetched = prefetchedIn(res.body);
      expect(prefetched['/api/metal-rates']).toEqual(
        (await t.app.inject({ url: '/api/metal-rates' })).json(),
      );
      return (prefetched['/api/metal-rates'] as Rate[]).filter((r) => r.metalId === alloy.id);
    };
    // A metal not named gold, silver or platinum starts with one 'Fine' purity at its rate.
    expect((await ratesInHome()).map((r) => [r.purity, r.ratePerGram])).toEqual([['Fine', 7000]]);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/metals/${alloy.id}`,
      headers: who.superAdmin,
      payload: {
        name: alloy.name,
        price: 7100,
        confirmBigChange: true,
        version: await metalVersion(t.db, alloy.id),
      },
    });
    expect(changed.statusCode).toBe(200);
    // The rates answer is cached; the rate change invalidated it, so the page carries the new rate.
    expect((await ratesInHome()).map((r) => [r.purity, r.ratePerGram])).toEqual([['Fine', 7100]]);
  });

  it('answers 404 with the app shell for a product or category that does not exist', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'FREE' });
    for (const url of [
      `/${vendor.slug}/product/no-such-${uid()}`,
      `/${vendor.slug}/category/no-such-${uid()}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ url: `/${vendor.slug}` })).statusCode).toBe(200);
  });
});

/*
 * The real web app, as `npm test` builds it before the API suites (npm run build -w @zevar/web makes
 * apps/web/dist and its server build, apps/web/dist-ssr).
 */
const webAppBuilt = existsSync(path.join(WEB_DIST_DIR, '../dist-ssr/entry-server.js'));

describe.skipIf(!webAppBuilt)("a storefront page's first screen, rendered by the built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: WEB_DIST_DIR });
  });
  afterAll(async () => t.close());

  const text = (html: string) =>
    (/<div id="root">([\s\S]*?)<\/div>\n<script type="application\/json"/.exec(html)?.[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');

  it("shows a product's name, price and purchase button in the HTML, before any script runs", async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const p = await createProduct(t.db, { name: `Kundan Choker ${uid()}`, pricePaise: 1_54_606_14 });
    const res = await t.app.inject({ url: `/${vendor.slug}/product/${p.slug}` });
    expect(res.statusCode).toBe(200);
    const shown = text(res.body);
    expect(shown).toContain(p.name);
    expect(shown).toContain('₹1,54,606.14');
    expect(shown).toContain('Add to Cart');
    // Its scripts wait for the paint; the page names them and the seed of its random choices.
    expect(res.body).toMatch(/<meta name="zevar-page-modules" content="\/assets\/ProductPage-[^"]+\.js/);
    expect(res.body).toMatch(/<meta name="zevar-page-seed" content="\d+">/);
  });

  it('shows a category page with its products', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const category = await createCategory(t.db, { name: `Bangles ${uid()}` });
    const p = await createProduct(t.db, { name: `Glass Bangle ${uid()}`, categoryId: category.id });
    const res = await t.app.inject({
      url: `/${vendor.slug}/category/${encodeURIComponent(category.name.toLowerCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const shown = text(res.body);
    expect(shown).toContain(category.name);
    expect(shown).toContain(p.name);
  });

  it("shows a reseller's shop face in its pages' HTML and share previews, only as its plan allows", async () => {
    const logo = `${'c'.repeat(32)}.webp`;
    const face = {
      faceLogo: logo,
      faceBanner: `${'d'.repeat(32)}.webp`,
      faceAbout: 'Goldsmiths of Bowbazar since 1962.',
      faceContactPhone: '9830012345',
      faceWhatsapp: '9830054321',
    };
    const premium = await createVendor(t.app, t.db, {
      plan: 'PREMIUM',
      businessName: 'Kanak Jewels',
      ...face,
    });
    const home = await t.app.inject({ url: `/${premium.slug}` });
    expect(home.statusCode).toBe(200);
    expect(text(home.body)).toContain('About Kanak Jewels');
    expect(text(home.body)).toContain('Goldsmiths of Bowbazar since 1962.');
    expect(home.body).toContain('href="https://wa.me/919830054321?text=Hello%20Kanak%20Jewels%2C');
    expect(home.body).toContain('href="tel:+919830012345"');
    expect(home.body).toContain(`src="/api/image/${logo}?w=320"`);
    expect(home.body).toContain('<meta property="og:site_name" content="Kanak Jewels">');
    expect(home.body).toMatch(new RegExp(`<meta property="og:logo" content="[^"]*/api/image/${logo}">`));
    expect(home.body).toContain('<meta name="description" content="Goldsmiths of Bowbazar since 1962.">');
    const p = await createProduct(t.db, { name: `Filigree Jhumka ${uid()}` });
    const product = await t.app.inject({ url: `/${premium.slug}/product/${p.slug}` });
    expect(product.body).toContain(
      `href="https://wa.me/919830054321?text=${encodeURIComponent(`Hello Kanak Jewels, I am interested in ${p.name}.`)}"`,
    );

    // A free shop shows its about text and number, never the parts its plan leaves out.
    const free = await createVendor(t.app, t.db, { plan: 'FREE', businessName: 'Mehta Jewels', ...face });
    const freeHome = await t.app.inject({ url: `/${free.slug}` });
    expect(text(freeHome.body)).toContain('Goldsmiths of Bowbazar since 1962.');
    expect(freeHome.body).not.toContain('wa.me');
    expect(freeHome.body).not.toContain(logo);
    // Nothing set: no face at all, the page as before.
    const plain = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const plainHome = await t.app.inject({ url: `/${plain.slug}` });
    expect(plainHome.body).not.toContain('shop-face-title');
    expect(plainHome.body).not.toContain('og:logo');
  });

  it("keeps a page's HTML until what it shows changes, compressed once, with its ETag and 304", async () => {
    const who = await createCallers(t.app, t.db);
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const p = await createProduct(t.db, { name: `Temple Necklace ${uid()}` });
    const url = `/${vendor.slug}/product/${p.slug}`;
    const plain = await t.app.inject({ url });
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const before = t.database.statements.count;
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(t.database.statements.count).toBe(before);

    // A review published by the moderator shows in the next page: the page was kept under its product.
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId: p.id, name: 'Kavya', rating: 5, comment: 'Heirloom quality.', photos: [] },
    });
    expect(review.statusCode).toBe(201);
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${(review.json() as { id: number }).id}/status`,
      headers: who.superAdmin,
      payload: { status: 'PUBLISHED' },
    });
    expect(published.statusCode).toBe(200);
    const after = await t.app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(plain.headers.etag);
    expect(prefetchedIn(after.body)[`/api/reviews/product/${p.id}`]).toMatchObject([{ name: 'Kavya' }]);
    expect(text(after.body)).toContain('Reviews (1)');
  });
  it("shows a sale's and a stock change's new stock in the page's HTML at once, in every form", async () => {
    const who = await createCallers(t.app, t.db);
    const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    const p = await createProduct(t.db, { name: `Polki Maang Tikka ${uid()}`, stock: 5 });
    const url = `/${vendor.slug}/product/${p.slug}`;
    const api = `/api/products/name/${p.slug}?vendorSlug=${vendor.slug}`;
    const browser = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
    /** The page as a browser asks for it, decoded: its ETag and the stock its HTML embeds. */
    const page = async () => {
      for (let asked = 1; ; asked++) {
        const res = await t.app.inject({ url, headers: browser });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        const html = brotliDecompressSync(res.rawPayload).toString();
        const plain = await t.app.inject({ url });
        // Both forms of one kept page. A page built again between the two asks (an invalidation from
        // the sale's own jobs arriving then, on PostgreSQL through the bus) carries another seed.
        if (plain.headers.etag !== res.headers.etag && asked < 5) continue;
        expect(plain.body).toBe(html);
        expect(plain.headers.etag).toBe(res.headers.etag);
        return {
          etag: String(res.headers.etag),
          stock: (prefetchedIn(html)[api] as { stock: number }).stock,
        };
      }
    };
    const first = await page();
    expect(first.stock).toBe(5);
    // Kept: asked again, the page costs no statement.
    const before = t.database.statements.count;
    expect((await t.app.inject({ url, headers: browser })).headers.etag).toBe(first.etag);
    expect(t.database.statements.count).toBe(before);

    // A sale of 2: the next page shows 3 left.
    const init = await initiate(t.app, orderBody(vendor.slug, [{ productSku: p.sku, quantity: 2 }]));
    expect(init.statusCode, init.body).toBe(200);
    const signed = await sandboxPay(t.app, (init.json() as { razorpayOrderId: string }).razorpayOrderId);
    expect((await t.app.inject({ method: 'POST', url: confirmUrl(signed) })).statusCode).toBe(200);
    const sold = await page();
    expect(sold.stock).toBe(3);
    expect(sold.etag).not.toBe(first.etag);
    const revalidated = await t.app.inject({ url, headers: { ...browser, 'if-none-match': first.etag } });
    expect(revalidated.statusCode).toBe(200);

    // Goods received: the next page shows them.
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/stock-adjustments`,
      headers: who.products,
      payload: { change: 4, reason: 'Goods received' },
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
    const restocked = await page();
    expect(restocked.stock).toBe(7);
    expect(restocked.etag).not.toBe(sold.etag);
  });
});

describe('a quote link’s share preview (the HTML of /q/<code>)', () => {
  let t: TestApp;
  let clock = new Date('2026-11-20T10:00:00Z');
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><meta name="description" content="Generic"><title>Zevar</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      webDistDir: dist,
      now: () => clock,
      env: { PUBLIC_URL: 'https://shop.example.in', BUSINESS_TIMEZONE: 'Asia/Kolkata' },
    });
  });
  afterAll(async () => t.close());

  /** The content of one meta tag in a page's HTML (each must appear once). */
  const metaIn = (html: string, attr: 'name' | 'property', key: string) => {
    const found = [...html.matchAll(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`, 'g'))];
    expect(found, key).toHaveLength(1);
    return found[0]![1]!;
  };

  it('names the price, the discount and until when it holds, with the piece’s photo as a large card; expired, says so', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const vendor = await createVendor(t.app, t.db, { plan: 'PREMIUM', businessName: 'Asha Jewels' });
    const image = `${'b'.repeat(32)}.webp`;
    const necklace = await createProduct(t.db, {
      name: `Temple Necklace ${uid()}`,
      pricePaise: 5_000_000,
      vendorCommissionPaise: 300_000,
      images: [image],
    });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/quotes',
      headers: vendor.headers,
      payload: { items: [{ productId: necklace.id, quantity: 1 }], discount: 1000, validityHours: 24 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { code } = made.json() as { code: string };

    const page = await t.app.inject({ url: `/q/${code}` });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(metaIn(html, 'property', 'og:title')).toBe('Your quote from Asha Jewels: ₹49,000.00');
    // Valid until 21 Nov 2026, 10:00 UTC: 3:30 pm in the business timezone.
    const description = metaIn(html, 'property', 'og:description');
    expect(description).toMatch(
      new RegExp(
        `^${necklace.name}: ₹49,000\\.00 \\(₹1,000\\.00 off\\), price held until .*21.*2026.*3:30`,
        'i',
      ),
    );
    expect(metaIn(html, 'name', 'description')).toBe(description);
    expect(metaIn(html, 'property', 'og:image')).toBe(`https://shop.example.in/api/image/${image}`);
    expect(metaIn(html, 'property', 'og:url')).toBe(`https://shop.example.in/q/${code}`);
    expect(metaIn(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaIn(html, 'name', 'twitter:title')).toBe('Your quote from Asha Jewels: ₹49,000.00');
    expect(metaIn(html, 'name', 'twitter:description')).toBe(description);
    expect(metaIn(html, 'name', 'twitter:image')).toBe(`https://shop.example.in/api/image/${image}`);
    expect(html).toContain('<title>Your quote from Asha Jewels: ₹49,000.00</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    clock = new Date('2026-11-21T10:00:01Z');
    const expired = (await t.app.inject({ url: `/q/${code}` })).body;
    expect(metaIn(expired, 'property', 'og:title')).toBe('Your quote from Asha Jewels has expired');
    expect(metaIn(expired, 'property', 'og:description')).toBe(
      `${necklace.name}. This quote has expired: see today’s price at Asha Jewels.`,
    );
    expect(expired).not.toContain('₹49,000.00');

    const unknown = await t.app.inject({ url: '/q/AAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('og:title');
  });
});
