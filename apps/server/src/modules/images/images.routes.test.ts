import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, multipart, type Callers } from '../../../test/catalogue-fixtures';
import { createLocalStorage } from '../../lib/blob-storage';
import { createImageStore } from '../../lib/image-store';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 150, b: 20 } } })
    .png()
    .toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c0a060' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
    .toBuffer();

describe('images', () => {
  let t: TestApp;
  let who: Callers;
  // The app's own image store, so a test can wait for the copies it encodes in the background.
  const images = createImageStore(createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'zevar-images-'))));
  beforeAll(async () => {
    t = await createTestApp({ images });
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const upload = (body: ReturnType<typeof multipart>, headers: Record<string, string> = who.products) =>
    t.app.inject({
      method: 'POST',
      url: '/api/image/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });

  it('stores a PNG as WebP under a server-chosen name and serves it with long cache headers', async () => {
    const res = await upload(multipart(await png(), '../../evil name.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const name = res.body;
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    const get = await t.app.inject({ method: 'GET', url: `/api/image/${name}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/webp');
    expect(get.headers['cache-control']).toContain('max-age=31536000');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(get.rawPayload).metadata();
    expect(meta.format).toBe('webp');
  });

  it('strips metadata and bounds the dimensions of a large JPEG', async () => {
    const res = await upload(multipart(await jpegWithExif(), 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    const get = await t.app.inject({ method: 'GET', url: `/api/image/${res.body}` });
    const meta = await sharp(get.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(2000);
    expect(meta.exif).toBeUndefined();
    expect(get.rawPayload.toString('latin1')).not.toContain('secret-location-data');
  });

  it('serves narrower WebP copies for srcset widths, made once and kept, and refuses other widths', async () => {
    const res = await upload(multipart(await jpegWithExif(), 'wide.jpg', 'image/jpeg'));
    const name = res.body;
    for (const w of [320, 640, 960, 1280]) {
      const get = await t.app.inject({ method: 'GET', url: `/api/image/${name}?w=${w}` });
      expect(get.statusCode).toBe(200);
      expect(get.headers['cache-control']).toContain('immutable');
      const meta = await sharp(get.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w });
    }
    const again = await t.app.inject({ method: 'GET', url: `/api/image/${name}?w=320` });
    expect((await sharp(again.rawPayload).metadata()).width).toBe(320);
    expect((await t.app.inject({ method: 'GET', url: `/api/image/${name}?w=333` })).statusCode).toBe(400);
    const small = await upload(multipart(await png(), 'small.png', 'image/png'));
    const narrow = await t.app.inject({ method: 'GET', url: `/api/image/${small.body}?w=640` });
    expect((await sharp(narrow.rawPayload).metadata()).width).toBe(40);
  });

  it('serves AVIF width copies to browsers that take them, made once in the background', async () => {
    const photo = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(2)
      .jpeg()
      .toBuffer();
    const res = await upload(multipart(photo, 'avif.jpg', 'image/jpeg'));
    const url = `/api/image/${res.body}?w=320`;
    const accept = 'image/avif,image/webp,*/*';
    const first = await t.app.inject({ method: 'GET', url, headers: { accept } });
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers.vary).toBe('Accept');
    // Not the final answer for this browser: cached briefly, so it picks up the AVIF copy.
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    await images.settled();
    const second = await t.app.inject({ method: 'GET', url, headers: { accept } });
    expect(second.headers['content-type']).toBe('image/avif');
    expect(second.headers['cache-control']).toContain('immutable');
    expect(await sharp(second.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 320 });
    expect(second.rawPayload.length).toBeLessThan(first.rawPayload.length);
    // A browser without AVIF still gets WebP, for good.
    const old = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/webp,*/*' } });
    expect(old.headers['content-type']).toBe('image/webp');
    expect(old.headers['cache-control']).toContain('immutable');
  });

  it('refuses a text file renamed .jpg', async () => {
    const res = await upload(
      multipart(Buffer.from('just some text, not an image'), 'photo.jpg', 'image/jpeg'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only JPEG, PNG and WebP images are allowed');
  });

  it('refuses an SVG even when declared as an image', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const res = await upload(multipart(Buffer.from(svg), 'logo.svg', 'image/svg+xml'));
    expect(res.statusCode).toBe(415);
  });

  it('never stores the HTML of a JPEG/HTML polyglot', async () => {
    const html = '<html><script>alert(document.cookie)</script></html>';
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]);
    const refused = await upload(multipart(fakeJpeg, 'x.jpg', 'image/jpeg'));
    expect(refused.statusCode).toBe(415);

    const realJpegWithHtml = Buffer.concat([
      await sharp(await png())
        .jpeg()
        .toBuffer(),
      Buffer.from(html),
    ]);
    const res = await upload(multipart(realJpegWithHtml, 'x.jpg', 'image/jpeg'));
    if (res.statusCode === 201) {
      const get = await t.app.inject({ method: 'GET', url: `/api/image/${res.body}` });
      expect(get.rawPayload.toString('latin1')).not.toContain('<script>');
    } else {
      expect(res.statusCode).toBe(415);
    }
  });

  it('refuses an empty file', async () => {
    const res = await upload(multipart(Buffer.alloc(0), 'empty.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is empty');
  });

  it('answers 413 for a file past the size limit', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(multipart(big, 'big.png', 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is too large (at most 5 MB)',
    });
  });

  it('answers 400 when the field is not called file, and 415 for a non-multipart request', async () => {
    expect((await upload(multipart(await png(), 'a.png', 'image/png', 'photo'))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/image/uploads',
      payload: { file: 'x' },
      headers: who.products,
    });
    expect(json.statusCode).toBe(415);
  });

  it('lets only signed-in admins with a catalogue permission upload', async () => {
    const body = multipart(await png(), 'a.png', 'image/png');
    expect((await upload(body, who.anonymous)).statusCode).toBe(401);
    expect((await upload(body, who.vendorA)).statusCode).toBe(403);
    expect((await upload(body, who.orders)).statusCode).toBe(403);
    for (const h of [who.products, who.categories, who.carousel, who.superAdmin]) {
      expect((await upload(body, h)).statusCode).toBe(201);
    }
  });

  it('refuses path tricks on read and delete', async () => {
    for (const name of [
      '..%2F..%2Fpackage.json',
      '..%2f..%2f..%2fetc%2fpasswd',
      '%2e%2e%2fsecret',
      'abc.webp',
      `${'a'.repeat(32)}.webp%00.png`,
    ]) {
      // A NUL byte is refused as invalid input (400) before any lookup; the others are simply not found.
      const refused = name.includes('%00') ? 400 : 404;
      expect((await t.app.inject({ method: 'GET', url: `/api/image/${name}` })).statusCode).toBe(refused);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/image/uploads/${name}`,
        headers: who.products,
      });
      expect(del.statusCode).toBe(refused);
    }
  });

  it('deletes an uploaded image for a catalogue admin only', async () => {
    const name = (await upload(multipart(await png(), 'a.png', 'image/png'))).body;
    const url = `/api/image/uploads/${name}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: who.vendorB })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: who.carousel })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/image/${name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: who.carousel })).statusCode).toBe(404);
  });
});
