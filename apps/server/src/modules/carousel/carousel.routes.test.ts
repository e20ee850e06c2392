import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createProduct } from '../../../test/factories';

const IMG = `${'c'.repeat(32)}.webp`;

describe('carousel admin', () => {
  let t: TestApp;
  let who: Callers;
  let productId: number;
  let productSlug: string;
  let categoryId: number;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    const p = await createProduct(t.db);
    productId = p.id;
    productSlug = p.slug;
    categoryId = (await createCategory(t.db, { name: 'Earrings Carousel' })).id;
  });
  afterAll(async () => t.close());

  const put = (path: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/carousels/home/${path}`, headers, payload });

  it('adds two slides pointing at the same target and addresses each by its own id', async () => {
    const a = await put('addImage', who.carousel, {
      imageUrl: IMG,
      linkType: 'product',
      targetId: productId,
      vendorPlan: 'FREE',
    });
    expect(a.statusCode).toBe(200);
    const b = await put('addImage', who.carousel, {
      imageUrl: IMG,
      linkType: 'Product',
      targetId: productId,
      vendorPlan: 'PREMIUM',
    });
    const images = b.json().images as Array<{
      id: number;
      targetId: number;
      targetSlug: string;
      vendorPlan: string;
    }>;
    const mine = images.filter((i) => i.targetId === productId);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.targetSlug).toBe(productSlug);

    const upd = await put('updateImage', who.carousel, {
      id: mine[1]!.id,
      linkType: 'CATEGORY',
      targetId: categoryId,
      vendorPlan: 'BASIC',
      version: 1,
    });
    expect(upd.statusCode).toBe(200);
    const updated = upd.json().images.find((i: { id: number }) => i.id === mine[1]!.id);
    expect(updated).toMatchObject({
      linkType: 'CATEGORY',
      targetId: categoryId,
      vendorPlan: 'BASIC',
      targetSlug: 'earrings carousel',
    });
    expect(upd.json().images.find((i: { id: number }) => i.id === mine[0]!.id).vendorPlan).toBe('FREE');

    const rm = await put('removeImage', who.carousel, { id: mine[0]!.id, imageUrl: IMG });
    expect(rm.statusCode).toBe(200);
    expect(rm.json().images.map((i: { id: number }) => i.id)).not.toContain(mine[0]!.id);
    const home = await t.app.inject({ method: 'GET', url: '/api/carousels/home', headers: who.carousel });
    expect(home.json().images.map((i: { id: number }) => i.id)).toContain(mine[1]!.id);
  });

  it.each([
    [{ linkType: 'product', targetId: 1, vendorPlan: 'FREE' }, 'imageUrl'],
    [{ imageUrl: IMG, linkType: 'vendor', targetId: 1, vendorPlan: 'FREE' }, 'linkType'],
    [{ imageUrl: IMG, linkType: 'product', targetId: 0, vendorPlan: 'FREE' }, 'targetId'],
    [{ imageUrl: IMG, linkType: 'product', targetId: 1, vendorPlan: 'GOLD' }, 'vendorPlan'],
  ])('refuses invalid slide %j', async (payload, field) => {
    const res = await put('addImage', who.carousel, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a slide whose target does not exist', async () => {
    const res = await put('addImage', who.carousel, {
      imageUrl: IMG,
      linkType: 'category',
      targetId: 999999,
      vendorPlan: 'FREE',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No category has ID 999999');
  });

  it('answers 404 when updating or removing a slide that does not exist', async () => {
    expect(
      (
        await put('updateImage', who.carousel, {
          id: 999999,
          linkType: 'product',
          targetId: productId,
          vendorPlan: 'FREE',
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await put('removeImage', who.carousel, { id: 999999 })).statusCode).toBe(404);
  });

  it('refuses a slide edit made from an older version with 409 and the newer slide, and one without a version with 400', async () => {
    const added = await put('addImage', who.carousel, {
      imageUrl: IMG,
      linkType: 'PRODUCT',
      targetId: productId,
      vendorPlan: 'FREE',
    });
    const slide = added.json().images.at(-1) as { id: number; version: number };
    expect(slide.version).toBe(1);
    const edit = { id: slide.id, linkType: 'PRODUCT', targetId: productId };
    // Admins A and B opened the slide at version 1; A saves first.
    const a = await put('updateImage', who.carousel, { ...edit, vendorPlan: 'PREMIUM', version: 1 });
    expect(a.statusCode).toBe(200);
    const b = await put('updateImage', who.carousel, {
      ...edit,
      linkType: 'CATEGORY',
      targetId: categoryId,
      vendorPlan: 'FREE',
      version: 1,
    });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id: slide.id, linkType: 'PRODUCT', vendorPlan: 'PREMIUM', version: 2 },
    });
    const home = await t.app.inject({ method: 'GET', url: '/api/carousels/home', headers: who.carousel });
    expect(home.json().images.find((i: { id: number }) => i.id === slide.id)).toMatchObject({
      linkType: 'PRODUCT',
      vendorPlan: 'PREMIUM',
      version: 2,
    });
    expect((await put('updateImage', who.carousel, { ...edit, vendorPlan: 'FREE' })).statusCode).toBe(400);
    const fresh = await put('updateImage', who.carousel, { ...edit, vendorPlan: 'BASIC', version: 2 });
    expect(fresh.json().images.find((i: { id: number }) => i.id === slide.id)).toMatchObject({
      vendorPlan: 'BASIC',
      version: 3,
    });
  });

  it('requires MANAGE_CAROUSEL (or SUPER_ADMIN) for every admin call', async () => {
    const body = { imageUrl: IMG, linkType: 'product', targetId: productId, vendorPlan: 'FREE' };
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.vendorB, 403],
      [who.products, 403],
      [who.categories, 403],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/api/carousels/home', headers: h })).statusCode).toBe(
        status,
      );
      expect((await put('addImage', h, body)).statusCode).toBe(status);
      expect((await put('updateImage', h, { ...body, id: 1, version: 1 })).statusCode).toBe(status);
      expect((await put('removeImage', h, { id: 1 })).statusCode).toBe(status);
    }
    expect((await put('addImage', who.superAdmin, body)).statusCode).toBe(200);
  });
});
