import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createCategory, createProduct, createVendor } from '../../../test/factories';

describe('public answers carry only public facts', () => {
  let t: TestApp;
  let shop: string;
  let productId: number;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp();
    const vendor = await createVendor(t.app, t.db, {
      plan: 'PREMIUM',
      name: 'Owner Personal Name',
      phone: '9123456780',
    });
    shop = vendor.slug;
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { categoryId: category.id, vendorCommissionPaise: 123_400 });
    productId = product.id;
    slug = product.slug;
  });
  afterAll(async () => t.close());

  it('no public product route answers with the vendor commission', async () => {
    const urls = [
      `/api/products/${productId}`,
      '/api/products/paged?size=100',
      '/api/products/search?keyword=product&size=100',
      `/api/products/slug/${slug}?vendorSlug=${shop}`,
      `/api/products/name/${slug}?vendorSlug=${shop}`,
      `/api/products/recent?vendorSlug=${shop}`,
      `/api/products/vendorPlan/PREMIUM?size=100`,
      `/api/products?vendorSlug=${shop}&size=100`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      if (res.statusCode !== 200) continue;
      expect(res.body, url).not.toContain('vendorCommission');
    }
    const single = await t.app.inject({ url: `/api/products/${productId}` });
    expect(single.statusCode).toBe(200);
    expect(single.json()).not.toHaveProperty('vendorCommission');
  });

  it('catalogue admins still see the commission they edit', async () => {
    const admin = await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']);
    const res = await t.app.inject({ url: `/api/products/${productId}`, headers: admin.headers });
    expect(res.json()).toMatchObject({ vendorCommission: 1234 });
    const list = await t.app.inject({ url: '/api/products/paged?size=100', headers: admin.headers });
    expect(list.json().content.find((p: { id: number }) => p.id === productId)).toMatchObject({
      vendorCommission: 1234,
    });
    const clerk = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const other = await t.app.inject({ url: `/api/products/${productId}`, headers: clerk.headers });
    expect(other.json()).not.toHaveProperty('vendorCommission');
  });

  it('a shop lookup by slug returns only the shop public fields', async () => {
    const res = await t.app.inject({ url: `/api/vendors/slug/${shop}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'bussinessName',
        'contact',
        'description',
        // The shop face (decision 0062): only the parts the shop chose to show and its plan allows.
        'face',
        'name',
        'plan',
        'slug',
        'socialLinks',
        'website',
      ].sort(),
    );
    expect(res.body).not.toMatch(/Owner Personal Name|9123456780|@example\.in/);
  });
});
