import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCallers, multipart, type Callers } from '../../test/catalogue-fixtures';

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#c0a060' } })
    .png()
    .toBuffer();

/*
 * Decision 0096: multipart bodies are parsed only in the scopes of the routes that take a file (each
 * route file's tests upload through it); the rest of the API, the storefront's reads included, runs
 * none of the upload plugin's hooks, and refuses a multipart body as a type it does not take.
 */
describe('uploads', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  it('are taken by an upload route, and refused (415, the error shape) by a route that takes JSON', async () => {
    const image = multipart(await png(), 'ring.png', 'image/png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/image/uploads',
      payload: image.payload,
      headers: { ...image.headers, ...who.products },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.body).toMatch(/\.webp$/);

    const elsewhere = multipart(await png(), 'ring.png', 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: elsewhere.payload,
      headers: elsewhere.headers,
    });
    expect(refused.statusCode, refused.body).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
