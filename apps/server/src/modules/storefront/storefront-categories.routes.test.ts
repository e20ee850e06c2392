import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarouselItem, Category } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { carouselItems } from '../../db/schema';

describe('storefront category and carousel reads', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists categories within the plan tier with parent and visible sub-category counts', async () => {
    const parent = await createCategory(t.db, { name: `Necklaces ${uid()}` });
    const child = await createCategory(t.db, { name: `Chokers ${uid()}`, parentId: parent.id });
    const premiumChild = await createCategory(t.db, {
      name: `Diamond ${uid()}`,
      parentId: parent.id,
      plan: 'PREMIUM',
    });
    const basicList = (await get('/api/category/plan/basic')).json() as Category[];
    const ids = basicList.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([parent.id, child.id]));
    expect(ids).not.toContain(premiumChild.id);
    expect(basicList.find((c) => c.id === parent.id)?.subCategoryCount).toBe(1);
    expect(basicList.find((c) => c.id === child.id)?.parentCategory).toEqual({
      id: parent.id,
      name: parent.name,
    });
    const premiumList = (await get('/api/category/plan/PREMIUM')).json() as Category[];
    expect(premiumList.find((c) => c.id === parent.id)?.subCategoryCount).toBe(2);
  });

  it('reads one category by plan and id, and 404s above the tier or when missing', async () => {
    const c = await createCategory(t.db, { plan: 'STANDARD' });
    expect((await get(`/api/category/plan/standard/id/${c.id}`)).statusCode).toBe(200);
    expect((await get(`/api/category/plan/basic/id/${c.id}`)).statusCode).toBe(404);
    expect((await get(`/api/category/plan/basic/id/999999`)).statusCode).toBe(404);
    expect((await get(`/api/category/plan/basic/id/x`)).statusCode).toBe(400);
    expect((await get(`/api/category/plan/gold`)).statusCode).toBe(400);
  });

  it('finds a category by lowercased name for a shop, within its tier', async () => {
    const vendor = await createVendor(t.app, t.db, { plan: 'FREE' });
    const c = await createCategory(t.db, { name: `Ear Rings ${uid()}` });
    const res = await get(
      `/api/category/name/${encodeURIComponent(c.name.toLowerCase())}?vendorSlug=${vendor.slug}`,
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as Category).id).toBe(c.id);
    const hidden = await createCategory(t.db, { plan: 'BASIC' });
    expect(
      (await get(`/api/category/name/${encodeURIComponent(hidden.name)}?vendorSlug=${vendor.slug}`))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/category/name/x?vendorSlug=missing-${uid()}`)).statusCode).toBe(404);
  });

  it('lists carousel slides within the tier in position order with their link targets', async () => {
    const category = await createCategory(t.db, { name: `Bangles ${uid()}` });
    const product = await createProduct(t.db, { categoryId: category.id });
    const premiumProduct = await createProduct(t.db, { categoryId: category.id, plan: 'PREMIUM' });
    const inserted = await t.db
      .insert(carouselItems)
      .values([
        { imageUrl: 'a.webp', linkType: 'CATEGORY', targetId: category.id, plan: 'FREE', position: 2 },
        { imageUrl: 'b.webp', linkType: 'PRODUCT', targetId: product.id, plan: 'FREE', position: 1 },
        { imageUrl: 'c.webp', linkType: 'PRODUCT', targetId: premiumProduct.id, plan: 'FREE', position: 3 },
        { imageUrl: 'd.webp', linkType: 'PRODUCT', targetId: product.id, plan: 'PREMIUM', position: 0 },
      ])
      .returning();
    const slides = (await get('/api/carousels/images/free')).json() as CarouselItem[];
    const mine = slides.filter((s) => inserted.some((i) => i.id === s.id));
    expect(mine.map((s) => s.imageUrl)).toEqual(['b.webp', 'a.webp', 'c.webp']);
    expect(mine[0]?.targetSlug).toBe(product.slug);
    expect(mine[1]?.targetSlug).toBe(category.name.toLowerCase());
    expect(mine[2]?.targetSlug).toBeNull();
    // The name the slide's alt text describes it by; nothing about a product the tier cannot see.
    expect(mine.map((s) => s.targetName)).toEqual([product.name, category.name, null]);
    const premium = (await get('/api/carousels/images/premium')).json() as CarouselItem[];
    expect(premium.some((s) => s.imageUrl === 'd.webp')).toBe(true);
  });
});
