import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import sharp from 'sharp';
import { REVIEW_MESSAGES, type Review } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, uid } from '../../../test/factories';
import { address } from '../../../test/payment-journey';
import { eq } from 'drizzle-orm';
import { orderItems, orders, reviews } from '../../db/schema';

let clock = new Date('2026-01-01T10:00:00Z');

function multipart(content: Buffer, filename = 'photo.png') {
  const boundary = '----zevartest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();

describe('reviews', () => {
  let t: TestApp;
  let productId: number;
  const upload = async (body: Buffer, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/image/review-uploads', remoteAddress: ip, ...multipart(body) });
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/reviews', payload: payload as object });

  beforeAll(async () => {
    // These tests add several reviews of one product from one address and read them back at once.
    t = await createTestApp({
      now: () => clock,
      env: { REVIEW_MODERATION: 'false', MAX_REVIEWS_PER_PRODUCT_PER_CLIENT: '1000' },
    });
    productId = (await createProduct(t.db)).id;
  });
  afterAll(async () => t.close());

  it('adds a review with uploaded photos, dated by the server, and lists it newest first', async () => {
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await upload(await png(), '10.0.1.1');
      expect(res.statusCode).toBe(201);
      expect(res.body).toMatch(/^[a-f0-9]{32}\.webp$/);
      names.push(res.body);
    }
    const res = await post({
      productId,
      name: 'Meera',
      rating: 5,
      comment: 'Beautiful finish',
      photos: names,
      date: '1999-01-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      productId,
      name: 'Meera',
      rating: 5,
      photos: names,
      date: clock.toISOString(),
    });
    clock = new Date(clock.getTime() + 60_000);
    await post({ productId, name: 'Ravi', rating: 4, comment: 'Nice' });
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}` })
    ).json() as Review[];
    expect(list.map((r) => r.name).slice(0, 2)).toEqual(['Ravi', 'Meera']);
  });

  it.each([
    [{ name: '', rating: 5, comment: 'ok' }, 'Name is required'],
    [{ name: 'A', rating: 5, comment: '  ' }, 'Review comment is required'],
    [{ name: 'A', rating: 0, comment: 'ok' }, 'Rating must be 1 to 5'],
    [{ name: 'A', rating: 6, comment: 'ok' }, 'Rating must be 1 to 5'],
    [{ name: 'A', rating: 3.5, comment: 'ok' }, undefined],
    [{ name: 'A', comment: 'ok' }, undefined],
  ])('refuses an invalid review %o with 400', async (body, message) => {
    const res = await post({ productId, ...body });
    expect(res.statusCode).toBe(400);
    if (message) expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses photos that are not images stored by this server, and more than five', async () => {
    for (const photos of [
      ['../../etc/passwd'],
      ['https://evil.example/x.png'],
      ['0123456789abcdef0123456789abcdef.webp'],
    ]) {
      const res = await post({ productId, name: 'A', rating: 4, comment: 'ok', photos });
      expect(res.statusCode).toBe(400);
    }
    const six = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.webp`);
    expect((await post({ productId, name: 'A', rating: 4, comment: 'ok', photos: six })).statusCode).toBe(
      400,
    );
  });

  it('answers 404 for a review of an unknown product and 400 for a bad product id', async () => {
    expect((await post({ productId: 999999, name: 'A', rating: 4, comment: 'ok' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews/product/abc' })).statusCode).toBe(400);
  });

  it('refuses a non-image review upload by its content', async () => {
    const res = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), '10.0.2.1');
    expect(res.statusCode).toBe(415);
  });

  it('limits review uploads to 20 per 10 minutes per client address with 429', async () => {
    // The limiter (@fastify/rate-limit) keeps its own time: only Date is faked, so it can move on.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const image = await png();
    for (let i = 0; i < 20; i++) expect((await upload(image, '10.0.3.1')).statusCode).toBe(201);
    const limited = await upload(image, '10.0.3.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many photo uploads'),
    });
    expect((await upload(image, '10.0.3.2')).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await upload(image, '10.0.3.1')).statusCode).toBe(201);
  });
});

