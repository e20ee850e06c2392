import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedProductList, Product, ProductListItem } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';

type Fixture = Awaited<ReturnType<typeof seed>>;

async function seed(t: TestApp) {
  const basic = await createVendor(t.app, t.db, { plan: 'BASIC' });
  const premium = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
  const parent = await createCategory(t.db, { name: `Rings ${uid()}` });
  const child = await createCategory(t.db, { name: `Bands ${uid()}`, parentId: parent.id });
  const premiumCategory = await createCategory(t.db, { name: `Luxe ${uid()}`, plan: 'PREMIUM' });
  const tag = uid();
  const cheap = await createProduct(t.db, {
    name: `Alpha ${tag} Ring`,
    categoryId: parent.id,
    pricePaise: 100_00,
    plan: 'FREE',
  });
  const mid = await createProduct(t.db, {
    name: `Beta ${tag} Band`,
    categoryId: child.id,
    pricePaise: 300_00,
    plan: 'BASIC',
    stock: 0,
  });
  const dear = await createProduct(t.db, {
    name: `Gamma ${tag} Ring`,
    categoryId: parent.id,
    pricePaise: 200_00,
    plan: 'PREMIUM',
  });
  const hiddenByCategory = await createProduct(t.db, {
    name: `Delta ${tag}`,
    categoryId: premiumCategory.id,
    plan: 'FREE',
  });
  return { basic, premium, parent, child, premiumCategory, tag, cheap, mid, dear, hiddenByCategory };
}

