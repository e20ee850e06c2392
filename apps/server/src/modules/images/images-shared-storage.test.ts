import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, multipart } from '../../../test/catalogue-fixtures';
import { startS3Server } from '../../../test/s3-server';

describe('images in shared S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    // The SDK takes credentials from the usual AWS variables, as it would in production (put back
    // after the file: the server project shares one process per worker between files).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    const env = {
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Two processes: each its own DATA_DIR (testConfig makes a fresh one), one bucket between them.
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await s3?.close();
    vi.unstubAllEnvs();
  });

  it('serves an image uploaded through one process from another, with its type and cache headers', async () => {
    const who = await createCallers(first.app, first.db);
    const png = await sharp({
      create: { width: 20, height: 10, channels: 3, background: '#c0a060' },
    })
      .png()
      .toBuffer();
    const body = multipart(png, 'ring.png', 'image/png');
    const up = await first.app.inject({
      method: 'POST',
      url: '/api/image/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...who.products },
    });
    expect(up.statusCode).toBe(201);
    const res = await second.app.inject({ url: `/api/image/${up.body}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');

    const del = await second.app.inject({
      method: 'DELETE',
      url: `/api/image/uploads/${up.body}`,
      headers: (await createCallers(second.app, second.db)).products,
    });
    expect(del.statusCode).toBe(204);
    expect((await first.app.inject({ url: `/api/image/${up.body}` })).statusCode).toBe(404);
  });
});