describe('review moderation and the per-client limit (the defaults)', () => {
  let t: TestApp;
  let superAdmin: Record<string, string>;
  let shop: string;
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = (await createAdminUser(t.app, t.db, ['SUPER_ADMIN'])).headers;
    shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
  });
  afterAll(async () => t.close());

  const post = (payload: object, remoteAddress = '198.51.100.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/reviews', payload, remoteAddress, headers });
  const shown = async (productId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}` })).json() as Review[];
  const rating = async (slug: string) => {
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/products/slug/${slug}?vendorSlug=${shop}` })
    ).json();
    return { averageRating: page.averageRating, reviewCount: page.reviewCount };
  };
  const moderate = (id: number, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/reviews/${id}/status`,
      headers: superAdmin,
      payload: { status },
    });

  it('holds a new review for moderation until a review manager publishes it, and can hold it again', async () => {
    const product = await createProduct(t.db);
    const res = await post({ productId: product.id, name: 'Meera', rating: 4, comment: 'Lovely' });
    expect(res.statusCode).toBe(201);
    const review = res.json() as Review;
    expect(review).toMatchObject({ status: 'PENDING' });
    expect(await shown(product.id)).toEqual([]);
    expect(await rating(product.slug)).toMatchObject({ reviewCount: 0 });

    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/reviews?status=PENDING&size=100',
      headers: superAdmin,
    });
    expect(waiting.json().content.map((r: Review) => r.id)).toContain(review.id);

    expect((await moderate(review.id, 'PUBLISHED')).json()).toMatchObject({ status: 'PUBLISHED' });
    expect((await shown(product.id)).map((r) => r.id)).toEqual([review.id]);
    expect(await rating(product.slug)).toEqual({ averageRating: 4, reviewCount: 1 });

    expect((await moderate(review.id, 'HELD')).statusCode).toBe(200);
    expect(await shown(product.id)).toEqual([]);
    expect(await rating(product.slug)).toMatchObject({ reviewCount: 0 });
  });

  it('60 anonymous one-star reviews do not change the shown rating', async () => {
    const product = await createProduct(t.db);
    const first = await post(
      { productId: product.id, name: 'Asha', rating: 5, comment: 'Superb' },
      '198.51.100.9',
    );
    await moderate((first.json() as Review).id, 'PUBLISHED');
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post({ productId: product.id, name: `Bot ${i}`, rating: 1, comment: 'Bad' }, `203.0.113.${i + 1}`),
      ),
    );
    expect(flood.every((r) => r.statusCode === 201 && r.json().status === 'PENDING')).toBe(true);
    expect(await rating(product.slug)).toEqual({ averageRating: 5, reviewCount: 1 });
    expect((await shown(product.id)).map((r) => r.rating)).toEqual([5]);
  });

  it('takes one review of a product per client network a day: an IPv6 /64 is one client and a spoofed header changes nothing', async () => {
    const product = await createProduct(t.db);
    const body = { productId: product.id, name: 'Ravi', rating: 1, comment: 'Bad' };
    const sameAddress = await Promise.all(Array.from({ length: 10 }, () => post(body, '192.0.2.50')));
    expect(sameAddress.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(sameAddress.filter((r) => r.statusCode === 429)).toHaveLength(9);
    expect(sameAddress.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: REVIEW_MESSAGES.tooMany,
    });
    // It says when the client may write again: when its review of today is a day old.
    const wait = Number(sameAddress.find((r) => r.statusCode === 429)!.headers['retry-after']);
    expect(wait).toBeGreaterThan(86_400 - 60);
    expect(wait).toBeLessThanOrEqual(86_400);

    const spoofed = await post(body, '192.0.2.50', { 'x-forwarded-for': '192.0.2.99' });
    expect(spoofed.statusCode).toBe(429);

    expect((await post(body, '2001:db8:aa:bb::1')).statusCode).toBe(201);
    expect((await post(body, '2001:db8:aa:bb:ffff:1:2:3')).statusCode).toBe(429);
    expect((await post(body, '2001:db8:aa:bc::1')).statusCode).toBe(201);

    // Another product from the same address is a new review.
    const other = await createProduct(t.db);
    expect((await post({ ...body, productId: other.id }, '192.0.2.50')).statusCode).toBe(201);
  });

  it('marks a review from the email of a paid order for the product as from a verified buyer', async () => {
    const product = await createProduct(t.db);
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNumber: `ORD-${uid()}`,
        vendorSlug: 'zevar',
        customerName: 'Asha Rao',
        customerEmail: 'Asha.Rao@example.in',
        customerPhone: '9876543210',
        shippingAddress: address,
        totalAmountPaise: 150_000,
        finalAmountPaise: 150_000,
        status: 'CONFIRMED',
        paymentStatus: 'CAPTURED',
        paymentDate: new Date(),
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productSku: product.sku,
      productName: product.name,
      quantity: 1,
      priceAtTimePaise: 150_000,
      totalPricePaise: 150_000,
    });
    const body = { productId: product.id, name: 'Asha', rating: 5, comment: 'As promised' };
    // The answer does not say whether the email bought the piece (anyone could type a buyer's email
    // to find out: issue 21 item 3); the review keeps the mark for the moderator and, once published,
    // the list.
    const marked = async (res: { json: () => { id: number } }) => {
      expect(res.json()).not.toHaveProperty('verifiedBuyer');
      const [row] = await t.db
        .select({ verifiedBuyer: reviews.verifiedBuyer })
        .from(reviews)
        .where(eq(reviews.id, res.json().id));
      return row!.verifiedBuyer;
    };
    const verified = await post({ ...body, email: 'asha.rao@example.in' }, '198.51.100.20');
    expect(verified.json()).toMatchObject({ status: 'PENDING' });
    expect(await marked(verified)).toBe(true);
    const stranger = await post({ ...body, email: 'someone@example.in' }, '198.51.100.21');
    expect(await marked(stranger)).toBe(false);
    const otherProduct = await createProduct(t.db);
    const wrongProduct = await post(
      { ...body, productId: otherProduct.id, email: 'asha.rao@example.in' },
      '198.51.100.22',
    );
    expect(await marked(wrongProduct)).toBe(false);
    expect((await post({ ...body, email: 'not-an-email' }, '198.51.100.23')).statusCode).toBe(400);
  });

  it('publishes a review written by a review manager at once, without the per-client limit', async () => {
    const product = await createProduct(t.db);
    for (let i = 0; i < 2; i++) {
      const res = await post(
        { productId: product.id, name: 'Shop', rating: 5, comment: 'Note' },
        '198.51.100.30',
        superAdmin,
      );
      expect(res.json()).toMatchObject({ status: 'PUBLISHED' });
    }
    expect(await shown(product.id)).toHaveLength(2);
  });
});

describe('reviews of many products from one client network (attack pass 3)', () => {
  let t: TestApp;
  let superAdmin: Record<string, string>;
  beforeAll(async () => {
    // The default of env.ts, set explicitly (the shared test config turns the limit off).
    t = await createTestApp({ env: { MAX_REVIEWS_PER_CLIENT_PER_HOUR: '10' } });
    superAdmin = (await createAdminUser(t.app, t.db, ['SUPER_ADMIN'])).headers;
  });
  afterAll(async () => t.close());

  const post = (productId: number, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { productId, name: 'Flood', rating: 1, comment: 'Bad' },
      remoteAddress,
      headers,
    });

  it('takes 10 reviews an hour from one network, one per product or not; an IPv6 /64 is one network', async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => createProduct(t.db)));
    for (let i = 0; i < 10; i++) {
      expect((await post(products[i]!.id, `2001:db8:cc:1:${i + 1}::9`)).statusCode).toBe(201);
    }
    const eleventh = await post(products[10]!.id, '2001:db8:cc:1:ffff::1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: REVIEW_MESSAGES.tooManyFromNetwork,
    });
    // Another network is another client; a review manager writing from the same one is not counted.
    expect((await post(products[10]!.id, '2001:db8:cc:2::1')).statusCode).toBe(201);
    const byManager = await post(products[11]!.id, '2001:db8:cc:1::5', superAdmin);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toMatchObject({ status: 'PUBLISHED' });
  });
});
