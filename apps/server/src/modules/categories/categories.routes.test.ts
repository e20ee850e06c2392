import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createProduct, uid } from '../../../test/factories';

const input = (over: Record<string, unknown> = {}) => ({
  name: `Rings ${uid()}`,
  parentCategory: null,
  image: 'a'.repeat(32) + '.webp',
  banner: 'b'.repeat(32) + '.webp',
  vendorPlan: 'basic',
  ...over,
});

describe('categories', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  it('creates a main category and a child with a lowercased-name slug, and lists both publicly', async () => {
    const parent = await send('POST', '/api/category', who.categories, input({ name: 'Bridal Sets X1' }));
    expect(parent.statusCode).toBe(201);
    expect(parent.json()).toMatchObject({
      name: 'Bridal Sets X1',
      slug: 'bridal sets x1',
      parentCategory: null,
      vendorPlan: 'BASIC',
    });
    const pid = parent.json().id;
    const child = await send(
      'POST',
      '/api/category',
      who.categories,
      input({ name: 'Necklaces X1', parentCategory: { id: pid } }),
    );
    expect(child.statusCode).toBe(201);
    expect(child.json().parentCategory).toEqual({ id: pid, name: 'Bridal Sets X1' });

    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(list.statusCode).toBe(200);
    const parentDto = list.json().find((c: { id: number }) => c.id === pid);
    expect(parentDto.subCategoryCount).toBe(1);
    const subs = await t.app.inject({ method: 'GET', url: `/api/category/${pid}/subcategories` });
    expect(subs.json().map((c: { name: string }) => c.name)).toEqual(['Necklaces X1']);
  });

  it('answers whether a category name exists, case-insensitively', async () => {
    const c = await createCategory(t.db);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/exists?name=${encodeURIComponent(c.name.toUpperCase())}`,
        })
      ).json(),
    ).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/exists?name=nothing-${uid()}` })).json()).toBe(
      false,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/exists' })).statusCode).toBe(400);
  });

  it.each(['name', 'image', 'banner', 'vendorPlan'])('requires %s', async (field) => {
    const res = await send('POST', '/api/category', who.categories, input({ [field]: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it('refuses a duplicate name with 409', async () => {
    const c = await createCategory(t.db);
    expect(
      (await send('POST', '/api/category', who.categories, input({ name: c.name.toLowerCase() }))).statusCode,
    ).toBe(409);
  });

  it('refuses a missing parent, a child as parent and a category as its own parent', async () => {
    expect(
      (await send('POST', '/api/category', who.categories, input({ parentCategory: { id: 999999 } })))
        .statusCode,
    ).toBe(400);
    const parent = await createCategory(t.db);
    const child = await createCategory(t.db, { parentId: parent.id });
    const grand = await send(
      'POST',
      '/api/category',
      who.categories,
      input({ parentCategory: { id: child.id } }),
    );
    expect(grand.statusCode).toBe(400);
    expect(grand.json().message).toBe('The parent must be a main category');
    const own = await send(
      'PUT',
      `/api/category/${parent.id}`,
      who.categories,
      input({ parentCategory: { id: parent.id }, version: 1 }),
    );
    expect(own.statusCode).toBe(400);
  });

  it('updates a category and answers 404 for an unknown one', async () => {
    const c = await createCategory(t.db);
    const name = `Anklets ${uid()}`;
    const res = await send(
      'PUT',
      `/api/category/${c.id}`,
      who.superAdmin,
      input({ name, vendorPlan: 'PREMIUM', version: 1 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      name,
      slug: name.toLowerCase(),
      vendorPlan: 'PREMIUM',
      version: 2,
    });
    expect(
      (await send('PUT', '/api/category/999999', who.categories, input({ version: 1 }))).statusCode,
    ).toBe(404);
    expect((await send('DELETE', '/api/category/999999', who.categories)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/category/999999/subcategories' })).statusCode,
    ).toBe(404);
  });

  it('refuses an edit made from an older version with 409 and the newer values, and one without a version with 400', async () => {
    const c = await createCategory(t.db);
    const first = await send(
      'PUT',
      `/api/category/${c.id}`,
      who.categories,
      input({ name: `First ${uid()}`, version: 1 }),
    );
    expect(first.statusCode).toBe(200);
    // A second admin opened the same category at version 1 and saves after the first one.
    const second = await send(
      'PUT',
      `/api/category/${c.id}`,
      who.categories,
      input({ name: `Second ${uid()}`, version: 1 }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: STALE_EDIT_MESSAGE,
      current: { id: c.id, name: first.json().name, version: 2 },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/category' });
    expect(list.json().find((x: { id: number }) => x.id === c.id).name).toBe(first.json().name);
    expect((await send('PUT', `/api/category/${c.id}`, who.categories, input())).statusCode).toBe(400);
  });

  it('refuses to delete a category that still has products or children, and deletes an empty one', async () => {
    const withProduct = await createCategory(t.db);
    await createProduct(t.db, { categoryId: withProduct.id });
    const r1 = await send('DELETE', `/api/category/${withProduct.id}`, who.categories);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().message).toMatch(/still has products or sub-categories/);
    const parent = await createCategory(t.db);
    await createCategory(t.db, { parentId: parent.id });
    expect((await send('DELETE', `/api/category/${parent.id}`, who.categories)).statusCode).toBe(409);
    const empty = await createCategory(t.db);
    expect((await send('DELETE', `/api/category/${empty.id}`, who.categories)).statusCode).toBe(204);
  });

  it('requires MANAGE_CATEGORIES (or SUPER_ADMIN) for changes', async () => {
    const c = await createCategory(t.db);
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.vendorB, 403],
      [who.products, 403],
      [who.carousel, 403],
      [who.orders, 403],
    ] as const) {
      expect((await send('POST', '/api/category', h, input())).statusCode).toBe(status);
      expect((await send('PUT', `/api/category/${c.id}`, h, input({ version: 1 }))).statusCode).toBe(status);
      expect((await send('DELETE', `/api/category/${c.id}`, h)).statusCode).toBe(status);
    }
    expect((await send('POST', '/api/category', who.superAdmin, input())).statusCode).toBe(201);
  });
});
