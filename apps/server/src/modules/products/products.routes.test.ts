import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, productSchema } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createMetal, createProduct, createPurity, uid } from '../../../test/factories';
import { reviews } from '../../db/schema';

describe('products admin', () => {
  let t: TestApp;
  let who: Callers;
  let parentId: number;
  let childId: number;
  let goldId: number;
  let fineId: number;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    const parent = await createCategory(t.db, { name: `Jewellery ${uid()}` });
    parentId = parent.id;
    childId = (await createCategory(t.db, { name: `Rings ${uid()}`, parentId })).id;
    const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 650_000 });
    goldId = gold.id;
    fineId = (await createPurity(t.db, gold)).id;
  });
  afterAll(async () => t.close());

  const input = (over: Record<string, unknown> = {}) => ({
    name: `Lotus Ring ${uid()}`,
    sku: `SKU-${uid()}`,
    tagline: 'Everyday elegance',
    description: 'A delicate ring',
    productType: 'MRP',
    price: 1499.5,
    originalPrice: 1999,
    stock: 7,
    category: { id: childId },
    metal: { id: goldId },
    purity: { id: fineId },
    vendorPlan: 'FREE',
    vendorCommission: 100,
    images: ['a'.repeat(32) + '.webp', 'b'.repeat(32) + '.webp'],
    specifications: { totalWeight: '2.5 g', purity: '22K' },
    features: ['Hallmarked', '  ', ' Gift box '],
    sale: true,
    launchDate: '2026-11-22T10:30:00.000+05:30',
    ...over,
  });
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  it('creates an MRP product with a slug, discount, parent - child category and trimmed features', async () => {
    const res = await send('POST', '/api/products', who.products, input({ name: 'Lotus Ring & Co 7' }));
    expect(res.statusCode).toBe(201);
    const p = productSchema.parse(res.json());
    expect(p).toMatchObject({
      slug: 'lotus-ring-co-7',
      price: 1499.5,
      originalPrice: 1999,
      discountPercent: 25,
      features: ['Hallmarked', 'Gift box'],
      category: { id: childId, parentCategory: { id: parentId } },
      launchDate: '2026-11-22T05:00:00.000Z',
    });
    const get = await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` });
    expect(get.json().name).toBe('Lotus Ring & Co 7');
  });

  it('computes a Gold product price from making, purity rate and weight plus GST, and ignores the client price', async () => {
    const res = await send(
      'POST',
      '/api/products',
      who.products,
      input({ productType: 'GOLD', price: 1, making: { kind: 'FLAT', value: 1200 }, metalWeight: 3.25 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      productType: 'GOLD',
      making: { kind: 'FLAT', value: 1200 },
      metalWeight: 3.25,
      // (1,200 + 6,500 × 3.25) × 1.03
      price: 22_994.75,
      priceBreakup: { total: 22_994.75 },
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ sku: '' }, 'sku'],
    [{ price: undefined }, 'price'],
    [{ price: -1 }, 'price'],
    [{ price: 1.001 }, 'price'],
    [{ stock: -1 }, 'stock'],
    [{ stock: 1.5 }, 'stock'],
    [{ category: undefined }, 'category'],
    [{ productType: 'PLATINUM' }, 'productType'],
    [{ productType: 'GOLD', metal: null, metalWeight: 2 }, 'metal'],
    [{ productType: 'SILVER', metalWeight: 0 }, 'metalWeight'],
    [{ launchDate: 'tomorrow' }, 'launchDate'],
    [{ vendorPlan: 'GOLD' }, 'vendorPlan'],
  ])('refuses invalid product input %j', async (over, field) => {
    const res = await send('POST', '/api/products', who.products, input(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  it("refuses an MRP product without a metal, created or edited, with 'Please fill all required fields'", async () => {
    const created = await send('POST', '/api/products', who.products, input({ metal: null }));
    expect(created.statusCode).toBe(400);
    expect(created.json().issues).toContainEqual({ path: 'metal', message: MSG.fillAllRequired });
    const saved = await send('POST', '/api/products', who.products, input());
    expect(saved.statusCode).toBe(201);
    const edited = await send('PUT', `/api/products/${saved.json().id}`, who.products, {
      ...input({ name: saved.json().name, sku: saved.json().sku }),
      version: saved.json().version,
      metal: undefined,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().issues).toContainEqual({ path: 'metal', message: MSG.fillAllRequired });
  });

  it('refuses amounts and ids past what the database holds with 400, never 500', async () => {
    expect((await send('POST', '/api/products', who.products, input({ price: 50_000_000 }))).statusCode).toBe(
      400,
    );
    expect(
      (await send('POST', '/api/products', who.products, input({ category: { id: 2 ** 40 } }))).statusCode,
    ).toBe(400);
    const huge = await send(
      'POST',
      '/api/products',
      who.products,
      input({ productType: 'GOLD', metalWeight: 900_000 }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The price is too large');
    // Past 2^53 paise the price cannot even be held exactly: still the same 400.
    const beyond = await send(
      'POST',
      '/api/products',
      who.products,
      input({
        productType: 'GOLD',
        metalWeight: 1_000_000,
        making: { kind: 'PER_GRAM', value: 100_000_000 },
      }),
    );
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('The price is too large');
  });

  it('refuses unknown category or metal with 400', async () => {
    expect(
      (await send('POST', '/api/products', who.products, input({ category: { id: 999999 } }))).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/products', who.products, input({ metal: { id: 999999 } }))).statusCode,
    ).toBe(400);
  });

  it('accepts launch dates with or without offset and milliseconds', async () => {
    for (const launchDate of ['2026-01-02T03:04:05Z', '2026-01-02T03:04', '2026-01-02T03:04:05.000-0300']) {
      expect((await send('POST', '/api/products', who.products, input({ launchDate }))).statusCode).toBe(201);
    }
  });

  it('refuses duplicate names (case-insensitive), SKUs and slugs with 409', async () => {
    const first = (await send('POST', '/api/products', who.products, input())).json();
    const dupName = await send(
      'POST',
      '/api/products',
      who.products,
      input({ name: first.name.toUpperCase() }),
    );
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('Product name already exists');
    expect(
      (await send('POST', '/api/products', who.products, input({ sku: first.sku }))).json().message,
    ).toBe('SKU already exists');
    const slugClash = await send('POST', '/api/products', who.products, input({ name: `${first.name}!` }));
    expect(slugClash.statusCode).toBe(409);
  });

  it('answers whether a name exists, case-insensitively', async () => {
    const p = await createProduct(t.db);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/products/exists/${encodeURIComponent(p.name.toLowerCase())}`,
        })
      ).json(),
    ).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/exists/Nope%20${uid()}` })).json()).toBe(
      false,
    );
  });

  it('updates a product, keeps its own name, and refuses another product’s name', async () => {
    const a = (await send('POST', '/api/products', who.products, input())).json();
    const b = (await send('POST', '/api/products', who.products, input())).json();
    const same = await send(
      'PUT',
      `/api/products/${a.id}`,
      who.products,
      input({ name: a.name, sku: a.sku, tagline: 'Renamed tagline', version: a.version }),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().tagline).toBe('Renamed tagline');
    const taken = await send(
      'PUT',
      `/api/products/${a.id}`,
      who.products,
      input({ name: b.name, sku: a.sku, version: a.version + 1 }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Product name already exists');
    expect(
      (
        await send(
          'PUT',
          `/api/products/${a.id}`,
          who.products,
          input({ sku: b.sku, version: a.version + 1 }),
        )
      ).statusCode,
    ).toBe(409);
    expect((await send('PUT', '/api/products/999999', who.products, input({ version: 1 }))).statusCode).toBe(
      404,
    );
  });

  it('links variants by group id and shows siblings on the single read only', async () => {
    const group = `grp-${uid()}`;
    const a = (
      await send(
        'POST',
        '/api/products',
        who.products,
        input({ variantGroupId: group, variantType: 'Size', variantValue: '6' }),
      )
    ).json();
    const b = (
      await send(
        'POST',
        '/api/products',
        who.products,
        input({ variantGroupId: group, variantType: 'Size', variantValue: '7' }),
      )
    ).json();
    const got = (await t.app.inject({ method: 'GET', url: `/api/products/${a.id}` })).json();
    expect(got.linkedVariants.map((v: { id: number }) => v.id)).toEqual([b.id]);
  });

  it('pages 30 newest first and filters by search, category tree and metal on the server', async () => {
    const cat = await createCategory(t.db);
    const sub = await createCategory(t.db, { parentId: cat.id });
    const silver = await createMetal(t.db);
    const tag = uid();
    for (let i = 0; i < 32; i++)
      await createProduct(t.db, {
        name: `Paged ${tag} ${i}`,
        categoryId: i % 2 ? cat.id : sub.id,
        metalId: i < 5 ? silver.id : null,
      });
    const rated = await createProduct(t.db, { name: `Paged ${tag} rated`, categoryId: sub.id });
    await t.db.insert(reviews).values([
      { productId: rated.id, name: 'A', rating: 5, comment: 'Lovely' },
      { productId: rated.id, name: 'B', rating: 4, comment: 'Nice' },
    ]);

    const p0 = (await t.app.inject({ method: 'GET', url: `/api/products/paged?search=${tag}` })).json();
    expect(p0).toMatchObject({ totalElements: 33, totalPages: 2, size: 30, number: 0 });
    expect(p0.content[0]).toMatchObject({
      id: rated.id,
      averageRating: 4.5,
      reviewCount: 2,
      linkedVariants: [],
    });
    const p1 = (
      await t.app.inject({ method: 'GET', url: `/api/products/paged?search=${tag}&page=1` })
    ).json();
    expect(p1.content).toHaveLength(3);

    const byCat = (
      await t.app.inject({ method: 'GET', url: `/api/products/category?categoryId=${cat.id}&size=100` })
    ).json();
    expect(byCat.totalElements).toBe(33);
    const bySub = (
      await t.app.inject({ method: 'GET', url: `/api/products/paged?categoryId=${sub.id}` })
    ).json();
    expect(bySub.totalElements).toBe(17);
    const byMetal = (
      await t.app.inject({ method: 'GET', url: `/api/products/metalType?metalTypeId=${silver.id}` })
    ).json();
    expect(byMetal.totalElements).toBe(5);
    // Every word of three characters or more, in any order (decision 0095).
    const search = (
      await t.app.inject({ method: 'GET', url: `/api/products/search?keyword=RATED%20${tag}&page=0&size=10` })
    ).json();
    expect(search.content.map((p: { name: string }) => p.name)).toEqual([`Paged ${tag} rated`]);
    const noMatch = (
      await t.app.inject({ method: 'GET', url: `/api/products/search?keyword=${tag}%20unrated` })
    ).json();
    expect(noMatch.totalElements).toBe(0);
  });

  it.each(['page=-1', 'size=0', 'size=101', 'categoryId=abc', 'metalTypeId=0'])(
    'refuses bad paging query %s',
    async (q) => {
      expect((await t.app.inject({ method: 'GET', url: `/api/products/paged?${q}` })).statusCode).toBe(400);
    },
  );

  it('deletes (archives) a product: shoppers get 404 afterwards, deleting again changes nothing', async () => {
    const p = await createProduct(t.db);
    expect((await send('DELETE', `/api/products/${p.id}`, who.products)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${p.id}` })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/products/${p.id}`, who.products)).statusCode).toBe(204);
    expect((await send('DELETE', '/api/products/999999', who.products)).statusCode).toBe(404);
  });

  it('requires MANAGE_PRODUCTS (or SUPER_ADMIN) for changes', async () => {
    const p = await createProduct(t.db);
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.vendorB, 403],
      [who.categories, 403],
      [who.carousel, 403],
      [who.orders, 403],
    ] as const) {
      expect((await send('POST', '/api/products', h, input())).statusCode).toBe(status);
      expect((await send('PUT', `/api/products/${p.id}`, h, input({ version: 1 }))).statusCode).toBe(status);
      expect((await send('DELETE', `/api/products/${p.id}`, h)).statusCode).toBe(status);
    }
    expect((await send('POST', '/api/products', who.superAdmin, input())).statusCode).toBe(201);
  });
});
