import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { STALE_EDIT_MESSAGE, type AdminReview, type Paged, type ReviewedProduct } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, multipart, type Callers } from '../../../test/catalogue-fixtures';
import { createProduct, uid } from '../../../test/factories';
import { reviews } from '../../db/schema';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();

describe('review manager', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const send = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  async function review(productId: number, rating: number, at: string, name = 'Meera') {
    const [row] = await t.db
      .insert(reviews)
      .values({ productId, name, rating, comment: 'Lovely', photos: [], createdAt: new Date(at) })
      .returning();
    return row!;
  }

  async function storedPhoto(): Promise<string> {
    const body = multipart(await png(), 'p.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image/uploads',
      headers: { ...who.superAdmin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.body;
  }

  it('lists reviewed products with average (one decimal), count and last review, most recent review first', async () => {
    const tag = uid();
    const older = await createProduct(t.db, { name: `Older ${tag}`, images: ['a.webp', 'b.webp'] });
    const newer = await createProduct(t.db, { name: `Newer ${tag}` });
    await createProduct(t.db, { name: `Unreviewed ${tag}` });
    await review(older.id, 5, '2030-01-01T10:00:00Z');
    await review(older.id, 4, '2030-01-02T10:00:00Z');
    await review(older.id, 4, '2030-01-03T10:00:00Z');
    await review(newer.id, 3, '2030-02-01T10:00:00Z');

    const res = await send('GET', `/api/reviews/admin/products?search=${tag}&size=10`, who.superAdmin);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Paged<ReviewedProduct>;
    expect(page.totalElements).toBe(2);
    expect(page.content).toEqual([
      {
        productId: newer.id,
        productName: `Newer ${tag}`,
        productImage: null,
        averageRating: 3,
        totalReviews: 1,
        pendingReviews: 0,
        lastReview: '2030-02-01T10:00:00.000Z',
      },
      {
        productId: older.id,
        productName: `Older ${tag}`,
        productImage: 'a.webp',
        averageRating: 4.3,
        totalReviews: 3,
        pendingReviews: 0,
        lastReview: '2030-01-03T10:00:00.000Z',
      },
    ]);
    const second = (
      await send('GET', `/api/reviews/admin/products?search=${tag}&size=1&page=1`, who.superAdmin)
    ).json() as Paged<ReviewedProduct>;
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(second.content.map((p) => p.productId)).toEqual([older.id]);
  });

  it('treats % and _ in the search as literal text', async () => {
    const res = await send('GET', '/api/reviews/admin/products?search=%25%25_', who.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().totalElements).toBe(0);
  });

  it('lists every review newest first with its product id and name', async () => {
    const p = await createProduct(t.db, { name: `Listed ${uid()}` });
    const r = await review(p.id, 2, '2040-01-01T00:00:00Z', 'Newest');
    const page = (await send('GET', '/api/reviews?size=5', who.superAdmin)).json() as Paged<AdminReview>;
    expect(page.content[0]).toMatchObject({
      id: r.id,
      productId: p.id,
      productName: p.name,
      name: 'Newest',
      rating: 2,
    });
    expect(page.totalElements).toBeGreaterThanOrEqual(1);
  });

  it('updates a review with stored photos and keeps its date', async () => {
    const p = await createProduct(t.db);
    const r = await review(p.id, 2, '2030-05-05T05:05:05Z');
    const photo = await storedPhoto();
    const res = await send('PUT', `/api/reviews/${r.id}`, who.superAdmin, {
      version: 1,
      name: ' Asha ',
      rating: 5,
      comment: 'Even better',
      photos: [photo],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: r.id,
      productId: p.id,
      productName: p.name,
      name: 'Asha',
      rating: 5,
      comment: 'Even better',
      photos: [photo],
      date: '2030-05-05T05:05:05.000Z',
      status: 'PUBLISHED',
      verifiedBuyer: false,
      version: 2,
    });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/reviews/product/${p.id}` })).json();
    expect(listed[0]).toMatchObject({ comment: 'Even better', photos: [photo] });
  });

  it('refuses an edit over a newer version (another admin saved or moderated first) with 409 and the newer review', async () => {
    const p = await createProduct(t.db);
    const r = await review(p.id, 2, '2030-05-05T05:05:05Z');
    const edit = (version: unknown, comment: string) =>
      send('PUT', `/api/reviews/${r.id}`, who.superAdmin, { version, name: 'Asha', rating: 4, comment });
    expect((await edit(1, 'First admin')).statusCode).toBe(200);
    const stale = await edit(1, 'Second admin, opened before');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE_EDIT_MESSAGE);
    expect(stale.json().current).toMatchObject({ id: r.id, comment: 'First admin', version: 2 });
    // A moderation is a change too: an edit opened before it is refused.
    expect(
      (await send('PUT', `/api/reviews/${r.id}/status`, who.superAdmin, { status: 'HELD' })).statusCode,
    ).toBe(200);
    expect((await edit(2, 'Opened before the hold')).statusCode).toBe(409);
    expect((await edit(undefined, 'No version')).statusCode).toBe(400);
    const fresh = await edit(3, 'Fresh');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ comment: 'Fresh', version: 4, status: 'HELD' });
  });

  it.each([
    [{ name: '', rating: 5, comment: 'ok' }, 'Name is required'],
    [{ name: 'A', rating: 5, comment: ' ' }, 'Review comment is required'],
    [{ name: 'A', rating: 0, comment: 'ok' }, 'Rating must be 1 to 5'],
    [{ name: 'A', rating: 6, comment: 'ok' }, 'Rating must be 1 to 5'],
    [{ name: 'A', rating: 2.5, comment: 'ok' }, undefined],
    [{ name: 'A', comment: 'ok' }, undefined],
    [
      { name: 'A', rating: 4, comment: 'ok', photos: ['../../etc/passwd'] },
      'Review photos must be uploaded first',
    ],
    [
      { name: 'A', rating: 4, comment: 'ok', photos: ['0123456789abcdef0123456789abcdef.webp'] },
      'Review photos must be uploaded first',
    ],
    [
      { name: 'A', rating: 4, comment: 'ok', photos: Array.from({ length: 6 }, (_, i) => `${i}.webp`) },
      'At most 5 photos',
    ],
  ])('refuses an invalid update %j with 400', async (payload, message) => {
    const p = await createProduct(t.db);
    const r = await review(p.id, 3, '2030-01-01T00:00:00Z');
    const res = await send('PUT', `/api/reviews/${r.id}`, who.superAdmin, { version: 1, ...payload });
    expect(res.statusCode).toBe(400);
    if (message) expect(JSON.stringify(res.json())).toContain(message);
  });

  it('deletes a review with 204, after which it is gone', async () => {
    const p = await createProduct(t.db);
    const r = await review(p.id, 3, '2030-01-01T00:00:00Z');
    expect((await send('DELETE', `/api/reviews/${r.id}`, who.superAdmin)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews/product/${p.id}` })).json()).toEqual([]);
    expect((await send('DELETE', `/api/reviews/${r.id}`, who.superAdmin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown review and 400 for a bad id or page', async () => {
    const body = { version: 1, name: 'A', rating: 4, comment: 'ok' };
    expect((await send('PUT', '/api/reviews/999999', who.superAdmin, body)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/reviews/999999', who.superAdmin)).statusCode).toBe(404);
    expect((await send('PUT', '/api/reviews/abc', who.superAdmin, body)).statusCode).toBe(400);
    expect((await send('DELETE', '/api/reviews/0', who.superAdmin)).statusCode).toBe(400);
    expect((await send('GET', '/api/reviews/admin/products?page=-1', who.superAdmin)).statusCode).toBe(400);
    expect((await send('GET', '/api/reviews?size=1000', who.superAdmin)).statusCode).toBe(400);
  });

  it('requires SUPER_ADMIN for every review manager call', async () => {
    const p = await createProduct(t.db);
    const r = await review(p.id, 3, '2030-01-01T00:00:00Z');
    const body = { version: 1, name: 'A', rating: 4, comment: 'ok' };
    for (const [h, status] of [
      [who.anonymous, 401],
      [who.vendorA, 403],
      [who.vendorB, 403],
      [who.products, 403],
      [who.categories, 403],
      [who.carousel, 403],
      [who.orders, 403],
    ] as const) {
      expect((await send('GET', '/api/reviews/admin/products', h)).statusCode).toBe(status);
      expect((await send('GET', '/api/reviews', h)).statusCode).toBe(status);
      expect((await send('PUT', `/api/reviews/${r.id}`, h, body)).statusCode).toBe(status);
      expect((await send('DELETE', `/api/reviews/${r.id}`, h)).statusCode).toBe(status);
    }
    expect((await send('GET', '/api/reviews', who.superAdmin)).statusCode).toBe(200);
  });
});
