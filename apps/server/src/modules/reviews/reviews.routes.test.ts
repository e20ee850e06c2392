import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import sharp from 'sharp';
import type { Review } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct } from '../../../test/factories';

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
    t = await createTestApp({ now: () => clock });
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
