import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { createStorefrontHead } from './seo.service';
import { parseStorefrontPath } from './storefront-path';

describe('storefront head tags', () => {
  let t: TestApp;
  let render: (path: string) => Promise<string | null>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in', DEFAULT_VENDOR_SLUG: 'zevar' } });
    render = createStorefrontHead({ db: t.db, config: t.config });
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
      const head = await createStorefrontHead({ db: def.db, config: def.config })(`/product/${p.slug}`);
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