describe('storefront product reads', () => {
  let t: TestApp;
  let f: Fixture;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
    f = await seed(t);
  });
  afterAll(async () => t.close());

  it('counts a product view once per visitor address per hour', async () => {
    const product = await createProduct(t.db, { views: 0 });
    const view = (ip: string) =>
      t.app.inject({ method: 'POST', url: `/api/products/${product.id}/views`, remoteAddress: ip });
    expect((await view('10.1.1.1')).statusCode).toBe(204);
    await view('10.1.1.1');
    await view('10.1.1.2');
    const [row] = await t.db
      .select({ views: products.views })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.views).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/products/abc/views' })).statusCode).toBe(400);
  });

  it('lists only products whose plan weight is at most the vendor plan, paginated in the database', async () => {
    const res = await get(`/api/products?vendorSlug=${f.basic.slug}&size=100`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as PagedProductList).content.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([f.cheap.id, f.mid.id]));
    expect(ids).not.toContain(f.dear.id);
    expect(ids).not.toContain(f.hiddenByCategory.id);

    const premium = (
      await get(`/api/products?vendorSlug=${f.premium.slug}&size=100`)
    ).json() as PagedProductList;
    expect(premium.content.map((p) => p.id)).toEqual(
      expect.arrayContaining([f.dear.id, f.hiddenByCategory.id]),
    );
  });

  it('answers page edges: an empty page past the end and totals that agree with the size', async () => {
    const first = (
      await get(`/api/products?vendorSlug=${f.basic.slug}&size=1&page=0`)
    ).json() as PagedProductList;
    expect(first).toMatchObject({ size: 1, number: 0 });
    expect(first.content).toHaveLength(1);
    expect(first.totalPages).toBe(first.totalElements);
    const past = (
      await get(`/api/products?vendorSlug=${f.basic.slug}&size=1&page=${first.totalPages}`)
    ).json() as PagedProductList;
    expect(past.content).toEqual([]);
  });

  it.each(['page=-1', 'size=0', 'size=1000', 'page=abc', 'size=1.5'])(
    'refuses bad paging %s with 400',
    async (q) => {
      const res = await get(`/api/products?vendorSlug=${f.basic.slug}&${q}`);
      expect(res.statusCode).toBe(400);
    },
  );

  it('answers 404 for an unknown vendor', async () => {
    const res = await get(`/api/products?vendorSlug=no-such-shop-${uid()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finds a product by slug, by name with hyphens as spaces, and by numeric id', async () => {
    const bySlug = await get(`/api/products/name/${f.cheap.slug}?vendorSlug=${f.basic.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect((bySlug.json() as Product).id).toBe(f.cheap.id);
    const byName = await get(
      `/api/products/name/${encodeURIComponent(f.cheap.name.toUpperCase())}?vendorSlug=${f.basic.slug}`,
    );
    expect((byName.json() as Product).id).toBe(f.cheap.id);
    const byId = await get(`/api/products/name/${f.cheap.id}?vendorSlug=${f.basic.slug}`);
    expect((byId.json() as Product).id).toBe(f.cheap.id);
    const bySlugRoute = await get(`/api/products/slug/${f.cheap.slug}?vendorSlug=${f.basic.slug}`);
    expect((bySlugRoute.json() as Product).name).toBe(f.cheap.name);
    const bySku = await get(`/api/products/sku/${f.cheap.sku}?vendorSlug=${f.basic.slug}`);
    expect((bySku.json() as Product).id).toBe(f.cheap.id);
  });

  it('opens products and categories whose names are as long as the catalogue allows', async () => {
    // 200 characters for a product name, 100 for a category's; spaces are sent percent-encoded.
    const words = (length: number) => `${uid()} ${'Temple Gold Haram '.repeat(12)}`.slice(0, length).trim();
    const category = await createCategory(t.db, { name: words(100) });
    const product = await createProduct(t.db, { name: words(200), categoryId: category.id });
    expect(product.name.length).toBeGreaterThan(190);
    const shop = `vendorSlug=${f.basic.slug}`;
    const bySlug = await get(`/api/products/name/${product.slug}?${shop}`);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect((bySlug.json() as Product).id).toBe(product.id);
    const byName = await get(`/api/products/name/${encodeURIComponent(product.name)}?${shop}`);
    expect((byName.json() as Product).id).toBe(product.id);
    expect((await get(`/api/products/slug/${product.slug}?${shop}`)).statusCode).toBe(200);
    const byCategory = await get(
      `/api/category/name/${encodeURIComponent(category.name.toLowerCase())}?${shop}`,
    );
    expect(byCategory.statusCode, byCategory.body).toBe(200);
    // Past the limit the answer is the usual 400, never 'No route'.
    const tooLong = await get(`/api/products/name/${'a'.repeat(201)}?${shop}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('does not reach a product above the vendor tier by URL', async () => {
    const hidden = await get(`/api/products/name/${f.dear.slug}?vendorSlug=${f.basic.slug}`);
    expect(hidden.statusCode).toBe(404);
    // The storefront returns to '/' for this code, and says 'Product Not Found' for NOT_FOUND.
    expect(hidden.json()).toEqual({
      code: 'NOT_IN_PLAN',
      message: 'This product is not available in this shop',
    });
    expect(JSON.stringify(hidden.json())).not.toContain(f.dear.name);
    expect((await get(`/api/products/slug/${f.dear.slug}?vendorSlug=${f.basic.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/products/name/${f.dear.slug}?vendorSlug=${f.premium.slug}`)).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an unknown product', async () => {
    const res = await get(`/api/products/name/nothing-like-this-${uid()}?vendorSlug=${f.basic.slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('returns the rupee price, original price and discount percent', async () => {
    const p = (await get(`/api/products/slug/${f.cheap.slug}?vendorSlug=${f.basic.slug}`)).json() as Product;
    expect(p).toMatchObject({ price: 100, originalPrice: 2000, discountPercent: 95 });
  });

  it('links variants the shop may show, with value and price, on single-product reads', async () => {
    const group = `grp-${uid()}`;
    const category = await createCategory(t.db);
    const a = await createProduct(t.db, {
      categoryId: category.id,
      variantGroupId: group,
      variantType: 'Size',
      variantValue: '12',
    });
    const b = await createProduct(t.db, {
      categoryId: category.id,
      variantGroupId: group,
      variantType: 'Size',
      variantValue: '14',
      pricePaise: 180_000,
    });
    await createProduct(t.db, {
      categoryId: category.id,
      variantGroupId: group,
      variantValue: '16',
      plan: 'PREMIUM',
    });
    const p = (await get(`/api/products/slug/${a.slug}?vendorSlug=${f.basic.slug}`)).json() as Product;
    expect(p.linkedVariants).toEqual([
      expect.objectContaining({ id: b.id, variantValue: '14', price: 1800, slug: b.slug }),
    ]);
    const group2 = (
      await get(`/api/products/variantGroup/${group}?vendorSlug=${f.basic.slug}`)
    ).json() as ProductListItem[];
    expect(group2.map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it('lists a category and its children with server-side search, subcategory filter and price sort', async () => {
    const base = `/api/products/category/${f.parent.id}?vendorSlug=${f.basic.slug}`;
    const all = (await get(base)).json() as PagedProductList;
    expect(all.size).toBe(15);
    expect(all.content.map((p) => p.id)).toEqual([f.cheap.id, f.mid.id]);
    const desc = (await get(`${base}&sort=price-desc`)).json() as PagedProductList;
    expect(desc.content.map((p) => p.id)).toEqual([f.mid.id, f.cheap.id]);
    const sub = (await get(`${base}&subCategoryId=${f.child.id}`)).json() as PagedProductList;
    expect(sub.content.map((p) => p.id)).toEqual([f.mid.id]);
    const search = (
      await get(`${base}&search=${encodeURIComponent(`alpha ${f.tag}`)}`)
    ).json() as PagedProductList;
    expect(search.content.map((p) => p.id)).toEqual([f.cheap.id]);
    const literal = (await get(`${base}&search=%25`)).json() as PagedProductList;
    expect(literal.totalElements).toBe(0);
  });

  it('refuses a bad sort or subcategory with 400 and a hidden category with 404', async () => {
    expect((await get(`/api/products/category/${f.parent.id}?sort=cheapest`)).statusCode).toBe(400);
    expect((await get(`/api/products/category/${f.parent.id}?subCategoryId=x`)).statusCode).toBe(400);
    expect((await get(`/api/products/category/abc`)).statusCode).toBe(400);
    expect(
      (await get(`/api/products/category/${f.premiumCategory.id}?vendorSlug=${f.basic.slug}`)).statusCode,
    ).toBe(404);
    expect((await get(`/api/products/category/${f.premiumCategory.id}/vendorPlan/premium`)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/products/category/${f.parent.id}/vendorPlan/gold`)).statusCode).toBe(400);
  });

  it('lists trending products in stock by the trending rule and score, at most 8', async () => {
    const category = await createCategory(t.db);
    const v = await createVendor(t.app, t.db, { plan: 'FREE' });
    const marked = await createProduct(t.db, {
      categoryId: category.id,
      trending: true,
      salesCount: 1,
      views: 1,
    });
    const popular = await createProduct(t.db, { categoryId: category.id, salesCount: 100, views: 100 });
    const fewSales = await createProduct(t.db, { categoryId: category.id, salesCount: 29, views: 500 });
    const soldOut = await createProduct(t.db, { categoryId: category.id, trending: true, stock: 0 });
    const res = (await get(`/api/products/trending?vendorSlug=${v.slug}&size=50`)).json() as PagedProductList;
    const ids = res.content.map((p) => p.id);
    expect(ids.indexOf(popular.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(popular.id)).toBeLessThan(ids.indexOf(marked.id));
    expect(ids).not.toContain(fewSales.id);
    expect(ids).not.toContain(soldOut.id);
    expect(res.content.every((p) => p.stockBand !== 'out_of_stock')).toBe(true);
    expect(res.totalElements).toBeLessThanOrEqual(8);
  });

  it('lists sale products in stock only, and six random special offers', async () => {
    const category = await createCategory(t.db);
    const onSale = await createProduct(t.db, { categoryId: category.id, sale: true });
    const soldOut = await createProduct(t.db, { categoryId: category.id, sale: true, stock: 0 });
    const sale = (
      await get(`/api/products/sale?vendorSlug=${f.basic.slug}&size=100`)
    ).json() as PagedProductList;
    expect(sale.content.map((p) => p.id)).toContain(onSale.id);
    expect(sale.content.map((p) => p.id)).not.toContain(soldOut.id);
    expect(sale.content.every((p) => p.sale && p.stockBand !== 'out_of_stock')).toBe(true);
    for (let i = 0; i < 5; i++) await createProduct(t.db, { categoryId: category.id });
    const offers = (
      await get(`/api/products/special-offers?vendorSlug=${f.basic.slug}`)
    ).json() as ProductListItem[];
    expect(offers).toHaveLength(6);
    expect(new Set(offers.map((p) => p.id)).size).toBe(6);
    expect(offers.every((p) => p.vendorPlan !== 'PREMIUM')).toBe(true);
  });

  it('serves recent, top10, keyword search and plan listings within the tier', async () => {
    const recent = (
      await get(`/api/products/recent?vendorSlug=${f.basic.slug}&size=5`)
    ).json() as ProductListItem[];
    expect(recent.length).toBeLessThanOrEqual(5);
    const top = (await get(`/api/products/top10?vendorSlug=${f.basic.slug}`)).json() as ProductListItem[];
    expect(top.length).toBeLessThanOrEqual(10);
    const search = (
      await get(`/api/products/search/${f.tag}?vendorSlug=${f.basic.slug}`)
    ).json() as PagedProductList;
    expect(search.content.map((p) => p.id).sort()).toEqual([f.cheap.id, f.mid.id].sort());
    const plan = (await get(`/api/products/vendorPlan/free?size=100`)).json() as PagedProductList;
    expect(plan.content.every((p) => p.vendorPlan === 'FREE')).toBe(true);
    expect((await get(`/api/products/vendorPlan/diamond`)).statusCode).toBe(400);
  });
});
